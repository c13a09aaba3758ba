import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsvObjects } from '#domain/test-support/parse-csv';
import { libraryDeleteAfter } from '#domain/library';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import { expect, test } from './fixtures';
import { e2eServerEnv } from './server-env';

// A photo the calibrated analyzer names (ADR 036): the test is about the library, not naming.
const PHOTO = path.resolve('../shared/fixtures/photos/apparel-tshirt-black-thumb.jpg');

/** Writes the seller's plan as a paid checkout, or an ended premium period, leaves it. */
async function setPlan(
  userId: string,
  plan: { planName: 'premium' | 'free'; libraryDeleteAfter: Date | null },
): Promise<void> {
  const database = openDatabase(loadConfig(e2eServerEnv).database);
  try {
    await database.db
      .updateTable('users')
      .set({
        planName: plan.planName,
        subscriptionCredits: plan.planName === 'premium' ? 50 : 0,
        libraryDeleteAfter: plan.libraryDeleteAfter?.toISOString() ?? null,
      })
      .where('id', '=', userId)
      .execute();
  } finally {
    await database.db.destroy();
  }
}

test('premium saves every product by itself; when premium ends the library is read-only but downloads', async ({
  page,
  user,
}) => {
  // The embedded analyzer loads its models on the first photo.
  test.setTimeout(150_000);
  await setPlan(user.id, { planName: 'premium', libraryDeleteAfter: null });
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([PHOTO]);
  await expect(page).toHaveURL(/\/productlibrary$/);
  const name = page.getByLabel('Product name', { exact: true });
  await expect(name).toHaveCount(1, { timeout: 90_000 });
  await expect(name).not.toHaveValue('');
  const title = await name.inputValue();
  // Premium: nothing to save by hand.
  await expect(page.getByRole('button', { name: /Save to Library/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finish review' }).click();
  await expect(page.getByText('Products saved to library')).toBeVisible();
  await expect(page).toHaveURL(/\/library$/);
  await expect(name).toHaveValue(title);

  // Premium ended today: kept for 30 days, read-only.
  const deleteAfter = libraryDeleteAfter(new Date());
  await setPlan(user.id, { planName: 'free', libraryDeleteAfter: deleteAfter });
  await page.reload();
  await expect(page.getByText(/Your library is read-only until /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe again' })).toBeVisible();
  await expect(name).toHaveValue(title);
  await expect(name).not.toBeEditable();
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Shopify CSV' }).click(),
  ]);
  const rows = parseCsvObjects(readFileSync((await download.path())!, 'utf8'));
  expect(rows.map((row) => row.Title).filter(Boolean)).toEqual([title]);
});
