/**
 * Accounts and sessions for e2e tests, written straight into the e2e server's database through
 * better-auth's own test helpers (testUtils) over the server's own auth options: the password is
 * hashed by better-auth's hasher, the user-created hook grants the free credits as a sign-up does,
 * and the session cookie is signed with the server's AUTH_SECRET. Signing up through the screens
 * is covered once, in auth.spec.ts; every other test starts from here and saves those seconds.
 */
import path from 'node:path';
import { test as base, type BrowserContext } from '@playwright/test';
import { betterAuth } from 'better-auth';
import { testUtils } from 'better-auth/plugins';
import { createAccountThrottle } from '#server/auth/account-throttle';
import { authOptions } from '#server/auth/auth';
import { createThrottleRepository } from '#server/auth/throttle-repository';
import { loadConfig } from '#server/config';
import { openDatabase } from '#server/db/connection';
import type { Mailer } from '#server/mail/mailer';
import { e2eServerEnv } from './server-env';
import { PASSWORD, uniqueEmail } from './support';

export { expect } from '@playwright/test';

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

interface Accounts {
  /** A confirmed account with the e2e password, not signed in anywhere. */
  create(tag: string): Promise<TestAccount>;
  /** Signs `context` in as `account`: a new session row and its signed cookie. */
  signIn(context: BrowserContext, account: TestAccount): Promise<void>;
}

const noMail: Mailer = {
  send: async () => {
    throw new Error('The e2e account fixture sends no mail');
  },
};

/** Accounts of the server that runs with `env` (by default the shared e2e server). */
export function openAccounts(env: Record<string, string> = e2eServerEnv) {
  const config = loadConfig(env);
  const database = openDatabase(config.database);
  const auth = betterAuth({
    ...authOptions({
      config,
      database,
      mailer: noMail,
      throttle: createAccountThrottle(createThrottleRepository(database.db), Date.now),
    }),
    plugins: [testUtils()],
  });
  const accounts: Accounts = {
    create: async (tag) => {
      const ctx = await auth.$context;
      const email = uniqueEmail(tag);
      const user = await ctx.test.saveUser(
        ctx.test.createUser({ email, name: email.split('@')[0]!, emailVerified: true }),
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash(PASSWORD),
      });
      return { id: user.id, email, password: PASSWORD };
    },
    signIn: async (context, account) => {
      const ctx = await auth.$context;
      await context.addCookies(await ctx.test.getCookies({ userId: account.id }));
    },
  };
  return { accounts, close: () => database.db.destroy() };
}

export const test = base.extend<{ user: TestAccount }, { accounts: Accounts }>({
  accounts: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const { accounts, close } = openAccounts();
      await provide(accounts);
      await close();
    },
    { scope: 'worker' },
  ],
  /**
   * A confirmed account, signed in in the test's browser context. Playwright sets up only the
   * fixtures a test names, so a test that needs no details still asks for it (`user: _user`).
   */
  user: async ({ accounts, context }, provide, testInfo) => {
    const account = await accounts.create(path.basename(testInfo.file, '.spec.ts'));
    await accounts.signIn(context, account);
    await provide(account);
  },
});
