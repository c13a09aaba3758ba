import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#domain/auth-rules.js';
import { ACCOUNT_MAIL_LIMIT, SIGN_IN_THROTTLE } from '#domain/auth-throttle.js';
import { RESET_REQUEST_MIN_MS } from '#server/auth/routes.js';
import {
  STRONG_PASSWORD,
  SUBJECTS,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';

const WRONG = 'Wrong-password-1';

/** Issue 18's probe: per-account limits, proxy addresses, timing and unclean text. */
describe('per-account sign-in throttle', () => {
  let h: TestApp;
  let now = Date.parse('2026-11-25T10:00:00Z');
  beforeAll(async () => {
    // A generous per-address limit: these tests are about the per-account one.
    h = await startTestApp({
      env: { SIGNIN_ATTEMPTS_PER_MINUTE: '1000' },
      now: () => new Date(now),
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('checks a password at most the free failures when 120 guesses come from 20 addresses at once', async () => {
    const { email } = await h.client().register();
    const clients = Array.from({ length: 20 }, () => h.client());
    const responses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => clients[i % 20]!.signIn(email, WRONG)),
    );
    const checked = responses.filter((r) => r.statusCode === 401).length;
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_THROTTLE.freeFailures);
    expect(checked + refused.length).toBe(120);
    expect(refused[0]!.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('grows the wait after each failure, never past the cap, and a right password clears it', async () => {
    const { email } = await h.client().register();
    const client = h.client();
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      expect((await client.signIn(email, WRONG)).statusCode).toBe(401);
    }
    // Even the right password waits: the attempt is refused before any password check.
    expect((await client.signIn(email, STRONG_PASSWORD)).statusCode).toBe(429);
    now += 1_000;
    expect((await client.signIn(email, WRONG)).statusCode).toBe(401);
    now += 1_000;
    expect((await client.signIn(email, WRONG)).statusCode).toBe(429);
    now += 1_000;
    expect((await client.signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
    // Cleared: the next wrong guesses are free again.
    expect((await client.signIn(email, WRONG)).statusCode).toBe(401);
  });

  it('keeps an account reachable once per maximum delay however long the guessing goes on', async () => {
    const { email } = await h.client().register();
    const client = h.client();
    for (let i = 0; i < 12; i++) {
      now += SIGN_IN_THROTTLE.maxDelayMs;
      expect((await client.signIn(email, WRONG)).statusCode).toBe(401);
    }
    now += SIGN_IN_THROTTLE.maxDelayMs;
    expect((await client.signIn(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count one seller’s failures against another account behind the same address', async () => {
    const office = '10.9.9.9';
    const [a, b] = [await h.client().register(), await h.client().register()];
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 2; i++)
      await h.client(office).signIn(a.email, WRONG);
    expect((await h.client(office).signIn(b.email)).statusCode).toBe(200);
  });

  it('sends at most the per-account number of reset mails per window', async () => {
    const { email } = await h.client().register();
    const before = (await h.mailsTo(email, SUBJECTS.reset)).length;
    for (let i = 0; i < ACCOUNT_MAIL_LIMIT.perWindow + 5; i++) {
      const response = await h.client().requestPasswordReset(email);
      expect(response.statusCode).toBe(200);
    }
    expect((await h.mailsTo(email, SUBJECTS.reset)).length - before).toBe(
      ACCOUNT_MAIL_LIMIT.perWindow,
    );
    now += ACCOUNT_MAIL_LIMIT.windowMs;
    await h.client().requestPasswordReset(email);
    expect((await h.mailsTo(email, SUBJECTS.reset)).length - before).toBe(
      ACCOUNT_MAIL_LIMIT.perWindow + 1,
    );
  });
});

describe('reset request timing', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers a known and an unknown address after the same time', async () => {
    const { email } = await h.client().register();
    const timed = async (address: string) => {
      const started = performance.now();
      expect((await h.client().requestPasswordReset(address)).statusCode).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    expect(median(known)).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(median(unknown)).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(RESET_REQUEST_MIN_MS / 3);
  });
});

describe('TRUST_PROXY', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ env: { TRUST_PROXY: 'true', SIGNIN_ATTEMPTS_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('takes the address the proxy appended, so a forged X-Forwarded-For cannot dodge the limit', async () => {
    const proxy = h.client('127.0.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await proxy.signIn(uniqueEmail('spray'), WRONG, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.7` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });
});

describe('unclean text at the boundary', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('refuses a sign-up whose name is huge or holds control characters, and stores nothing', async () => {
    for (const name of ['x'.repeat(900 * 1024), 'ann\u0000', '   ']) {
      const email = uniqueEmail('name');
      const response = await h.client().request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: STRONG_PASSWORD, name },
      });
      expect(response.statusCode).toBe(400);
      expect(await h.userByEmail(email)).toBeUndefined();
    }
  });

  const UNFIT_NAMES = [
    'x'.repeat(900 * 1024),
    'ann\u0000',
    'ann\r\nBcc: eve@example.com',
    'ann\u202eeve',
    'a\u200bnn',
    '\ufeffann',
    '<script>alert(1)</script>',
    '',
    '   ',
  ];

  it('refuses the same names (and unclean ones) on sign-up', async () => {
    for (const name of UNFIT_NAMES.slice(3)) {
      const email = uniqueEmail('unclean');
      const response = await h.client().request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, password: STRONG_PASSWORD, name },
      });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(await h.userByEmail(email)).toBeUndefined();
    }
  });

  it('applies the sign-up name rules to update-user, and stores no picture', async () => {
    const client = h.client();
    const { email, cookie } = await client.register(uniqueEmail('rename'));
    const update = (payload: Record<string, unknown>) =>
      client.request({ method: 'POST', url: '/api/auth/update-user', payload, cookie });
    const stored = async () => (await h.userByEmail(email))!;
    const before = await stored();
    for (const name of UNFIT_NAMES) {
      const response = await update({ name });
      expect(response.statusCode, JSON.stringify(name).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_NAME' });
    }
    for (const image of ['x'.repeat(900 * 1024), 'https://example.com/me.png']) {
      expect((await update({ image })).statusCode).toBe(400);
    }
    expect(await stored()).toMatchObject({ name: before.name, image: before.image });

    const renamed = await update({ name: 'Ada Lovelace' });
    expect(renamed.statusCode).toBe(200);
    expect((await stored()).name).toBe('Ada Lovelace');
  });
});

describe('the session read', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is not counted against the address: 150 reads in a minute from one address all answer', async () => {
    // One client is one address.
    const seller = h.client();
    const { cookie, email } = await seller.register();
    for (let i = 0; i < 150; i++) {
      const response = await seller.request({ url: '/api/auth/get-session', cookie });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ user: { email: string } }>().user.email).toBe(email);
    }
  });
});
