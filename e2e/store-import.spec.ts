import { expect, test } from './fixtures';
import { connectSandboxStore, importStore, makePremium } from './support';

test('a Premium seller imports the sandbox Shopify store’s catalogue and filters what it lacks', async ({
  page,
  user,
}) => {
  test.setTimeout(120_000);
  await makePremium(user.id);
  await page.setViewportSize({ width: 1366, height: 900 });
  const shop = await connectSandboxStore(page, 'import');
  await importStore(page, shop, '24 created · 0 updated · 0 skipped');
  const bar = page.getByRole('region', { name: 'Library actions' });
  await expect(bar.getByRole('status')).toHaveText('All 24 products in your library');

  // What the store's products lack, a filter each.
  const filter = page
    .getByRole('group', { name: 'Show products lacking' })
    .getByRole('button', { name: /^No tags · \d+$/ });
  const count = Number(/(\d+)$/.exec((await filter.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(24);
  await filter.click();
  await expect(bar.getByRole('status')).toHaveText(
    `All ${count} ${count === 1 ? 'product' : 'products'} with no tags`,
  );
  await page.screenshot({ path: test.info().outputPath('store-import.png') });

  // Imported again: the same products are updated, none doubled.
  await importStore(page, shop, '0 created · 24 updated · 0 skipped');
});
