import { expect, test } from './fixtures';
import { connectSandboxStore, importStore, makePremium } from './support';

test('a Premium seller improves imported products lacking a description and accepts what they like', async ({
  page,
  user,
}) => {
  test.setTimeout(150_000);
  await makePremium(user.id, 50);
  await page.setViewportSize({ width: 1366, height: 900 });
  const shop = await connectSandboxStore(page, 'improve');
  await importStore(page, shop, '24 created · 0 updated · 0 skipped');

  await page
    .getByRole('group', { name: 'Show products lacking' })
    .getByRole('button', { name: /^No description · \d+$/ })
    .click();
  const bar = page.getByRole('region', { name: 'Library actions' });
  await expect(bar.getByRole('status')).toHaveText(/with no description$/);
  const cards = page.getByRole('article');
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = (await cards.nth(i).getAttribute('aria-label'))!;
    names.push(name);
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await expect(bar.getByRole('status')).toHaveText('3 selected');

  await bar.getByRole('button', { name: 'Improve…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Improve 3 products' });
  await expect(dialog.getByRole('radio', { name: /^Fill empty fields only/ })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('improve-dialog.png') });
  await dialog.getByRole('button', { name: 'Improve 3 products' }).click();
  const report = page.getByRole('dialog', { name: 'Improve: what happened' });
  await expect(report.getByText('3 done · 0 skipped · 0 failed')).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText(/^1 credit · suggested: Description/).first()).toBeVisible();
  await report.getByRole('button', { name: 'Done' }).click();

  // Before and after on each card; nothing changed until the seller accepts.
  const card = page.getByRole('article', { name: names[0] });
  const suggestions = card.getByRole('region', { name: 'Suggested improvements' });
  await expect(suggestions).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Product description' })).toHaveValue('');
  const suggested = suggestions.getByRole('listitem').first();
  await expect(suggested).toContainText('NowEmpty');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('improve-card.png') });
  const newText = ((await suggested.locator('dd').nth(1).textContent()) ?? '').trim();
  expect(newText.length).toBeGreaterThan(20);

  // Two fields accepted: the description and one more; the rest rejected.
  await suggestions.getByRole('button', { name: 'Accept the suggested description' }).click();
  await expect(card.getByRole('textbox', { name: 'Product description' })).toHaveValue(newText);
  // The second field: whichever the card suggests next (the sample products lack different ones).
  const reject = suggestions.getByRole('button', { name: /^Reject the suggested / });
  const waiting = await reject.count();
  await suggestions
    .getByRole('button', { name: /^Accept the suggested / })
    .first()
    .click();
  await expect(reject).toHaveCount(waiting - 1);
  while ((await reject.count()) > 0) {
    const before = await reject.count();
    await reject.first().click();
    await expect(reject).toHaveCount(before - 1);
  }
  await expect(suggestions).toHaveCount(0);

  // Sent back: only what changed goes to the store.
  await page.getByRole('checkbox', { name: `Select ${names[0]}`, exact: true }).check();
  await bar.getByRole('button', { name: 'Update in Shopify' }).click();
  const ask = page.getByRole('dialog', { name: `Update 1 product in ${shop}?` });
  await ask.getByRole('button', { name: 'Update in Shopify' }).click();
  const sent = page.getByRole('dialog', { name: `Update in ${shop}: what happened` });
  await expect(sent).toContainText('1 updated');
  await expect(sent).toContainText('description');
  await sent.getByRole('button', { name: 'Done' }).click();

  // Reloaded, the filter still shows what lacks a description: this one no longer does.
  await page.reload();
  await expect(page.getByRole('article', { name: names[1] })).toBeVisible();
  await expect(page.getByRole('article', { name: names[0] })).toHaveCount(0);

  await page.goto(`/sandbox/shopify/${shop}/admin/products`);
  const row = page.locator('tbody tr', { hasText: names[0] });
  await expect(row).toContainText(newText.split('\n')[0]!.trim());
});
