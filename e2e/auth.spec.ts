import { expect, test } from './fixtures';
import { confirmEmail, latestMail, PASSWORD, signIn, signUp, uniqueEmail } from './support';

test('a new user signs up, the confirmation link signs them in on /create, and they sign out', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await signUp(page, email);
  await expect(page.getByRole('heading', { name: /check your email/i })).toBeVisible();

  await confirmEmail(page, email);
  await expect(page).toHaveURL(/\/create$/);
  await expect(
    page.getByRole('heading', { name: "Let's create your product library" }),
  ).toBeVisible();
  await expect(page.getByTestId('plan-badge')).toHaveText('Free');
  await expect(page.getByTestId('credit-counter')).toContainText('3');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/create');
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fcreate/);
});

test('Create account works in one click while the password field still has focus', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/auth/signup');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('focus'));
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // The checklist is open now; pressing the button blurs the field and used to move the button.
  await expect(page.getByText('One uppercase letter')).toBeVisible();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/account-confirmation/);
});

test('signing in before confirming the email is refused with a clear message', async ({ page }) => {
  const email = uniqueEmail('unconfirmed');
  await signUp(page, email);
  await page.goto('/auth/signin');
  await signIn(page, email);
  await expect(page.getByRole('alert')).toContainText(/confirm your email/i);
  await expect(page).toHaveURL(/\/auth\/signin/);
});

test('a wrong password shows the spec message in a red banner', async ({ page, accounts }) => {
  const { email } = await accounts.create('wrongpw');
  await page.goto('/auth/signin');
  await signIn(page, email, 'Wrong-password1');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('forgot password: the mailed link sets a new password, then sign-in works with it', async ({
  page,
  accounts,
}) => {
  // Mail, reset, the 3-second success view and two sign-ins: longer than one ordinary test.
  test.slow();
  const { email } = await accounts.create('forgot');
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: /send/i }).click();
  await expect(dialog).toContainText(/sent|check/i);

  const mail = await latestMail(email, /reset/i);
  await page.goto(mail.actionUrl);
  const newPassword = 'Brand-new-Passw0rd';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /reset|update|save/i }).click();
  await expect(page.getByText('Password Updated!')).toBeVisible();
  // The success view sends the user to sign-in after 3 seconds.
  await expect(page).toHaveURL(/\/auth\/signin/, { timeout: 6000 });

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/create$/);
});
