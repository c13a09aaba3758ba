import { randomBytes } from 'node:crypto';
import path from 'node:path';
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

test('a seller publishes from review to the sandbox store, sees it Published and in the store admin', async ({
  page,
  user: _user,
}) => {
  // One photo drafted by the embedded analyzer, a store connected, two publishes: give it time.
  test.setTimeout(150_000);
  const shop = `pub-${randomBytes(4).toString('hex')}.myshopify.com`;

  await page.goto('/create');
  await page
    .locator('input[type=file]')
    .setInputFiles(path.resolve('../shared/fixtures/photos/home-mug-stoneware.jpg'));
  await expect(page).toHaveURL(/\/productlibrary$/);
  const title = page.getByLabel('Product name', { exact: true });
  await expect(title).toHaveCount(1, { timeout: 90_000 });

  // No store yet: the publish dialog offers to connect one.
  await page.getByRole('button', { name: 'Publish to Shopify' }).click();
  let dialog = page.getByRole('dialog', { name: 'Publish to Shopify' });
  await dialog.getByRole('button', { name: 'Connect a Shopify store' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await connect.getByLabel('Store domain').fill(shop);
  await connect.getByRole('button', { name: 'Connect store' }).click();
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(
    page.getByText(`Your Shopify store ${shop} is now connected!`, { exact: false }),
  ).toBeVisible();

  await page.goto('/productlibrary');
  await title.fill('Stoneware Mug, Speckled');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish to Shopify' }).click();
  dialog = page.getByRole('dialog', { name: 'Publish to Shopify' });
  await expect(dialog.getByRole('radio', { name: shop })).toBeChecked();
  await dialog.getByRole('radio', { name: /Active/ }).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  // The drafted category is not a sure one, so no price either: asked first, as downloads ask.
  await expect(
    dialog.getByText('1 of 1 product still needs attention. Publish anyway?'),
  ).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Products that need attention' }).getByRole('listitem'),
  ).toHaveText(['Stoneware Mug, SpeckledNeeds: a sure category, a price']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The card asks 'What is this?': one of its kinds confirms the category (the typed name stays).
  await page.getByRole('group', { name: 'What is this?' }).getByRole('button').first().click();
  await expect(page.getByText('1 of 1 ready to publish')).toBeVisible({ timeout: 30_000 });
  await expect(title).toHaveValue('Stoneware Mug, Speckled');

  await page.getByRole('button', { name: 'Publish to Shopify' }).click();
  await expect(dialog.getByRole('radio', { name: /Active/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(
    page.getByText('Products has been published to shopify successfully!'),
  ).toBeVisible();
  await expect(dialog.getByText('All products published successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card says where it went, and links to the product in the (sandbox) store's admin.
  const card = page.getByRole('article');
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await expect(card.getByText(`to ${shop.replace('.myshopify.com', '')}`)).toBeVisible();
  const admin = card.getByRole('link', { name: 'View in Shopify admin' });
  const href = await admin.getAttribute('href');
  expect(href).toMatch(new RegExp(`^/sandbox/shopify/${shop}/admin/products#product-\\d+$`));

  // Re-publishing updates the same product.
  await title.fill('Stoneware Mug, Speckled Glaze');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publish to Shopify' }).click();
  // The dialog remembers the last status; this time as a draft (nothing to ask: it is ready).
  await expect(dialog.getByRole('radio', { name: /Active/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /Draft/ }).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('All products published successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await admin.getAttribute('href')).toBe(href);

  await page.goto(href!);
  await expect(
    page.getByText('Test mode: this is Listsmith’s sandbox store, not Shopify'),
  ).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Stoneware Mug, Speckled Glaze');
  await expect(rows.first()).toContainText('Draft');
  const image = rows.first().getByRole('img');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
