import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const TEST_MODE = 'Test mode: no real payment is made';

/** The sidebar counter: every credit held, then where they come from. */
async function expectCounter(
  page: Page,
  total: string,
  breakdown: string,
  plan: 'Free' | 'Premium',
) {
  await expect(page.getByTestId('credit-counter')).toHaveText(total);
  await expect(page.getByTestId('credit-breakdown')).toHaveText(breakdown);
  await expect(page.getByTestId('plan-badge')).toHaveText(plan);
}

async function openBuyCredits(page: Page) {
  await page.getByRole('button', { name: 'Buy Credits or Upgrade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Buy Credits' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choosePack(page: Page, credits: number) {
  const dialog = await openBuyCredits(page);
  await expect(dialog.getByRole('button', { name: /^Buy \d+ credits/ })).toHaveCount(0);
  await dialog.locator('label', { hasText: `${credits} credits` }).click();
  await expect(
    dialog.getByRole('radio', { name: new RegExp(`^${credits} credits`) }),
  ).toBeChecked();
  return dialog;
}

/** 'December 21, 2026', one calendar month from today, as the account page writes it. */
function oneMonthAhead(): string {
  const date = new Date();
  date.setMonth(date.getMonth() + 1);
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}

test('a free user buys 10 credits, upgrades to Premium and cancels at the period end', async ({
  page,
  user,
}) => {
  await page.goto('/create');
  await expectCounter(page, '3 credits', '3 free', 'Free');

  // Pack: the sandbox checkout page, clearly a test, then the success view.
  const dialog = await choosePack(page, 10);
  await dialog.getByRole('button', { name: 'Buy 10 credits for $7' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  await expect(page.getByText(TEST_MODE)).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('$7');
  await page.getByRole('button', { name: 'Pay $7' }).click();

  await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: '10 credits added' })).toBeVisible();
  await expect(page.getByTestId('credit-total')).toHaveText(
    'You now have 13 credits. They never expire.',
  );
  await expectCounter(page, '13 credits', '3 free · 10 purchased', 'Free');

  // Premium: the offer in the same dialog, paid on the sandbox page.
  const premiumDialog = await openBuyCredits(page);
  await premiumDialog.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByText('Listsmith Premium (monthly)')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $25 per month' }).click();

  await expect(page).toHaveURL(/\/billing\/success\?session_id=/);
  await expect(page.getByText('Premium Active')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(page.getByText('50 credits', { exact: true })).toBeVisible();
  await expect(page.getByText('Upgraded to Premium plan!')).toBeVisible();
  await expectCounter(page, '63 credits', '50 of 50 monthly · 3 free · 10 purchased', 'Premium');
  // The Premium offer is gone from the dialog; the monthly credits are explained instead.
  const premiumView = await openBuyCredits(page);
  await expect(premiumView.getByText(/you get 50 credits every month/)).toBeVisible();
  await expect(premiumView.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Cancel on the account page: Premium stays until the end of the paid month.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click();
  const card = page.locator('#subscription');
  const endDate = oneMonthAhead();
  await expect(card.getByTestId('plan-period')).toHaveText(`Renews on ${endDate}`);
  await card.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Premium?' });
  await expect(cancelDialog).toContainText(`Premium stays active until ${endDate}`);
  await expect(cancelDialog).toContainText('Your saved product library');
  await cancelDialog.getByRole('button', { name: 'Cancel subscription' }).click();

  // 3 free and 10 bought credits: not '13 free credits', and Premium lasts until the period ends.
  await expect(
    page.getByText(
      `Premium plan canceled. Premium stays active until ${endDate}; then you have 13 credits.`,
    ),
  ).toBeVisible();
  await expect(cancelDialog).toBeHidden();
  await expect(card.getByTestId('plan-period')).toHaveText(`Premium until ${endDate}`);
  await expect(card.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expectCounter(page, '63 credits', '50 of 50 monthly · 3 free · 10 purchased', 'Premium');
});

test('canceling on the sandbox checkout page grants nothing', async ({ page, user: _user }) => {
  await page.goto('/create');
  await expectCounter(page, '3 credits', '3 free', 'Free');

  const dialog = await choosePack(page, 25);
  await dialog.getByRole('button', { name: 'Buy 25 credits for $15' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/]+$/);
  const checkoutUrl = page.url();
  await expect(page.getByText(TEST_MODE)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expect(page).toHaveURL(/\/billing\/canceled$/);
  await expect(
    page.getByRole('heading', { name: 'Checkout canceled. You were not charged.' }),
  ).toBeVisible();
  await expectCounter(page, '3 credits', '3 free', 'Free');

  // The canceled checkout cannot be paid afterwards.
  await page.goto(checkoutUrl);
  await expect(
    page.getByText('This checkout was canceled or has expired. Nothing was charged.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Listsmith' }).click();
  await expectCounter(page, '3 credits', '3 free', 'Free');
});
