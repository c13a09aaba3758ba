import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvObjects } from '#domain/test-support/parse-csv';
import { expect, test } from './fixtures';
import { makePremium, nameProduct } from './support';

const PHOTO = path.resolve('../shared/fixtures/photos/home-mug-stoneware.jpg');

test('a premium seller adds variants on the card and gets them in the Shopify CSV', async ({
  page,
  user,
}) => {
  // The embedded analyzer loads its models on the first photo.
  test.setTimeout(150_000);
  await makePremium(user.id, 50);
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([PHOTO]);
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(1, {
    timeout: 90_000,
  });

  // A mug has nothing to vary: no variants are drafted for it.
  const card = page.getByRole('article');
  // Never written to a file without a name (the analyzer may be unsure of this photo).
  await nameProduct(card, 'stoneware mug');
  await card.getByText('Variants', { exact: true }).click();
  await card.getByLabel('Option name').fill('Size');
  await card.getByLabel('First value').fill('Small');
  await card.getByRole('button', { name: 'Add option' }).click();
  await card.getByLabel('Add a value to Size').fill('Large');
  await card.getByLabel('Add a value to Size').press('Enter');
  await card.getByLabel('Price for every Size: Small').fill('18');
  await card.getByRole('button', { name: 'Set price for Size: Small' }).click();
  await card.getByLabel('SKU for Large').fill('MUG-L');
  await card.getByLabel('SKU for Large').press('Enter');
  await expect(card.getByText('Variants (2 variants)')).toBeVisible();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  // Saved on the server: a reload shows them.
  await page.reload();
  await page.getByRole('article').getByText('Variants (2 variants)').click();
  await expect(page.getByLabel('SKU for Large')).toHaveValue('MUG-L');

  const ready = await page.getByText(/^\d+ of \d+ ready to publish$/).textContent();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Shopify CSV' }).click();
  // A draft that still needs attention makes the app ask first.
  if (ready !== '1 of 1 ready to publish') {
    await page.getByRole('button', { name: 'Download anyway' }).click();
  }
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  const rows = parseCsvObjects(csv).filter((row) => row['Option1 Value'] !== '');
  expect(
    rows.map((row) => [row['Option1 Name'], row['Option1 Value'], row['Variant SKU']]),
  ).toEqual([
    ['Size', 'Small', ''],
    ['', 'Large', 'MUG-L'],
  ]);
  expect(rows[0]!['Variant Price']).toBe('18.00');
});
