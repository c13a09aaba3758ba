import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  SUBJECTS,
  sessionCookieOf,
  startTestApp,
  tokenOf,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

describe('logs', () => {
  let h: TestApp;
  const consoleLines: string[] = [];
  let spies: MockInstance[] = [];

  beforeAll(async () => {
    // The most verbose level: nothing secret may appear even there.
    h = await startTestApp({ env: { LOG_LEVEL: 'trace' } });
    // better-auth writes its own warnings to the console; those count as log output too.
    spies = CONSOLE_METHODS.map((method) =>
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(
          args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
        );
      }),
    );
  });
  afterAll(async () => {
    spies.forEach((spy) => spy.mockRestore());
    await h?.close();
  });

  it('contain no password, session token, cookie or one-time token', async () => {
    const client = h.client();
    const email = uniqueEmail('secretive');
    const firstPassword = 'Marigold314';
    const wrongPassword = 'Hyacinth271';
    const newPassword = 'Snowdrop161';
    const secrets: string[] = [firstPassword, wrongPassword, newPassword, h.config.authSecret];

    expect((await client.signUp(email, firstPassword)).statusCode).toBe(200);
    // Unconfirmed sign-in attempt (sends a second confirmation).
    expect((await client.signIn(email, firstPassword)).statusCode).toBe(403);
    for (const mail of await h.mailsTo(email, SUBJECTS.confirm)) secrets.push(tokenOf(mail));
    expect((await client.confirm(email)).statusCode).toBe(200);

    expect((await client.signIn(email, wrongPassword)).statusCode).toBe(401);
    const signIn = await client.signIn(email, firstPassword);
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookieOf(signIn)!;
    const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
    secrets.push(cookieValue, decodeURIComponent(cookieValue), signIn.json().token as string);
    expect((await client.profile(cookie)).statusCode).toBe(200);
    // A request carrying the cookie that fails is logged too.
    await client.request({ url: '/api/nothing', cookie });

    expect((await client.requestPasswordReset(email)).statusCode).toBe(200);
    const resetToken = tokenOf(await h.lastMailTo(email, SUBJECTS.reset));
    secrets.push(resetToken);
    expect((await client.resetPassword(resetToken, 'weak')).statusCode).toBe(400);
    expect((await client.resetPassword(resetToken, newPassword)).statusCode).toBe(200);
    expect((await client.resetPassword(resetToken, newPassword)).statusCode).toBe(400);

    const second = await client.signIn(email, newPassword);
    const secondCookie = sessionCookieOf(second)!;
    secrets.push(secondCookie.slice(secondCookie.indexOf('=') + 1), second.json().token);
    expect((await client.signOut(secondCookie)).statusCode).toBe(200);

    // The capture works: the requests above are in the app's log (tokens in URLs redacted).
    const appLog = h.logs.join('');
    expect(appLog).toContain('/api/auth/sign-in/email');
    expect(appLog).toContain('/api/auth/verify-email?[redacted]');
    expect(appLog).toContain('/api/auth/reset-password');

    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect(appLog.includes(secret), `app log contains ${secret.slice(0, 4)}…`).toBe(false);
      expect(
        consoleLines.some((line) => line.includes(secret)),
        `console contains ${secret.slice(0, 4)}…`,
      ).toBe(false);
    }
    expect(appLog).not.toMatch(/"cookie"|set-cookie|authorization/i);
  });
});
