import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Listsmith1';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  actionUrl: string;
}

/** Waits for the newest mail to `to` whose subject matches, from the development outbox. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mail');
      const { mails } = (await response.json()) as { mails: OutboxMail[] };
      found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/auth\/account-confirmation/);
}

export async function confirmEmail(page: Page, email: string) {
  const mail = await latestMail(page.request, email, /confirm/i);
  await page.goto(mail.actionUrl);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}
