import path from 'node:path';
import { expect, test } from './fixtures';
import { makePremium } from './support';

const SHOPIFY_SAMPLE = path.resolve(
  '../shared/fixtures/csv/shopify_template_2021_48col__MaximeLaroche.csv',
);

test('a Premium seller imports Shopify’s sample product CSV and sees the products in the library', async ({
  page,
  user,
}) => {
  test.setTimeout(90_000);
  await makePremium(user.id);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/library');
  await page.getByRole('button', { name: 'Import products' }).click();
  const panel = page.getByRole('region', { name: 'Import products' });
  await panel.getByLabel('CSV file').setInputFiles(SHOPIFY_SAMPLE);
  await panel.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(
    panel.getByText(/\(Shopify product CSV\): 3 created · 0 updated · 0 skipped/),
  ).toBeVisible();
  const names = page.getByLabel('Product name', { exact: true });
  await expect(names).toHaveCount(3);
  const titles = await names.evaluateAll((fields) =>
    fields.map((field) => (field as HTMLInputElement).value),
  );
  expect(titles.sort()).toEqual(['Example Hat', 'Example Pants', 'Example T-Shirt']);
  await page.screenshot({ path: test.info().outputPath('catalogue-import.png') });

  // The audit: what the imported products lack, a filter each, kept in the address.
  const gaps = page.getByRole('group', { name: 'Show products lacking' });
  const filter = gaps.getByRole('button').first();
  const [, label, count] = /^(.+) · (\d+)$/.exec((await filter.textContent()) ?? '')!;
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]gap=[a-z-]+/);
  await expect(names).toHaveCount(Number(count));
  // Each card says what it lacks.
  await expect(page.getByRole('article').first().getByText(label!, { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('catalogue-audit.png') });
  await page.reload();
  await expect(gaps.getByRole('button', { name: new RegExp(`^${label} · `) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(names).toHaveCount(Number(count));
  await gaps.getByRole('button', { name: new RegExp(`^${label} · `) }).click();
  await expect(names).toHaveCount(3);
});
