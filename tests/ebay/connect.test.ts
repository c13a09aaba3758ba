/**
 * Connecting an eBay account (issue 27, ADR 049) against the fake eBay: the authorization-code
 * grant with a one-time state, tokens sealed at rest, a forged or replayed callback refused
 * without a token request, the policies and location read through the Account API and chosen
 * once, and a refresh token eBay refuses asking the seller to connect again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EbayConnectionReply } from '#domain/api/ebay.js';
import { account } from '../products/support.js';
import { followCallback } from '../shopify/support.js';
import { startFakeEbay, type FakeEbay } from '../support/fake-ebay.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import { chooseSettings, connectedSeller, SETTINGS, settingsOf, startConnect } from './support.js';

describe('connecting an eBay account', () => {
  let fake: FakeEbay;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeEbay(APP_URL);
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const tokenCalls = () => fake.calls.filter((call) => call.path === '/identity/v1/oauth2/token');

  it('sends the seller to eBay’s consent page and keeps the tokens sealed', async () => {
    const a = await account(h, 'connect');
    const authorizeUrl = new URL(await startConnect(a));
    expect(authorizeUrl.origin).toBe(fake.origin);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('Listsmith-RuName');
    expect(authorizeUrl.searchParams.get('scope')).toContain('sell.account.readonly');
    expect(await followCallback(a, fake.approve(authorizeUrl.toString()))).toBe(
      '/account?ebay=connected',
    );
    const row = await h.db
      .selectFrom('ebayConnections')
      .selectAll()
      .where('userId', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.refreshToken).toMatch(/^v1\./);
    expect(row.accessToken).not.toContain('v^1.1#i^1#');
    const reply = await a.client.request({ url: '/api/ebay/connection', cookie: a.cookie });
    expect(reply.json()).toEqual({
      sandbox: false,
      connection: { needsReconnect: false, settings: null },
    } satisfies EbayConnectionReply);
  });

  it('refuses a forged, replayed or another seller’s callback without asking for a token', async () => {
    const a = await account(h, 'forged');
    const other = await account(h, 'other');
    const callback = fake.approve(await startConnect(a));
    const forged = new URL(callback, APP_URL);
    forged.searchParams.set('state', 'not-our-state');
    const before = tokenCalls().length;
    expect(await followCallback(a, forged.toString())).toBe('/account?ebay_error=invalid');
    // Another seller's browser carrying this seller's state: refused, and the state used up.
    expect(await followCallback(other, callback)).toBe('/account?ebay_error=invalid');
    expect(await followCallback(a, callback)).toBe('/account?ebay_error=invalid');
    expect(tokenCalls().length).toBe(before);
    expect(
      await h.db
        .selectFrom('ebayConnections')
        .select('userId')
        .where('userId', 'in', [a.id, other.id])
        .execute(),
    ).toEqual([]);
  });

  it('a declined consent connects nothing', async () => {
    const a = await account(h, 'declined');
    const state = new URL(await startConnect(a)).searchParams.get('state')!;
    const back = `/api/ebay/callback?${new URLSearchParams({ state, error: 'access_denied' }).toString()}`;
    expect(await followCallback(a, back)).toBe('/account?ebay_error=declined');
  });

  it('reads the policies and location through the Account API; only those can be chosen', async () => {
    const { a } = await connectedSeller(h, fake, 'settings');
    const settings = await settingsOf(a);
    expect(settings).toEqual({
      fulfillmentPolicies: [{ id: '6196932000', name: 'USPS Ground' }],
      paymentPolicies: [{ id: '6196933000', name: 'Managed payments' }],
      returnPolicies: [{ id: '6196934000', name: '30 days' }],
      locations: [{ id: 'garage', name: 'Garage' }],
      chosen: SETTINGS,
    });
    const wrong = await chooseSettings(a, { ...SETTINGS, merchantLocationKey: 'someone-else' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'ebay-settings-unknown' });
    expect((await settingsOf(a)).chosen).toEqual(SETTINGS);
  });

  it('refreshes an expired access token once; a revoked refresh token asks to connect again', async () => {
    const { a } = await connectedSeller(h, fake, 'refresh');
    fake.expireAccessTokens();
    const before = tokenCalls().length;
    await settingsOf(a);
    expect(tokenCalls().length).toBe(before + 1);
    expect(fake.calls.filter((call) => call.status === 401).length).toBeGreaterThan(0);

    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
    const refused = await a.client.request({ url: '/api/ebay/settings', cookie: a.cookie });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Your eBay account needs to be connected again.',
      code: 'ebay-reconnect',
    });
    const status = await a.client.request({ url: '/api/ebay/connection', cookie: a.cookie });
    expect((status.json() as EbayConnectionReply).connection?.needsReconnect).toBe(true);

    // Connecting again clears it and keeps the chosen settings.
    expect(await followCallback(a, fake.approve(await startConnect(a)))).toBe(
      '/account?ebay=connected',
    );
    const again = await a.client.request({ url: '/api/ebay/connection', cookie: a.cookie });
    expect(again.json()).toMatchObject({
      connection: { needsReconnect: false, settings: SETTINGS },
    });
  });

  it('needs a session', async () => {
    const response = await h.client().request({ method: 'POST', url: '/api/ebay/connect' });
    expect(response.statusCode).toBe(401);
  });
});
