import path from 'node:path';
import { expect, test } from './fixtures';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');

test('a photo like a product whose category the seller confirmed is filed like it', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo and reads labels with OCR.
  test.setTimeout(150_000);
  await page.goto('/create');
  await page
    .locator('input[type=file]')
    .setInputFiles(path.join(PHOTOS_DIR, 'food-yoghurt-carton.jpg'));
  await expect(page).toHaveURL(/\/productlibrary$/);
  const first = page.getByRole('article').first();
  await expect(first.getByLabel('Product name', { exact: true })).toHaveCount(1, {
    timeout: 90_000,
  });
  // Filed by hand under any category of the taxonomy.
  await first.getByRole('button', { name: 'Change category' }).click();
  await first.getByLabel('Search all categories').fill('yogurt');
  await first.getByRole('button', { name: /^Yogurt — / }).click();
  await first.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(first.getByText('Confirmed by you')).toBeVisible();
  // Regenerated, the name comes from the confirmed category (README).
  await first.getByRole('button', { name: 'Regenerate product name' }).click();
  await expect(first.getByLabel('Product name', { exact: true })).toHaveValue(/Yogurt/, {
    timeout: 30_000,
  });
  const confirmedTitle = await first.getByLabel('Product name', { exact: true }).inputValue();

  // An oat yoghurt with a Swedish label: on its own, the classifier sees a plaster.
  await page.getByRole('button', { name: /Add More Images/ }).click();
  await page
    .getByRole('dialog')
    .locator('input[type=file]')
    .setInputFiles(path.join(PHOTOS_DIR, 'food-oat-yoghurt-carton.jpg'));
  await expect(page.getByRole('article')).toHaveCount(2);
  const second = page.getByRole('article').first();
  await expect(second.getByText(/Dairy Products > Yogurt$/)).toBeVisible({ timeout: 90_000 });
  // What the category rests on is one click away.
  await second.getByRole('button', { name: 'Why this category?' }).click();
  await expect(
    second.getByText(new RegExp(`Like your "${confirmedTitle}" \\(\\d+% alike\\)`)).first(),
  ).toBeVisible();
});
