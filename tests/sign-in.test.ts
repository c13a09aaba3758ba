import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage } from '#domain/auth-rules.js';
import { expectConsoleError } from '#domain/test-support/console-errors.js';
import {
  FOREIGN_ORIGIN,
  SESSION_COOKIE,
  STRONG_PASSWORD,
  SUBJECTS,
  sessionCookieOf,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
}

describe('sign-in and sign-out', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses an unconfirmed account with 403 EMAIL_NOT_VERIFIED and no session', async () => {
    const client = h.client();
    const email = uniqueEmail('unconfirmed');
    await client.signUp(email);
    const response = await client.signIn(email);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(authErrorMessage({ status: 403, ...response.json() })).toBe(
      AUTH_MESSAGES.emailNotConfirmed,
    );
    expect(sessionCookieOf(response)).toBeUndefined();
    const user = await h.userByEmail(email);
    expect(await h.rows('sessions', 'userId', user!.id)).toHaveLength(0);
    // A fresh confirmation link is sent on the attempt.
    expect(await h.mailsTo(email, SUBJECTS.confirm)).toHaveLength(2);
  });

  it('signs a confirmed account in with an httpOnly, SameSite=Lax session cookie', async () => {
    const client = h.client();
    const email = uniqueEmail('confirmed');
    await client.signUp(email);
    const confirm = await client.confirm(email);
    expect(confirm.statusCode).toBe(200);
    const user = await h.userByEmail(email);
    expect(Boolean(user!.emailVerified)).toBe(true);
    // Confirming signs the new seller in: the check-your-email screen promises it.
    expect(sessionCookieOf(confirm)).toBeDefined();

    const response = await client.signIn(email);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user!.id, email });
    const cookieLine = setCookies(response).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookieLine).toBeDefined();
    expect(cookieLine).toMatch(/;\s*HttpOnly/i);
    expect(cookieLine).toMatch(/;\s*SameSite=Lax/i);
    expect(cookieLine).toMatch(/;\s*Path=\//i);
    expect(cookieLine).not.toMatch(/;\s*Secure/i); // plain-http APP_URL in tests

    // One session from the confirmation link, one from this sign-in.
    const sessions = await h.rows('sessions', 'userId', user!.id);
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.ipAddress === client.ip)).toBe(true);

    const cookie = sessionCookieOf(response)!;
    const profile = await client.profile(cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
  });

  it('answers a wrong password and an unknown address identically with 401', async () => {
    const client = h.client();
    const { email } = await client.register(uniqueEmail('known'));
    const wrong = await client.signIn(email, 'Wrong1Password');
    const unknown = await client.signIn(uniqueEmail('unknown'), 'Wrong1Password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(authErrorMessage({ status: 401, ...wrong.json() })).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(sessionCookieOf(unknown)).toBeUndefined();
  });

  it('refuses a sign-in posted from another site, even with the right password', async () => {
    // better-auth logs each refusal to the console.
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: https:\/\/evil\.example/);
    expectConsoleError(/\[Better Auth\]:.*Blocked cross-site navigation login attempt/);
    const client = h.client();
    const { email } = await client.register(uniqueEmail('csrf'));
    const user = await h.userByEmail(email);
    const before = (await h.rows('sessions', 'userId', user!.id)).length;

    const response = await client.signIn(email, STRONG_PASSWORD, { origin: FOREIGN_ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await h.rows('sessions', 'userId', user!.id)).toHaveLength(before);

    // A cross-site form navigation (no Origin, fetch metadata only) is refused as well.
    const navigation = await client.signIn(email, STRONG_PASSWORD, {
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(navigation.statusCode).toBe(403);
    expect(sessionCookieOf(navigation)).toBeUndefined();
  });

  it('signing out ends the session on the server', async () => {
    const client = h.client();
    const { email, cookie } = await client.register(uniqueEmail('leaving'));
    const user = await h.userByEmail(email);
    expect((await client.profile(cookie)).statusCode).toBe(200);

    const response = await client.signOut(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    // The browser is told to drop the cookie…
    const cleared = setCookies(response).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0/i);
    // …and a copy of it is worthless: the session row is gone.
    expect(await h.rows('sessions', 'userId', user!.id)).toHaveLength(0);
    const profile = await client.profile(cookie);
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toEqual({ error: 'Unauthorized' });
  });

  it('only ends the session it was sent with', async () => {
    const email = uniqueEmail('two-devices');
    const phone = h.client();
    const laptop = h.client();
    const { cookie: phoneCookie } = await phone.register(email);
    const laptopCookie = await laptop.sessionFor(email);
    expect((await phone.signOut(phoneCookie)).statusCode).toBe(200);
    expect((await phone.profile(phoneCookie)).statusCode).toBe(401);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(200);
  });

  it('refuses sign-out posted from another site', async () => {
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: https:\/\/evil\.example/);
    const client = h.client();
    const { cookie } = await client.register(uniqueEmail('sticky'));
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: {},
      cookie,
      origin: FOREIGN_ORIGIN,
    });
    expect(response.statusCode).toBe(403);
    expect((await client.profile(cookie)).statusCode).toBe(200);
  });

  it('rejects a forged or tampered session cookie', async () => {
    const client = h.client();
    const { cookie } = await client.register(uniqueEmail('tamper'));
    const [name, value] = cookie.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -3)}${value.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    expect((await client.profile(tampered)).statusCode).toBe(401);
    expect((await client.profile(`${SESSION_COOKIE}=not-a-session`)).statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  const LIMIT = 3;
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ env: { SIGNIN_ATTEMPTS_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it(`answers 429 after ${LIMIT} attempts a minute from one address`, async () => {
    const setup = h.client();
    const { email } = await setup.register(uniqueEmail('target'));
    const attacker = h.client();
    for (let i = 0; i < LIMIT; i += 1) {
      const response = await attacker.signIn(email, `Wrong${i}Password`);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await attacker.signIn(email, `Wrong9Password`);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['x-retry-after'])).toBeGreaterThan(0);
    expect(authErrorMessage({ status: blocked.statusCode, ...safeJson(blocked.body) })).toBe(
      'Too many sign in attempts. Please try again later',
    );
    // Even the right password is refused while the limit lasts.
    const right = await attacker.signIn(email);
    expect(right.statusCode).toBe(429);
    expect(sessionCookieOf(right)).toBeUndefined();

    // A client-supplied address header does not get around it.
    const spoofed = await attacker.signIn(email, STRONG_PASSWORD, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-listsmith-client-ip': '203.0.113.10' },
    });
    expect(spoofed.statusCode).toBe(429);

    // Another address is unaffected.
    expect((await h.client().signIn(email)).statusCode).toBe(200);
  });

  it('lets the address try again after the window', async () => {
    const client = h.client();
    const { email } = await h.client().register(uniqueEmail('patient'));
    for (let i = 0; i <= LIMIT; i += 1) await client.signIn(email, 'Wrong1Password');
    expect((await client.signIn(email)).statusCode).toBe(429);
    // Age the stored counter by a minute instead of waiting for it.
    const aged = await sql`update ${sql.table('rateLimit')} set ${sql.ref('lastRequest')} = ${
      Date.now() - 61_000
    } where ${sql.ref('key')} like ${`${client.ip}|%`}`.execute(h.db);
    expect(Number(aged.numAffectedRows)).toBeGreaterThan(0);
    expect((await client.signIn(email)).statusCode).toBe(200);
  });
});

function safeJson(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}
