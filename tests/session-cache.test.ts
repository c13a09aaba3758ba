/**
 * Sessions checked a moment ago are kept in memory (ADR 023); whatever ends a session through
 * this server must still end it at once. Each test reads the profile first, so the session is
 * in the cache when it is ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBJECTS, startTestApp, tokenOf, uniqueEmail, type TestApp } from './support/harness.js';

describe('the session cache', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function signedInTwice(label: string) {
    const laptop = h.client();
    const phone = h.client();
    const { email, cookie: laptopCookie } = await laptop.register(uniqueEmail(label));
    const phoneCookie = await phone.sessionFor(email);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(200);
    expect((await phone.profile(phoneCookie)).statusCode).toBe(200);
    return { email, laptop, phone, laptopCookie, phoneCookie };
  }

  it('forgets the other sessions a seller revokes', async () => {
    const { laptop, phone, laptopCookie, phoneCookie } = await signedInTwice('revoke-others');
    const response = await phone.request({
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      payload: {},
      cookie: phoneCookie,
    });
    expect(response.statusCode).toBe(200);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(401);
    expect((await phone.profile(phoneCookie)).statusCode).toBe(200);
  });

  it('forgets every session of an account whose password was reset', async () => {
    const { email, laptop, phone, laptopCookie, phoneCookie } = await signedInTwice('reset');
    expect((await laptop.requestPasswordReset(email)).statusCode).toBe(200);
    const token = tokenOf(await h.lastMailTo(email, SUBJECTS.reset));
    expect((await laptop.resetPassword(token, 'Another-Passw0rd')).statusCode).toBe(200);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(401);
    expect((await phone.profile(phoneCookie)).statusCode).toBe(401);
  });

  it('forgets every session of a deleted account', async () => {
    const { laptop, phone, laptopCookie, phoneCookie } = await signedInTwice('deleted');
    const response = await laptop.request({
      method: 'DELETE',
      url: '/api/user/profile',
      cookie: laptopCookie,
    });
    expect(response.statusCode).toBe(200);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(401);
    expect((await phone.profile(phoneCookie)).statusCode).toBe(401);
  });

  it('does not keep a session for a cookie sent twice', async () => {
    const { laptop, laptopCookie, phoneCookie } = await signedInTwice('twice');
    const both = `${laptopCookie}; ${phoneCookie}`;
    // Whichever better-auth reads, nothing is cached under either value alone.
    expect([200, 401]).toContain((await laptop.profile(both)).statusCode);
    expect((await laptop.signOut(laptopCookie)).statusCode).toBe(200);
    expect((await laptop.profile(laptopCookie)).statusCode).toBe(401);
  });
});
