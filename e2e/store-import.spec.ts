import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { makePremium } from './support';

test('a Premium seller imports the sandbox Shopify store’s catalogue and filters what it lacks', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  await makePremium(user.id);
  await page.setViewportSize({ width: 1366, height: 900 });
  const shop = `import-${randomBytes(4).toString('hex')}.myshopify.com`;

  await page.goto('/account');
  const stores = page.locator('section', {
    has: page.getByRole('heading', { name: 'Shopify stores' }),
  });
  await stores.getByRole('button', { name: 'Connect a Shopify store' }).click({ timeout: 20_000 });
  const connect = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await connect.getByLabel('Store domain').fill(shop);
  await connect.getByRole('button', { name: 'Connect store' }).click();
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByText(`Your Shopify store ${shop} is now connected!`)).toBeVisible();

  await page.goto('/library');
  await page.getByRole('button', { name: 'Import products' }).click();
  const panel = page.getByRole('region', { name: 'Import products' });
  await panel.getByRole('button', { name: 'Import from Shopify' }).click();
  await expect(
    panel.getByText(
      new RegExp(`^${shop} \\(Shopify store\\): 24 created · 0 updated · 0 skipped$`),
    ),
  ).toBeVisible({ timeout: 60_000 });
  const bar = page.getByRole('region', { name: 'Library actions' });
  await expect(bar.getByRole('status')).toHaveText('All 24 products in your library');

  // What the store's products lack, a filter each.
  const filter = page
    .getByRole('group', { name: 'Show products lacking' })
    .getByRole('button', { name: /^No tags · \d+$/ });
  const count = Number(/(\d+)$/.exec((await filter.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(24);
  await filter.click();
  await expect(bar.getByRole('status')).toHaveText(
    `All ${count} ${count === 1 ? 'product' : 'products'} with no tags`,
  );
  await page.screenshot({ path: test.info().outputPath('store-import.png') });

  // Imported again: the same products are updated, none doubled.
  await page.getByRole('button', { name: 'Import products' }).click();
  await panel.getByRole('button', { name: 'Import from Shopify' }).click();
  await expect(
    panel.getByText(
      new RegExp(`^${shop} \\(Shopify store\\): 0 created · 24 updated · 0 skipped$`),
    ),
  ).toBeVisible({ timeout: 60_000 });
});
