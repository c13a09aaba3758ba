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

test('sign-in and sign-up sit in the landing layout; sign-up closes back to /landing-generated', async ({
  page,
}) => {
  await page.goto('/auth/signin');
  const main = page.getByRole('main');
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(['Welcome back']);
  await expect(main.getByRole('button', { name: 'Pause gallery' })).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }),
  ).toBeVisible();
  // The card sits in the middle of the hero, over the drifting gallery.
  const card = await main.getByRole('region', { name: 'Welcome back' }).boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.abs(card!.x + card!.width / 2 - viewport.width / 2)).toBeLessThan(2);
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);

  // From the landing page for generated listings, sign-up's close button goes back there.
  await page.goto('/landing-generated');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/store-ready listings/);
  await page.getByRole('main').getByRole('link', { name: 'Create account' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  await expect(page.getByRole('main').getByRole('button', { name: 'Pause gallery' })).toBeVisible();
  // It survives a reload: the origin is in the history entry.
  await page.reload();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/landing-generated$/);

  // Opened any other way, it goes to /.
  await page.goto('/auth/signup');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/$/);
});
