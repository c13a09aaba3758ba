/**
 * better-auth, not our code, shapes the replies under /api/auth; the web app parses them with the
 * contracts in src/domain/api/auth.ts. These tests hold the real replies to those contracts, so a
 * better-auth upgrade that changes one fails here rather than in a seller's browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sessionStateSchema,
  signInReplySchema,
  signOutReplySchema,
  signUpReplySchema,
  statusReplySchema,
} from '#domain/api/auth.js';
import { publicConfigSchema } from '#domain/api/public-config.js';
import {
  SUBJECTS,
  sessionCookieOf,
  startTestApp,
  tokenOf,
  uniqueEmail,
  type TestApp,
} from './support/harness.js';

const NEW_PASSWORD = 'Another42pass';

describe('the replies the web app reads match their contracts', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ env: { SUPPORT_EMAIL: 'help@shop.example' } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sign-up, confirmation, sign-in, session, password reset and sign-out', async () => {
    const client = h.client();
    const email = uniqueEmail('contract');

    const signUp = await client.signUp(email);
    expect(signUp.statusCode).toBe(200);
    const user = await h.userByEmail(email);
    expect(signUpReplySchema.parse(signUp.json())).toEqual({ user: { id: user!.id } });
    // Signing up again answers the same shape (no account enumeration).
    expect(signUpReplySchema.safeParse((await client.signUp(email)).json()).success).toBe(true);

    const confirm = await client.confirm(email);
    expect(confirm.statusCode).toBe(200);
    expect(statusReplySchema.parse(confirm.json())).toEqual({ status: true });

    const signIn = await client.signIn(email);
    expect(signIn.statusCode).toBe(200);
    expect(signInReplySchema.parse(signIn.json())).toEqual({ user: { id: user!.id } });
    const cookie = sessionCookieOf(signIn)!;

    const session = await client.request({ url: '/api/auth/get-session', cookie });
    const state = sessionStateSchema.parse(session.json());
    expect(state).toMatchObject({ user: { id: user!.id, email, emailVerified: true } });
    expect(Number.isNaN(Date.parse(state!.session.expiresAt))).toBe(false);
    // better-auth sends the session token along; what the client keeps of the reply drops it.
    expect(session.json().session.token).toEqual(expect.any(String));
    expect(state!.session).not.toHaveProperty('token');

    const signedOut = await h.client().request({ url: '/api/auth/get-session' });
    expect(signedOut.statusCode).toBe(200);
    expect(sessionStateSchema.parse(signedOut.json())).toBeNull();

    const resetRequest = await client.requestPasswordReset(email);
    expect(resetRequest.statusCode).toBe(200);
    expect(statusReplySchema.parse(resetRequest.json())).toEqual({ status: true });
    const reset = await client.resetPassword(
      tokenOf(await h.lastMailTo(email, SUBJECTS.reset)),
      NEW_PASSWORD,
    );
    expect(reset.statusCode).toBe(200);
    expect(statusReplySchema.parse(reset.json())).toEqual({ status: true });

    const signOut = await client.signOut(await client.sessionFor(email, NEW_PASSWORD));
    expect(signOut.statusCode).toBe(200);
    expect(signOutReplySchema.parse(signOut.json())).toEqual({ success: true });
  });

  it('public config', async () => {
    const response = await h.client().request({ url: '/api/public-config' });
    expect(publicConfigSchema.parse(response.json())).toEqual({
      supportEmail: 'help@shop.example',
    });
  });
});
