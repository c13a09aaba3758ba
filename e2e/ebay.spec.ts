import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { nameProduct } from './support';

const BELT = path.resolve('../shared/fixtures/photos/accessories-belt-leather.jpg');
const SHOTS = '/tmp/ebay-shots';

/** axe on the page as it is now (as e2e/accessibility.spec.ts checks every screen). */
async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    ({ id, impact, nodes }) =>
      `${id} (${impact}): ${nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe on ${screen}`).toEqual([]);
}

test('a seller connects the sandbox eBay, fills Brand, publishes a draft, then lists it', async ({
  page,
  user: _user,
}) => {
  // A photo drafted by the embedded analyzer, a connection and two publishes.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto('/account');
  const account = page.locator('#ebay');
  await expect(account.getByText('No eBay account connected yet.')).toBeVisible({
    timeout: 20_000,
  });
  await account.getByRole('button', { name: 'Connect eBay' }).click();
  await expect(page).toHaveURL(/\/sandbox\/ebay\/authorize\?state=/);
  // A page of its own (a lazily loaded chunk): slow on a loaded machine.
  await expect(page.getByText('Test mode: this is Listsmith’s sandbox eBay, not eBay')).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(
    page.getByRole('heading', { name: 'Listsmith would like to access your eBay account' }),
  ).toBeVisible();
  await expectAccessible(page, 'the sandbox eBay’s consent page');
  await page.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByText('Your eBay account is now connected!')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL((url) => url.pathname === '/account' && url.search === '');

  // The policies and location, read from the sandbox's account, chosen once.
  const shipping = account.getByRole('combobox', { name: 'Shipping policy' });
  await expect(shipping).toHaveValue('sbx-ship', { timeout: 20_000 });
  await expect(account.getByRole('combobox', { name: 'Item location' })).toHaveValue('sbx-home');
  await account.getByRole('button', { name: 'Save eBay settings' }).click();
  await expect(page.getByText('eBay settings saved')).toBeVisible();
  await expect(account.getByRole('button', { name: 'Save eBay settings' })).toBeDisabled();
  await account.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/account-card.png` });
  await expectAccessible(page, 'the account page with eBay connected');

  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([BELT]);
  await expect(page).toHaveURL(/\/productlibrary$/);
  const card = page.getByRole('article');
  await expect(card.getByLabel('Product name', { exact: true })).toBeVisible({ timeout: 120_000 });
  await nameProduct(card, 'leather belt');
  await card.getByLabel('Condition').selectOption('used');

  // The sandbox's Belts category requires Brand, which the photo does not say.
  const ebay = card.getByRole('group', { name: 'eBay' });
  await expect(ebay.getByRole('combobox', { name: 'Category' })).toHaveValue('2993', {
    timeout: 20_000,
  });
  await expect(ebay.getByText('eBay needs: Brand')).toBeVisible();
  const brand = ebay.getByRole('combobox', { name: 'Brand' });
  await brand.fill('Fossil');
  await brand.press('Enter');
  await expect(ebay.getByRole('button', { name: 'Change Brand: Fossil' })).toBeVisible();
  await expect(ebay.getByText('Ready for eBay')).toBeVisible();
  await ebay.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${SHOTS}/card-chips.png` });
  await expectAccessible(page, 'the card with eBay’s item specifics');

  await ebay.getByRole('button', { name: 'Publish to eBay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to eBay' });
  const products = dialog.getByRole('list', { name: 'Products for eBay' });
  await expect(products).toContainText('Belts', { timeout: 30_000 });
  const price = await card.getByLabel('Price', { exact: true }).first().inputValue();
  await expect(products).toContainText(`$${Number(price).toFixed(2)}`);
  await expect(dialog.getByRole('radio', { name: /Publish as draft/ })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/publish-dialog.png` });
  await expectAccessible(page, 'the eBay publish dialog');
  await dialog.getByRole('button', { name: 'Publish as draft' }).click();
  await expect(dialog.getByText('1 product saved on eBay as a draft.')).toBeVisible({
    timeout: 60_000,
  });
  const view = dialog.getByRole('link', { name: 'View in the sandbox eBay' });
  const href = await view.getAttribute('href');
  expect(href).toMatch(/^\/sandbox\/ebay\/listings#sku-.+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('link', { name: 'View on eBay' })).toHaveAttribute('href', href!);
  await page.screenshot({ path: `${SHOTS}/review-after-draft.png` });

  await page.goto(href!);
  await expect(page.getByText('Test mode: this is Listsmith’s sandbox eBay, not eBay')).toBeVisible(
    { timeout: 20_000 },
  );
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Draft');
  await expect(rows.first()).toContainText(`$${Number(price).toFixed(2)}`);
  await expect(rows.first().getByRole('definition')).toHaveText('Fossil');
  await page.screenshot({ path: `${SHOTS}/sandbox-listings-draft.png` });
  await expectAccessible(page, 'the sandbox eBay’s listings');

  // 'List now' publishes the same offer: one listing, now live.
  await page.goto('/productlibrary');
  await card
    .getByRole('group', { name: 'eBay' })
    .getByRole('button', { name: 'Publish to eBay' })
    .click();
  await dialog.getByRole('radio', { name: /List now/ }).check({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'List now' }).click();
  await expect(dialog.getByText('1 product listed on eBay.')).toBeVisible({ timeout: 60_000 });
  const live = await dialog
    .getByRole('link', { name: 'View in the sandbox eBay' })
    .getAttribute('href');
  expect(live).toMatch(/^\/sandbox\/ebay\/listings#listing-\d+$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();

  await page.goto(live!);
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toContainText('Live');
  await page.screenshot({ path: `${SHOTS}/sandbox-listings-live.png` });
});
