import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage } from '#domain/auth-rules.js';
import { expectConsoleError } from '#domain/test-support/console-errors.js';
import {
  APP_URL,
  STRONG_PASSWORD,
  SUBJECTS,
  startTestApp,
  tokenOf,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from './support/harness.js';

const NEW_PASSWORD = 'Daffodil77';

describe('password reset', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function passwordHash(email: string): Promise<unknown> {
    const user = await h.userByEmail(email);
    const [account] = await h.rows('accounts', 'userId', user!.id);
    return account!.password;
  }

  /** A confirmed, signed-in account and the token of a reset link requested for it. */
  async function accountWithResetLink(label: string) {
    const client = h.client();
    const { email, cookie } = await client.register(uniqueEmail(label));
    const response = await client.requestPasswordReset(email);
    expect(response.statusCode).toBe(200);
    const mail = await h.lastMailTo(email, SUBJECTS.reset);
    return { client, email, cookie, mail, token: tokenOf(mail) };
  }

  async function expectPassword(client: TestClient, email: string, works: string, fails: string) {
    expect((await client.signIn(email, fails)).statusCode).toBe(401);
    expect((await client.signIn(email, works)).statusCode).toBe(200);
  }

  it('mails a one-hour link to the reset page', async () => {
    const { mail, token } = await accountWithResetLink('link');
    expect(mail.actionUrl).toBe(`${APP_URL}/auth/reset-password?token=${token}`);
    expect(mail.text).toContain(mail.actionUrl);
    expect(mail.html).toContain(mail.actionUrl);
    expect(mail.text).toContain('expires in one hour');
  });

  it('refuses a weak new password and keeps the old one', async () => {
    const { client, email, token } = await accountWithResetLink('weak');
    const hashBefore = await passwordHash(email);
    for (const weak of ['daffodil77', 'DAFFODIL77', 'Daffodils', 'Daff7']) {
      const response = await client.resetPassword(token, weak);
      expect(response.statusCode, weak).toBe(400);
      expect(response.json(), weak).toMatchObject({ code: 'WEAK_PASSWORD' });
    }
    expect(await passwordHash(email)).toBe(hashBefore);
    // The token was not used up by the refused attempts.
    expect((await client.resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sets the new password, retires the old one and signs out every session', async () => {
    const { client, email, cookie, token } = await accountWithResetLink('valid');
    const otherDevice = await h.client().sessionFor(email);
    const user = await h.userByEmail(email);
    expect((await h.rows('sessions', 'userId', user!.id)).length).toBeGreaterThanOrEqual(2);

    const response = await client.resetPassword(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true });

    expect(await h.rows('sessions', 'userId', user!.id)).toHaveLength(0);
    expect((await client.profile(cookie)).statusCode).toBe(401);
    expect((await client.profile(otherDevice)).statusCode).toBe(401);
    await expectPassword(client, email, NEW_PASSWORD, STRONG_PASSWORD);
  });

  it('accepts each link once: reuse answers 400 INVALID_TOKEN', async () => {
    const { client, email, token } = await accountWithResetLink('reuse');
    expect((await client.resetPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    const again = await client.resetPassword(token, 'Tulip1234');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    expect(authErrorMessage({ status: 400, ...again.json() })).toBe(AUTH_MESSAGES.resetLinkInvalid);
    await expectPassword(client, email, NEW_PASSWORD, 'Tulip1234');
  });

  it('refuses a link after one hour', async () => {
    const { client, email, token } = await accountWithResetLink('late');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const response = await client.resetPassword(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
    vi.useRealTimers();
    await expectPassword(client, email, STRONG_PASSWORD, NEW_PASSWORD);
  });

  it('refuses a link whose stored expiry has passed', async () => {
    const { client, email, token } = await accountWithResetLink('expired-row');
    const past = new Date(Date.now() - 60_000);
    const result = await sql`update ${sql.table('verifications')} set ${sql.ref('expiresAt')} = ${
      h.database.kind === 'postgres' ? past : past.toISOString()
    } where ${sql.ref('identifier')} = ${`reset-password:${token}`}`.execute(h.db);
    expect(Number(result.numAffectedRows)).toBe(1);

    const response = await client.resetPassword(token, NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
    await expectPassword(client, email, STRONG_PASSWORD, NEW_PASSWORD);
  });

  it('refuses a made-up token', async () => {
    const response = await h.client().resetPassword('made-up-token', NEW_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = await h.client().register(uniqueEmail('known'));
    const unknownEmail = uniqueEmail('unknown');
    const mailsBefore = (await h.outbox.list()).length;

    const forUnknown = await h.client().requestPasswordReset(unknownEmail);
    expect(forUnknown.statusCode).toBe(200);
    expect(await h.mailsTo(unknownEmail)).toHaveLength(0);
    expect(await h.outbox.list()).toHaveLength(mailsBefore);

    const forKnown = await h.client().requestPasswordReset(known.email);
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.json()).toEqual(forUnknown.json());
    expect(await h.mailsTo(known.email, SUBJECTS.reset)).toHaveLength(1);
  });

  it('refuses to put a foreign redirect address into a reset link', async () => {
    // better-auth logs the refusal to the console.
    expectConsoleError(/\[Better Auth\]:.*Invalid redirectURL: https:\/\/evil\.example\/steal/);
    const { email } = await h.client().register(uniqueEmail('redirect'));
    const response = await h.client().request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: 'https://evil.example/steal' },
    });
    expect(response.statusCode).toBe(403);
    expect(await h.mailsTo(email, SUBJECTS.reset)).toHaveLength(0);
  });
});
