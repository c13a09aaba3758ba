import path from 'node:path';
import { expect, test } from './fixtures';
import { nameProduct } from './support';

const PHOTO = path.resolve('../shared/fixtures/photos/home-mug-black-yellow.jpg');

test('an unwanted regeneration is one click from undone', async ({ page, user: _user }) => {
  // The embedded analyzer loads its models on the first photo.
  test.setTimeout(150_000);
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([PHOTO]);
  const card = page.getByRole('article');
  const title = card.getByLabel('Product name', { exact: true });
  await expect(title).toHaveCount(1, { timeout: 90_000 });
  await nameProduct(card, 'coffee mug');
  const drafted = await title.inputValue();

  await card.getByRole('button', { name: 'Regenerate product name' }).click();
  await expect(title).not.toHaveValue(drafted, { timeout: 30_000 });
  const regenerated = await title.inputValue();

  await card.getByRole('button', { name: 'Earlier versions of the product name' }).click();
  const versions = page.getByRole('dialog', { name: 'Earlier versions' });
  await expect(versions.getByText(drafted, { exact: true })).toBeVisible();
  await expect(versions.getByText(/^Before regeneration · /)).toBeVisible();
  await versions.getByRole('button', { name: /^Restore the product name from / }).click();
  await expect(title).toHaveValue(drafted);
  await expect(versions).toHaveCount(0);

  // Kept after a reload, and the regenerated text is now the one to go back to.
  await page.reload();
  await expect(title).toHaveValue(drafted);
  await card.getByRole('button', { name: 'Earlier versions of the product name' }).click();
  await expect(versions.getByText(regenerated, { exact: true })).toBeVisible();
  await expect(versions.getByText(/^Before restoring · /)).toBeVisible();
});
