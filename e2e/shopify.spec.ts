import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';

test('a seller connects the sandbox store, sees the notice once, and disconnects it', async ({
  page,
  user: _user,
}) => {
  // Seven page loads through the whole connection: more than the default 30 s on a busy machine.
  test.slow();
  const shop = `e2e-${randomBytes(4).toString('hex')}.myshopify.com`;
  const notice = `Your Shopify store ${shop} is now connected! You can start publishing your products.`;

  await page.goto('/account');
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: 'Shopify stores' }),
  });
  // The account page loads the profile and billing state first (slow on a loaded machine).
  await expect(card.getByText('No store connected yet.')).toBeVisible({ timeout: 20_000 });

  await card.getByRole('button', { name: 'Connect a Shopify store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await dialog.getByLabel('Store domain').fill('evil.com/x.myshopify.com');
  await dialog.getByRole('button', { name: 'Connect store' }).click();
  await expect(
    dialog.getByText('Please enter a valid Shopify store domain (e.g. your-store.myshopify.com)'),
  ).toBeVisible();
  await dialog.getByLabel('Store domain').fill(`https://${shop.toUpperCase()}/admin/products`);
  await dialog.getByRole('button', { name: 'Connect store' }).click();

  // The sandbox store's consent page, clearly a test.
  await expect(page).toHaveURL(/\/sandbox\/shopify\/authorize\?/);
  await expect(
    page.getByText('Test mode: this is Listsmith’s sandbox store, not Shopify'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Install Listsmith on ${shop}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Install' }).click();

  // Back through the signed callback: the notice on /create, then the parameter is gone.
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/create' && url.search === '');

  // Once per store: the same address again shows nothing.
  await page.goto(`/create?shop_connected=${shop}`);
  await expect(page).toHaveURL((url) => url.pathname === '/create' && url.search === '');
  await expect(page.getByText(notice)).toHaveCount(0);

  await page.goto('/account');
  await expect(card.getByText(shop)).toBeVisible();
  await card.getByRole('button', { name: `Disconnect ${shop}` }).click();
  await expect(card.getByText('No store connected yet.')).toBeVisible();
  await page.reload();
  await expect(card.getByText('No store connected yet.')).toBeVisible();
  await expect(card.getByText(shop)).toHaveCount(0);
});
