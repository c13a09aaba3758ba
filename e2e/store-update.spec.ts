import { expect, test } from './fixtures';
import { connectSandboxStore, importStore, makePremium } from './support';

test('a Premium seller edits an imported product and updates it in the sandbox Shopify store', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  await makePremium(user.id);
  await page.setViewportSize({ width: 1366, height: 900 });
  const shop = await connectSandboxStore(page, 'update');
  await importStore(page, shop, '24 created · 0 updated · 0 skipped');

  // The sample's mug has a one-line description: the seller writes a better one.
  const search = page.getByRole('searchbox', { name: 'Search product library' });
  await search.fill('stoneware mug');
  const mug = page.getByRole('article', { name: 'Stoneware Mug', exact: true });
  const description = mug.getByLabel('Product description', { exact: true });
  await expect(description).toHaveValue('Nice mug.');
  const better = 'Hand-thrown stoneware mug with a speckled glaze. Holds 350 ml.';
  await description.fill(better);
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select Stoneware Mug', exact: true }).check();
  const bar = page.getByRole('region', { name: 'Library actions' });
  await bar.getByRole('button', { name: 'Update in Shopify' }).click();
  const ask = page.getByRole('dialog', { name: `Update 1 product in ${shop}?` });
  await expect(ask).toContainText('Only the fields you changed are sent.');
  await ask.getByRole('button', { name: 'Update in Shopify' }).click();
  const report = page.getByRole('dialog', { name: `Update in ${shop}: what happened` });
  await expect(report).toContainText('1 updated');
  await expect(report).toContainText('Sent: description');
  await page.screenshot({ path: test.info().outputPath('store-update.png') });
  await report.getByRole('button', { name: 'Done' }).click();

  // The sandbox store's admin shows the new description; the mug keeps its image.
  await page.goto(`/sandbox/shopify/${shop}/admin/products`);
  await expect(
    page.getByText('Test mode: this is Listsmith’s sandbox store, not Shopify'),
  ).toBeVisible();
  const row = page.locator('tbody tr', { hasText: 'Stoneware Mug' });
  await expect(row).toContainText(better);
  await expect(row.getByRole('img')).toBeVisible();
});
