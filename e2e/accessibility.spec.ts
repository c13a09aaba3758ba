/**
 * axe-core on every signed-in screen (issue 29): no violation of any impact. Each screen is also
 * photographed at 1366×900 into the test's output folder, for a person to look at.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PHOTOS = ['home-mug-stoneware.jpg', 'jewellery-watch-gold.jpg'].map((name) =>
  path.resolve('../shared/fixtures/photos', name),
);

/** Runs axe on the page as it is now; every violation is listed with the elements it names. */
async function expectAccessible(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    ({ id, impact, nodes }) =>
      `${id} (${impact}): ${nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe on ${screen}`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${screen}.png`) });
}

test.use({ viewport: { width: 1366, height: 900 } });

test('create, review and library: upload, review the cards, upgrade, the library', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo; a checkout follows.
  test.setTimeout(420_000);
  await page.goto('/create');
  await expect(
    page.getByRole('button', { name: /^Drag and drop product photos here/ }),
  ).toBeVisible();
  await expectAccessible(page, 'create');

  await page.locator('input[type=file]').setInputFiles(PHOTOS);
  await expect(page).toHaveURL(/\/productlibrary$/);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(2, { timeout: 90_000 });
  for (const card of await cards.all()) {
    await expect(card.getByLabel('Product name', { exact: true })).toHaveCount(1, {
      timeout: 90_000,
    });
  }
  await expectAccessible(page, 'review');

  await page.getByRole('button', { name: /Save to Library/ }).click();
  const offer = page.getByRole('dialog', { name: 'Upgrade to Premium' });
  await expectAccessible(page, 'review-upgrade-dialog');
  await offer.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  // A page of its own (a lazily loaded chunk): checked once drawn, not while it loads.
  await expect(page.getByRole('button', { name: 'Pay $25 per month' })).toBeVisible({
    timeout: 20_000,
  });
  await expectAccessible(page, 'sandbox-checkout');
  await page.getByRole('button', { name: 'Pay $25 per month' }).click();

  await expect(page).toHaveURL(/\/library$/);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(2);
  // The toast saying the drafts were saved goes; the library stays.
  await expect(page.getByRole('status').filter({ hasText: 'saved to your library' })).toHaveCount(
    0,
    { timeout: 10_000 },
  );
  await expectAccessible(page, 'library');
});

test('account, buying credits, the checkout outcomes and the error screen', async ({
  page,
  user: _user,
}) => {
  // Six screens, each scanned by axe and photographed: longer than one ordinary test.
  test.slow();
  await page.goto('/account');
  // The settings have loaded once the chosen price ending is shown checked (the account page
  // loads the profile, billing, stores and feed first: slow on a loaded machine).
  await expect(page.getByRole('radio', { name: /^\.99/ })).toBeChecked({ timeout: 20_000 });
  await expectAccessible(page, 'account');

  await page.getByRole('button', { name: 'Buy Credits or Upgrade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await dialog.locator('label', { hasText: '10 credits' }).click();
  await expect(dialog.getByRole('button', { name: 'Buy 10 credits for $7' })).toBeVisible();
  await expectAccessible(page, 'buy-credits');
  await dialog.getByRole('button', { name: 'Buy 10 credits for $7' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay $7' }).click();
  await expect(page.getByRole('heading', { name: '10 credits added' })).toBeVisible();
  await expectAccessible(page, 'billing-success');

  await page.goto('/billing/canceled');
  await expect(
    page.getByRole('heading', { name: 'Checkout canceled. You were not charged.' }),
  ).toBeVisible();
  await expectAccessible(page, 'billing-canceled');

  await page.goto('/error');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expectAccessible(page, 'error');
});

test('sign-in parses its form without eval under the content security policy', async ({ page }) => {
  const consoleReports: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) {
      consoleReports.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const reports: string[] = [];
    Object.assign(window, { cspViolations: reports });
    document.addEventListener('securitypolicyviolation', (event) =>
      reports.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto('/auth/signin');
  await page.getByLabel('Email', { exact: true }).fill('seller@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect([...violations, ...consoleReports]).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('signin.png') });
});
