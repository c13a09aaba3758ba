import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import { expect, test } from './fixtures';
import { e2eServerEnv } from './server-env';
import { nameProduct } from './support';

const PHOTOS = ['accessories-belt-leather.jpg', 'apparel-hat-straw.jpg'].map((name) =>
  path.resolve('../shared/fixtures/photos', name),
);

/** Gives the seller's first product two sizes (variants as the card's editor saves them). */
async function addVariants(userId: string): Promise<string> {
  const database = openDatabase(loadConfig(e2eServerEnv).database);
  try {
    const product = await database.db
      .selectFrom('products')
      .select(['id', 'title'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('products')
      .set({
        variants: JSON.stringify({
          options: [{ name: 'Size', values: ['Small', 'Large'] }],
          rows: [
            { values: ['Small'], price: 18, sku: '', barcode: null },
            { values: ['Large'], price: 24, sku: '', barcode: null },
          ],
        }),
      })
      .where('id', '=', product.id)
      .execute();
    return product.title;
  } finally {
    await database.db.destroy();
  }
}

test('a seller connects the sandbox WooCommerce store, publishes two products and sees them in its admin', async ({
  page,
  user,
  browser,
}) => {
  // Two photos drafted by the embedded analyzer, a connection and two publishes.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const host = `e2e-${randomBytes(4).toString('hex')}.example`;

  await page.goto('/account');
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: 'WooCommerce stores' }),
  });
  await expect(card.getByText('No store connected yet.')).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: 'Connect a WooCommerce store' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect your WooCommerce store' });
  await connect.getByLabel('Store address').fill('not a store');
  await connect.getByRole('button', { name: 'Connect store' }).click();
  await expect(
    connect.getByText('Enter your store’s address, like https://shop.example.com.'),
  ).toBeVisible();
  await connect.getByLabel('Store address').fill(host);
  await connect.getByRole('button', { name: 'Connect store' }).click();

  await expect(page).toHaveURL(/\/sandbox\/woocommerce\/authorize\?/);
  // A page of its own (a lazily loaded chunk): slow on a loaded machine.
  await expect(
    page.getByText('Test mode: this is Listsmith’s sandbox store, not a WooCommerce store'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByRole('heading', { name: `Listsmith would like to connect to https://${host}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(
    page.getByText(`Your WooCommerce store ${host} is now connected!`, { exact: false }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.search === '');
  await expect(card.getByText(`https://${host}`)).toBeVisible();

  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles(PHOTOS);
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(2, {
    timeout: 120_000,
  });
  // Never sent without a name (the analyzer may be unsure of either photo).
  const cards = page.getByRole('article');
  // Each card's checkbox is labelled by its name, or its photo's file name while it has none.
  const cardOf = (word: RegExp) =>
    cards.filter({ has: page.getByRole('checkbox', { name: word }) });
  await nameProduct(cardOf(/belt/i), 'leather belt');
  await nameProduct(cardOf(/hat/i), 'straw hat');
  const variable = await addVariants(user.id);
  await page.reload();
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(2, {
    timeout: 30_000,
  });

  await page.getByRole('button', { name: 'Publish to WooCommerce' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to WooCommerce' });
  await expect(dialog.getByRole('radio', { name: `https://${host}` })).toBeChecked();
  await dialog.getByRole('radio', { name: /Published/ }).check();
  await expect(dialog.getByText(/Sandbox store: nothing leaves Listsmith/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('woocommerce-publish-dialog.png') });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  // A product that still needs attention is asked about first, as the Shopify dialog asks.
  const anyway = dialog.getByRole('button', { name: 'Publish anyway' });
  await expect(anyway.or(dialog.getByText('All products published successfully!'))).toBeVisible({
    timeout: 60_000,
  });
  if (await anyway.isVisible()) await anyway.click();
  await expect(dialog.getByText('All products published successfully!')).toBeVisible({
    timeout: 30_000,
  });
  const admin = dialog.getByRole('link', { name: 'View in WooCommerce' }).first();
  const href = await admin.getAttribute('href');
  expect(href).toMatch(/^\/sandbox\/woocommerce\/admin\?store=.+#product-\d+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto(href!);
  await expect(
    page.getByText('Test mode: this is Listsmith’s sandbox store, not a WooCommerce store'),
  ).toBeVisible({ timeout: 20_000 });
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  const variableRow = rows.filter({ hasText: variable });
  await expect(variableRow).toContainText('Variable product');
  await expect(variableRow.getByRole('list', { name: `Variations of ${variable}` })).toHaveText(
    'Size: Small — 18.00Size: Large — 24.00',
  );
  await expect(rows.filter({ hasText: 'Simple product' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Published' })).toHaveCount(2);
  const image = rows.first().getByRole('img');
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('woocommerce-sandbox-admin.png') });

  // The Google feed finds both by their WooCommerce pages, with no address template set.
  await page.goto('/account');
  const feed = page.locator('#google-feed');
  await expect(feed.getByText('2 products are in the feed.')).toBeVisible({ timeout: 20_000 });
  await feed.getByRole('button', { name: 'Make a feed address' }).click();
  const xmlUrl = (await feed.getByLabel('Feed address (XML)').textContent())!;
  // Opened as Merchant Center would: no session.
  const merchantCenter = await browser.newContext();
  const answer = await merchantCenter.request.get(xmlUrl);
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  await merchantCenter.close();
  expect(xml).toContain('<g:title>Straw Hat</g:title>');
  expect(xml).toContain(`<g:link>https://${host}/product/straw-hat/</g:link>`);
  // The variable product: one item per variation, grouped, each linking to its page.
  expect(xml).toMatch(/<g:title>Leather Belt - Small<\/g:title>/);
  expect(xml).toContain(`<g:link>https://${host}/product/leather-belt/</g:link>`);
});
