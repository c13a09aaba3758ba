import { readdir, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import { e2eServerEnv } from './server-env';

export const PASSWORD = 'Listsmith1';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  sentAt: string;
  actionUrl: string;
}

/**
 * The e2e server's outbox folder (playwright.config.ts gives it this DATA_DIR). Tests read the
 * mails where the embedded mailer writes them, as a developer reads the links the server prints:
 * the /dev/mail page shows mail only to its signed-in recipient, and a new account cannot sign
 * in before it is confirmed.
 */
const OUTBOX_DIR = path.resolve(process.env.E2E_DATA_DIR ?? 'data-e2e', 'outbox');

async function outbox(): Promise<OutboxMail[]> {
  const names = await readdir(OUTBOX_DIR).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(
        async (name) =>
          JSON.parse(await readFile(path.join(OUTBOX_DIR, name), 'utf8')) as OutboxMail,
      ),
  );
  return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

/** Waits for the newest mail to `to` whose subject matches, from the development outbox. */
export async function latestMail(to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await outbox()).find((mail) => mail.to === to && subject.test(mail.subject));
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
  const mail = await latestMail(email, /confirm/i);
  await page.goto(mail.actionUrl);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/**
 * Names a drafted product in the seller's own words, as a seller does: through 'Something else…'
 * when the card asks 'What is this?' (the analyzer was unsure), or 'What is this product?' when
 * it named the product itself. Either way every unedited field is drafted again from the words,
 * so what follows does not hang on how sure the analyzer was of this photo.
 */
export async function nameProduct(card: Locator, words: string): Promise<void> {
  const unsure = card.getByRole('button', { name: 'Something else…' });
  const named = card.getByRole('button', { name: 'What is this product?' });
  const field = card.getByRole('textbox', { name: 'What is this product?' });
  // A card with no kinds to offer shows the field at once.
  await expect(unsure.or(named).or(field).first()).toBeVisible({ timeout: 30_000 });
  if (!(await field.isVisible())) await ((await unsure.isVisible()) ? unsure : named).click();
  await field.fill(words);
  await field.press('Enter');
  await expect(field).toHaveCount(0, { timeout: 30_000 });
  await expect(card.getByLabel('Product name', { exact: true })).not.toHaveValue('');
}

/**
 * Clicks a download button and returns the file's text. While some products need attention
 * the app asks first ('… Download anyway?'), and is told yes.
 */
export async function downloadAnyway(page: Page, button: Locator): Promise<string> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const anyway = page.getByRole('button', { name: 'Download anyway' });
  const download = await Promise.race([
    downloading,
    anyway
      .waitFor()
      .then(async () => {
        await anyway.click();
        return downloading;
      })
      // The download came without asking; the page may close before the button ever shows.
      .catch(() => downloading),
  ]);
  return readFile((await download.path())!, 'utf8');
}

/** Premium as a paid checkout leaves it (the plan, and the month's credits when given). */
export async function makePremium(userId: string, subscriptionCredits?: number): Promise<void> {
  const database = openDatabase(loadConfig(e2eServerEnv).database);
  try {
    await database.db
      .updateTable('users')
      .set({
        planName: 'premium',
        ...(subscriptionCredits === undefined ? {} : { subscriptionCredits }),
      })
      .where('id', '=', userId)
      .execute();
  } finally {
    await database.db.destroy();
  }
}

/** Connects a new sandbox Shopify store from the account page; answers its domain. */
export async function connectSandboxStore(page: Page, prefix: string): Promise<string> {
  const shop = `${prefix}-${randomBytes(4).toString('hex')}.myshopify.com`;
  await page.goto('/account');
  const stores = page.locator('section', {
    has: page.getByRole('heading', { name: 'Shopify stores' }),
  });
  await stores.getByRole('button', { name: 'Connect a Shopify store' }).click({ timeout: 20_000 });
  const connect = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await connect.getByLabel('Store domain').fill(shop);
  await connect.getByRole('button', { name: 'Connect store' }).click();
  await page.getByRole('button', { name: 'Install' }).click();
  // Back on the account page, loaded again after the store's consent page (slow when loaded).
  await expect(page.getByText(`Your Shopify store ${shop} is now connected!`)).toBeVisible({
    timeout: 30_000,
  });
  return shop;
}

/** Imports the connected store from the library; answers the import panel. */
export async function importStore(page: Page, shop: string, summary: string): Promise<Locator> {
  await page.goto('/library');
  await page.getByRole('button', { name: 'Import products' }).click();
  const panel = page.getByRole('region', { name: 'Import products' });
  await panel.getByRole('button', { name: 'Import from Shopify' }).click();
  await expect(panel.getByText(`${shop} (Shopify store): ${summary}`, { exact: true })).toBeVisible(
    { timeout: 60_000 },
  );
  return panel;
}
