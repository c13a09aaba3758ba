/**
 * A large upload goes in several requests: the first photo's draft takes the seller to review at
 * once, the rest continue there with their progress and Cancel (issue 29).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Product } from '#domain/products';
import { expect, test } from './fixtures';
import { makePremium } from './support';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');
const PHOTOS = readdirSync(PHOTOS_DIR)
  .filter((name) => /\.jpe?g$/i.test(name))
  .sort()
  .slice(0, 12);
const UPLOAD = '**/api/product/generate-product-details-from-image';

/** Holds every upload request after the first until the returned function is called. */
async function holdLaterRequests(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(UPLOAD, async (route) => {
    seen += 1;
    if (seen > 1) await released;
    await route.continue();
  });
  return release;
}

async function listedFileNames(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/products');
  const { products } = (await response.json()) as { products: Product[] };
  return products.map((product) => product.fileName);
}

test('the first draft shows while the rest of a large upload continues, in order', async ({
  page,
  user,
}) => {
  test.setTimeout(150_000);
  await makePremium(user.id, 30);
  const release = await holdLaterRequests(page);
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles(PHOTOS.map((n) => path.join(PHOTOS_DIR, n)));

  await expect(page).toHaveURL(/\/productlibrary$/);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  const progress = page.getByRole('region', { name: 'Upload in progress' });
  await expect(progress.getByRole('status')).toHaveText(/^Uploading photos: \d+ of 12 sent$/);
  await expect(progress.getByRole('button', { name: 'Cancel upload' })).toBeVisible();

  release();
  await expect(cards).toHaveCount(12, { timeout: 90_000 });
  await expect(progress).toHaveCount(0);
  expect(await listedFileNames(page)).toEqual(PHOTOS);
});

test('Cancel stops the rest of the upload and keeps what landed', async ({ page, user }) => {
  test.setTimeout(90_000);
  await makePremium(user.id, 30);
  await holdLaterRequests(page);
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles(PHOTOS.map((n) => path.join(PHOTOS_DIR, n)));
  await expect(page).toHaveURL(/\/productlibrary$/);

  const cancel = page
    .getByRole('region', { name: 'Upload in progress' })
    .getByRole('button', { name: 'Cancel upload' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Upload cancelled.')).toBeVisible();
  await expect(page.getByText('1 of 12 photos uploaded; the rest were not sent.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article')).toHaveCount(1);
  expect(await listedFileNames(page)).toEqual(PHOTOS.slice(0, 1));
});
