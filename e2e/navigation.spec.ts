import { expect, test } from './fixtures';
import { signIn } from './support';

test('a protected page sends a visitor to sign-in and back there after signing in', async ({
  page,
  accounts,
}) => {
  const { email } = await accounts.create('redirect');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Faccount/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // Signed-in users skip the auth screens and the landing page.
  await page.goto('/auth/signin');
  await expect(page).toHaveURL(/\/create$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/create$/);
});

test('unknown paths go to the landing page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Create account' }).first()).toBeVisible();
});

test('narrow screens see only the desktop notice', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/');
  await expect(
    page.getByText(
      'For an optimal experience use Listsmith on a larger screen. Full mobile experience coming soon.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveCount(0);
});

test('deleting the account removes it, signs out and returns to the landing page', async ({
  page,
  user,
}) => {
  await page.goto('/create');
  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth/signin');
  await signIn(page, user.email);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});
