import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#domain/auth-rules.js';
import { expectConsoleError } from '#domain/test-support/console-errors.js';
import {
  APP_URL,
  FOREIGN_ORIGIN,
  STRONG_PASSWORD,
  SUBJECTS,
  startTestApp,
  tokenOf,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';

describe('sign-up', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates an unverified free account with 3 credits and mails a confirmation link', async () => {
    const email = uniqueEmail('new');
    const response = await h.client().signUp(email);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toBeNull(); // no session before the address is confirmed
    expect(body.user.email).toBe(email);
    expect(response.headers['set-cookie']).toBeUndefined();

    const user = await h.userByEmail(email);
    expect(user).toBeDefined();
    expect(user).toMatchObject({ planName: 'free', fixedCredits: 3, subscriptionCredits: 0 });
    expect(Boolean(user!.emailVerified)).toBe(false);
    expect(body.user.id).toBe(user!.id);

    const ledger = await h.rows('creditLedger', 'userId', user!.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'sign-up', subscriptionDelta: 0 });
    expect(Number(ledger[0]!.fixedDelta)).toBe(3);

    const accounts = await h.rows('accounts', 'userId', user!.id);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.providerId).toBe('credential');
    expect(accounts[0]!.password).not.toContain(STRONG_PASSWORD); // stored hashed

    const mails = await h.mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(SUBJECTS.confirm);
    expect(mail.actionUrl.startsWith(`${APP_URL}/auth/callback?token=`)).toBe(true);
    expect(tokenOf(mail).length).toBeGreaterThan(20);
    expect(mail.text).toContain(mail.actionUrl);
    expect(mail.html).toContain(mail.actionUrl);
    expect(h.printed.filter((line) => line.includes(mail.actionUrl))).toHaveLength(1);
  });

  it('stores the address in lower case', async () => {
    const email = uniqueEmail('mixed');
    const response = await h.client().signUp(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(await h.userByEmail(email)).toBeDefined();
  });

  it.each([
    ['no uppercase letter', 'sunflower42'],
    ['no lowercase letter', 'SUNFLOWER42'],
    ['no digit', 'Sunflowers'],
    ['too short', 'Sun42'],
  ])('refuses a weak password (%s) and creates nothing', async (_label, password) => {
    const email = uniqueEmail('weak');
    const response = await h.client().signUp(email, password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: AUTH_MESSAGES.weakPassword,
    });
    expect(response.json().message).toBe('Password must meet all requirements');
    expect(await h.userByEmail(email)).toBeUndefined();
    expect(await h.mailsTo(email)).toHaveLength(0);
  });

  it.each(['not-an-email', 'two@@example.com', 'a b@example.com', ''])(
    'refuses the malformed address %j',
    async (email) => {
      const before = await h.db.selectFrom('users').select('id').execute();
      const response = await h.client().signUp(email);
      expect(response.statusCode).toBe(400);
      const after = await h.db.selectFrom('users').select('id').execute();
      expect(after).toHaveLength(before.length);
    },
  );

  it('refuses a malformed JSON body with 400', async () => {
    const response = await h.client().request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: '{"email": "broken@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
    expect(await h.userByEmail('broken@example.com')).toBeUndefined();
  });

  it('answers a duplicate sign-up like a new one and mails the owner instead', async () => {
    const email = uniqueEmail('taken');
    const first = await h.client().signUp(email);
    expect(first.statusCode).toBe(200);
    const owner = await h.userByEmail(email);

    const second = await h.client().signUp(email, 'Another9Password');
    expect(second.statusCode).toBe(200); // no "already exists": addresses cannot be enumerated
    expect(Object.keys(second.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(second.json().user.email).toBe(email);
    expect(second.json().user.id).not.toBe(owner!.id);

    const users = await h.rows('users', 'email', email);
    expect(users).toHaveLength(1);
    expect(users[0]!.id).toBe(owner!.id);
    expect(await h.rows('creditLedger', 'userId', owner!.id)).toHaveLength(1);
    const accounts = await h.rows('accounts', 'userId', owner!.id);
    expect(accounts).toHaveLength(1);

    const notices = await h.mailsTo(email, SUBJECTS.existing);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.actionUrl).toBe(`${APP_URL}/auth/signin`);
    expect(await h.mailsTo(email, SUBJECTS.confirm)).toHaveLength(1);

    // The original password still works once confirmed; the second one was never stored.
    const client = h.client();
    expect((await client.confirm(email)).statusCode).toBe(200);
    expect((await client.signIn(email, 'Another9Password')).statusCode).toBe(401);
    expect((await client.signIn(email)).statusCode).toBe(200);
  });

  it('refuses a sign-up posted from another site', async () => {
    // better-auth logs the refusal to the console.
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: https:\/\/evil\.example/);
    const email = uniqueEmail('csrf');
    const response = await h.client().signUp(email, STRONG_PASSWORD, { origin: FOREIGN_ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(await h.userByEmail(email)).toBeUndefined();
    expect(await h.mailsTo(email)).toHaveLength(0);
  });

  it('ignores attempts to set plan or credits from the request', async () => {
    const email = uniqueEmail('greedy');
    const response = await h.client().request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email,
        password: STRONG_PASSWORD,
        name: 'greedy',
        planName: 'premium',
        fixedCredits: 1000,
        subscriptionCredits: 50,
      },
    });
    // Fields declared `input: false` are dropped from the request.
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ planName: 'free', fixedCredits: 3 });
    const user = await h.userByEmail(email);
    expect(user).toMatchObject({ planName: 'free', fixedCredits: 3, subscriptionCredits: 0 });
  });
});

describe('sign-up on a development server without APP_URL', () => {
  let h: TestApp;
  beforeAll(async () => {
    // As `npm start` runs it: APP_URL unset (empty counts as unset), PORT given.
    h = await startTestApp({ env: { APP_URL: '', NODE_ENV: 'development', PORT: '3205' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('accepts the address the server prints (127.0.0.1) as well as localhost', async () => {
    for (const origin of ['http://127.0.0.1:3205', 'http://localhost:3205']) {
      const email = uniqueEmail('loopback');
      const response = await h.client().signUp(email, STRONG_PASSWORD, { origin });
      expect(response.statusCode, origin).toBe(200);
      expect(await h.userByEmail(email), origin).toBeDefined();
    }
  });

  it('passes our own cross-site check from 127.0.0.1 too', async () => {
    const from = (origin: string) =>
      h.client().request({ method: 'POST', url: '/api/nothing-here', origin, payload: {} });
    // Past the cross-site check to the router's 404; another site stops at the check.
    expect((await from('http://127.0.0.1:3205')).statusCode).toBe(404);
    expect((await from('http://localhost:3205')).statusCode).toBe(404);
    expect((await from(FOREIGN_ORIGIN)).statusCode).toBe(403);
  });

  it('still refuses other ports and hosts', async () => {
    // better-auth logs each refusal on the console.
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: http:\/\/127\.0\.0\.1:3000/);
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: http:\/\/localhost:8080/);
    expectConsoleError(/\[Better Auth\]:.*Invalid origin: https:\/\/evil\.example/);
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:8080', FOREIGN_ORIGIN]) {
      const email = uniqueEmail('elsewhere');
      const response = await h.client().signUp(email, STRONG_PASSWORD, { origin });
      expect(response.statusCode, origin).toBe(403);
      expect(await h.userByEmail(email), origin).toBeUndefined();
    }
  });
});
