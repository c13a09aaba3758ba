import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUBJECTS, startTestApp, tokenOf, uniqueEmail, type TestApp } from './support/harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('email confirmation', () => {
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

  async function verified(email: string): Promise<boolean> {
    return Boolean((await h.userByEmail(email))!.emailVerified);
  }

  it('confirms the address with the mailed token', async () => {
    const client = h.client();
    const email = uniqueEmail('confirm');
    await client.signUp(email);
    expect(await verified(email)).toBe(false);
    const response = await client.confirm(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true });
    expect(await verified(email)).toBe(true);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['empty', ''],
    [
      'signed with another secret',
      // {"alg":"HS256"}.{"email":"x@example.com","exp":9999999999}.<wrong signature>
      'eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InhAZXhhbXBsZS5jb20iLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl',
    ],
  ])('refuses an invalid token (%s)', async (_label, token) => {
    const response = await h.client().verifyEmail(token);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('refuses a token whose signature was tampered with, and leaves the account unconfirmed', async () => {
    const client = h.client();
    const email = uniqueEmail('tampered');
    await client.signUp(email);
    const token = tokenOf(await h.lastMailTo(email, SUBJECTS.confirm));
    const tampered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const response = await client.verifyEmail(tampered);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
    expect(await verified(email)).toBe(false);
  });

  it('refuses a token older than 24 hours, and a fresh one still works', async () => {
    const client = h.client();
    const email = uniqueEmail('late');
    await client.signUp(email);
    const stale = tokenOf(await h.lastMailTo(email, SUBJECTS.confirm));

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY_MS + 60_000);
    const response = await client.verifyEmail(stale);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('TOKEN_EXPIRED');
    expect(await verified(email)).toBe(false);

    // Signing in unconfirmed mails a new link, which works.
    const signIn = await client.signIn(email);
    expect(signIn.statusCode).toBe(403);
    const fresh = tokenOf(await h.lastMailTo(email, SUBJECTS.confirm));
    expect(fresh).not.toBe(stale);
    expect((await client.verifyEmail(fresh)).statusCode).toBe(200);
    expect(await verified(email)).toBe(true);
  });

  it('accepts a token just inside the 24 hours', async () => {
    const client = h.client();
    const email = uniqueEmail('just-in-time');
    await client.signUp(email);
    const token = tokenOf(await h.lastMailTo(email, SUBJECTS.confirm));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + DAY_MS - 60_000);
    expect((await client.verifyEmail(token)).statusCode).toBe(200);
    expect(await verified(email)).toBe(true);
  });
});
