import { request, type BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './support';

/**
 * Ends the browser's session on the server, as signing out on another device with the same
 * session would: the browser keeps its cookie, the server no longer knows it.
 */
async function endSessionOnServer(context: BrowserContext, baseURL: string) {
  const cookie = (await context.cookies(baseURL))
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
  const elsewhere = await request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie, origin: baseURL },
  });
  const response = await elsewhere.post('/api/auth/sign-out', { data: {} });
  expect(response.ok()).toBe(true);
  await elsewhere.dispose();
}

test('a session ended on the server sends the next action to sign-in, and back after signing in', async ({
  page,
  context,
  user,
  baseURL,
}) => {
  await page.goto('/account');
  const endings = page.getByRole('group', { name: 'Price endings' });
  await expect(endings.getByRole('radio', { name: /\.99/ })).toBeEnabled();

  // A mutation: choosing a price ending is refused, and the seller is asked to sign in.
  await endSessionOnServer(context, baseURL!);
  // click, not check: the refused choice springs back as the page goes to sign-in.
  await endings.getByRole('radio', { name: /Whole dollars/ }).click();
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Faccount$/);
  await signIn(page, user.email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  // A query: the library's first page is refused the same way, from another screen.
  await endSessionOnServer(context, baseURL!);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Flibrary$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
});
