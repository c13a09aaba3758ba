import path from 'node:path';
import { expect, test } from './fixtures';
import { nameProduct } from './support';

const PHOTO = path.resolve('../shared/fixtures/photos/home-mug-stoneware.jpg');

test('the seller picks whole-dollar endings once; a draft is priced so, its range a click away', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo.
  test.setTimeout(120_000);

  await page.goto('/account');
  const endings = page.getByRole('group', { name: 'Price endings' });
  await expect(endings.getByRole('radio', { name: /^\.99/ })).toBeChecked();
  await endings.getByRole('radio', { name: /^\.99/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(endings.getByRole('radio', { name: /^Whole dollars/ })).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.reload();
  await expect(endings.getByRole('radio', { name: /^Whole dollars/ })).toBeChecked();

  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([PHOTO]);
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveCount(1, { timeout: 90_000 });
  // Priced from a sure category only (the analyzer may be unsure of this photo): named, it is.
  await nameProduct(page.getByRole('article'), 'stoneware mug');
  await expect(price).toHaveValue(/^\d+$/);
  await expect(page.getByText(/Amazon listings/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Price range' }).click();
  const popover = page.getByRole('dialog', { name: /^Typical range \$/ });
  await expect(popover).toBeVisible();
  await expect(popover).toContainText(/Based on .*Amazon listings, 2023\./);
  await popover.getByRole('link', { name: 'About the data' }).click();
  await expect(page.getByRole('heading', { name: 'About the data', level: 1 })).toBeVisible();
  await expect(page.getByText(/ODC Attribution License 1\.0/).first()).toBeVisible();
});
