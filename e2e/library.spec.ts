import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { parseCsv } from '#domain/test-support/parse-csv';
import { expect, test } from './fixtures';
import { downloadAnyway } from './support';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');
const photo = (name: string) => path.join(PHOTOS_DIR, name);

const productNames = (scope: Page | Locator) => scope.getByLabel('Product name', { exact: true });

async function downloadCsv(page: Page, button: string): Promise<string[][]> {
  const bar = page.getByRole('region', { name: 'Library actions' });
  return parseCsv(await downloadAnyway(page, bar.getByRole('button', { name: button })));
}

test('a free seller upgrades from the review, then searches, edits, exports and bulk-edits the library', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo; two uploads and a checkout follow.
  test.setTimeout(240_000);

  // Free: drafts in the review list, 'Save to Library' is the Premium offer.
  await page.goto('/create');
  await page
    .locator('input[type=file]')
    .setInputFiles([photo('home-mug-stoneware.jpg'), photo('electronics-instant-camera.jpg')]);
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(productNames(page)).toHaveCount(2, { timeout: 90_000 });
  await page.getByRole('button', { name: /Save to Library/ }).click();
  const offer = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await offer.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay $25 per month' }).click();

  // Paid: the drafts were saved, and the seller lands in the library.
  await expect(
    page.getByText('Your generated products have been saved to your library').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByRole('heading', { name: 'Product Library' })).toBeVisible();
  await expect(productNames(page)).toHaveCount(2);
  const bar = page.getByRole('region', { name: 'Library actions' });
  await expect(bar.getByRole('status')).toHaveText('All 2 products in your library');

  // A search without a match says so; the term stays in the address.
  const search = page.getByRole('searchbox', { name: 'Search product library' });
  await search.fill('qwertyuiop');
  await expect(page.getByText('No products found matching "qwertyuiop"')).toBeVisible();
  await expect(page).toHaveURL(/\?q=qwertyuiop$/);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(productNames(page)).toHaveCount(2);

  // Edited in place and autosaved, as in review; the edit survives a reload and is found.
  // The mug's card, by its name or, while it has none, its photo's file name.
  await productNames(page.getByRole('article', { name: /mug/i })).fill(
    'Speckled Stoneware Library Mug',
  );
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(
    productNames(page.getByRole('article', { name: 'Speckled Stoneware Library Mug' })),
  ).toHaveValue('Speckled Stoneware Library Mug');
  await search.fill('speckled');
  await expect(productNames(page)).toHaveCount(1);
  await expect(productNames(page)).toHaveValue('Speckled Stoneware Library Mug');
  await page.reload();
  await expect(search).toHaveValue('speckled');
  await expect(productNames(page)).toHaveCount(1);

  // The search's CSV holds the search's products only.
  await expect(bar.getByRole('status')).toHaveText('1 product matching “speckled”');
  const searched = await downloadCsv(page, 'Download Shopify CSV');
  const titleColumn = searched[0]!.indexOf('Title');
  const titles = searched
    .slice(1)
    .map((row) => row[titleColumn])
    .filter(Boolean);
  expect(titles).toEqual(['Speckled Stoneware Library Mug']);

  // Bulk: the selection gets a status, then is deleted; each action reports per product.
  await search.fill('');
  await expect(productNames(page)).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Select Speckled Stoneware Library Mug' }).check();
  await expect(bar.getByRole('status')).toHaveText('1 selected');
  const selected = await downloadCsv(page, 'Download Squarespace CSV');
  expect(selected.length).toBeGreaterThan(1);
  expect(selected.map((row) => row.join(',')).join('\n')).toContain(
    'Speckled Stoneware Library Mug',
  );

  await bar.getByRole('button', { name: 'Set status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Set the status of 1 product' });
  await statusDialog.getByText('Draft', { exact: true }).click();
  await statusDialog.getByRole('button', { name: 'Set to Draft' }).click();
  const statusReport = page.getByRole('dialog', { name: 'Set status: what happened' });
  await expect(statusReport).toContainText('Speckled Stoneware Library Mug');
  await expect(statusReport).toContainText('1 done · 0 skipped · 0 failed');
  await statusReport.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('checkbox', { name: 'Select Speckled Stoneware Library Mug' }).check();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 1 product?' })
    .getByRole('button', { name: 'Delete 1 product' })
    .click();
  const deleteReport = page.getByRole('dialog', { name: 'Delete: what happened' });
  await expect(deleteReport).toContainText('1 done · 0 skipped · 0 failed');
  await deleteReport.getByRole('button', { name: 'Done' }).click();
  await expect(productNames(page)).toHaveCount(1);
  await page.reload();
  await expect(productNames(page)).toHaveCount(1);

  // Premium now: a new upload is finished from the review straight into the library.
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([photo('apparel-hoodie-red.png')]);
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(productNames(page)).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByRole('button', { name: /Save to Library/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finish review' }).click();
  await expect(page.getByText('Products saved to library')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(productNames(page)).toHaveCount(2);
});
