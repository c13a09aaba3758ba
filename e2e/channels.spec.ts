import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import { expect, test } from './fixtures';
import { e2eServerEnv } from './server-env';

/**
 * Issue 26, seen by a seller: each card says what each channel still needs, condition is set on
 * the card, the library downloads a WooCommerce CSV (one row per variation), and the Google feed's
 * private address, opened without a session, lists the products.
 */
const SHOTS = path.resolve('test-results/channels');

/** A premium seller with two library products, one with variants. */
async function seed(userId: string): Promise<void> {
  const database = openDatabase(loadConfig(e2eServerEnv).database);
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  const product = (title: string, minute: number, variants?: object) => ({
    id: randomUUID(),
    userId,
    imageId: randomUUID(),
    fileName: 'seeded.jpg',
    title,
    description: `${title}, made by hand.`,
    tags: '[]',
    priceCents: 2400,
    priceLowCents: null,
    priceHighCents: null,
    priceBasis: null,
    categoryId: 'gid://shopify/TaxonomyCategory/hg-11-10-5-6',
    categoryFullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs',
    categoryConfidence: 0.9,
    attributes: null,
    generationState: 'ready' as const,
    generationErrorCode: null,
    generationErrorMessage: null,
    generationRetryable: null,
    creditBucket: null,
    creditState: 'spent' as const,
    barcode: null,
    status: 'saved' as const,
    inReview: 0,
    savedAt: at(minute),
    libraryAddedAt: at(minute),
    createdAt: at(minute),
    updatedAt: at(minute),
    variants: JSON.stringify(variants ?? { options: [], rows: [] }),
  });
  try {
    await database.db
      .updateTable('users')
      .set({ planName: 'premium' })
      .where('id', '=', userId)
      .execute();
    await database.db
      .insertInto('products')
      .values([
        product('Stoneware Mug', 1),
        product('Linen Apron', 2, {
          options: [{ name: 'Size', values: ['S', 'M'] }],
          rows: [
            { values: ['S'], price: null, sku: 'APRON-S', barcode: null },
            { values: ['M'], price: 26, sku: 'APRON-M', barcode: null },
          ],
        }),
      ])
      .execute();
  } finally {
    await database.db.destroy();
  }
}

test('channels: what each needs, a WooCommerce CSV from the library, the Google feed address', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(120_000);
  await seed(user.id);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto('/library');
  const apron = page.getByRole('article', { name: 'Linen Apron' });
  // The first load of the app on a busy machine can take a while.
  await expect(apron.getByText('Google needs: brand or GTIN, condition')).toBeVisible({
    timeout: 30_000,
  });
  await apron.getByLabel('Condition').selectOption('used');
  await expect(apron.getByText('Google needs: brand or GTIN')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'library-channel-needs.png') });

  // The library's WooCommerce file: a simple product, and a variable one with its variations.
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('region', { name: 'Library actions' })
    .getByRole('button', { name: 'Download WooCommerce CSV' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('woocommerce-products.csv');
  const rows = parse(readFileSync((await download.path())!, 'utf8'), {
    columns: true,
  }) as Record<string, string>[];
  expect(rows.map((row) => [row.Type, row.Name, row['Regular price'], row.Parent])).toEqual([
    ['variable', 'Linen Apron', '', ''],
    ['variation', 'Linen Apron - S', '24.00', 'linen-apron'],
    ['variation', 'Linen Apron - M', '26.00', 'linen-apron'],
    ['simple', 'Stoneware Mug', '24.00', ''],
  ]);

  // The Google feed: a product page address, then a private address for Merchant Center.
  await page.goto('/account');
  const feed = page.locator('#google-feed');
  await expect(feed.getByText(/Not in the feed: 2 products have no product page/)).toBeVisible({
    timeout: 15_000,
  });
  await feed.getByLabel('Product page address').fill('https://myshop.example/products/{handle}');
  await feed.getByRole('button', { name: 'Save feed settings' }).click();
  await expect(feed.getByText('2 products are in the feed.')).toBeVisible();
  await feed.getByRole('button', { name: 'Make a feed address' }).click();
  const xmlUrl = (await feed.getByLabel('Feed address (XML)').textContent())!;
  await expect(feed.getByRole('button', { name: 'Make a new feed address' })).toBeVisible();
  await expect(feed.getByLabel('Feed address (XML)')).toHaveText(xmlUrl);
  await page.screenshot({ path: path.join(SHOTS, 'account-google-feed.png'), fullPage: true });

  // Opened as Merchant Center would: no session.
  const stranger = await browser.newContext();
  const answer = await stranger.request.get(xmlUrl);
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  expect(xml).toContain('<g:title>Stoneware Mug</g:title>');
  expect(xml).toContain('<g:title>Linen Apron - M</g:title>');
  expect(xml).toContain('<g:link>https://myshop.example/products/linen-apron</g:link>');
  expect(xml).toContain('<g:condition>used</g:condition>');

  await feed.getByRole('button', { name: 'Turn the feed address off' }).click();
  await expect(feed.getByRole('button', { name: 'Make a feed address' })).toBeVisible();
  expect((await stranger.request.get(xmlUrl)).status()).toBe(404);
  await stranger.close();
});
