import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors.js';
import { decryptToken } from '#server/shopify/crypto.js';
import { testClock, type TestClock } from '../billing/support.js';
import { account, type Account } from '../products/support.js';
import {
  FAKE_API_SECRET,
  signedQuery,
  startFakeShopify,
  type FakeShopify,
} from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { followCallback, oauthState, startConnect, storeRows, storesOf } from './support.js';

const INVALID_DOMAIN = 'Please enter a valid Shopify store domain (e.g. your-store.myshopify.com)';

describe('connecting a Shopify store', () => {
  let fake: FakeShopify;
  let h: TestApp;
  let clock: TestClock;
  const seconds = () => String(Math.floor(clock.now().getTime() / 1000));

  beforeAll(async () => {
    fake = await startFakeShopify();
    clock = testClock(new Date());
    h = await startTestApp({ env: fake.env, now: clock.now });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  /** The whole round trip: state, the merchant's Install at the fake, the callback. */
  async function connect(a: Account, shop: string) {
    const { authorizeUrl } = await startConnect(a, shop);
    return followCallback(a, await fake.approve(authorizeUrl, { timestamp: Number(seconds()) }));
  }

  async function stateCount() {
    const rows = await h.db.selectFrom('shopifyOAuthStates').select('stateHash').execute();
    return rows.length;
  }

  it('connects a store: expiring offline token, sealed at rest, listed without tokens', async () => {
    const a = await account(h, 'connect');
    const before = fake.tokenRequests.length;
    const { authorizeUrl, shop, state } = await startConnect(
      a,
      'https://Acme-Goods.myshopify.com/admin',
    );
    expect(shop).toBe('acme-goods.myshopify.com');
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      fake.origin.replace('{shop}', shop) + '/admin/oauth/authorize',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'fake-shopify-key',
      scope: 'write_products',
      redirect_uri: 'http://app.listsmith.test/api/shopify/callback',
      state,
    });

    const location = await followCallback(
      a,
      await fake.approve(authorizeUrl, { timestamp: Number(seconds()) }),
    );
    expect(location).toBe('/create?shop_connected=acme-goods.myshopify.com');

    const requests = fake.tokenRequests.slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      shop,
      grant: 'authorization_code',
      body: { client_id: 'fake-shopify-key', client_secret: FAKE_API_SECRET, expiring: 1 },
    });
    const [row] = await storeRows(h, a.id);
    expect(row).toBeDefined();
    const plain = [...fake.accessTokens].find(([, owner]) => owner === shop)![0];
    expect(row!.accessToken).not.toContain(plain);
    expect(row!.refreshToken).not.toContain('shprt_');
    expect(decryptToken(row!.accessToken, h.config.shopify.tokenKey)).toBe(plain);
    expect(new Date(row!.accessTokenExpiresAt!).getTime() - clock.now().getTime()).toBe(3600_000);

    const stores = await storesOf(a);
    expect(stores).toEqual([{ id: row!.id, shopDomain: shop }]);
    const profile = await a.client.profile(a.cookie);
    expect(profile.json().ShopifyStore).toEqual(stores);
    expect(profile.body).not.toContain(plain);
    expect(h.logs.join('\n')).not.toContain(plain);
    expect(h.logs.join('\n')).not.toContain(FAKE_API_SECRET);
    expect(await stateCount()).toBe(0);

    // Connecting the same shop again replaces its tokens, never a second row.
    await connect(a, shop);
    expect(await storeRows(h, a.id)).toHaveLength(1);
    expect((await storeRows(h, a.id))[0]!.id).toBe(row!.id);
  });

  it('refuses a domain that is not a myshopify.com store, storing no state', async () => {
    const a = await account(h, 'domain');
    const before = await stateCount();
    for (const shop of [
      '',
      'evil.com',
      'acme.myshopify.com.evil.com',
      'evil.com/a.myshopify.com',
      'a.myshopify.com:8080',
    ]) {
      const response = await oauthState(a, shop);
      expect(response.statusCode, shop).toBe(400);
      expect(response.json()).toMatchObject({ error: INVALID_DOMAIN });
    }
    expect(await stateCount()).toBe(before);
    const anonymous = await h.client().request({
      method: 'POST',
      url: '/api/shopify/oauth-state',
      payload: { shop: 'acme.myshopify.com' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps at most 10 open states per user, the newest', async () => {
    const a = await account(h, 'many');
    const first = await startConnect(a, 'many.myshopify.com');
    for (let i = 0; i < 10; i += 1) {
      clock.set(new Date(clock.now().getTime() + 1000));
      await startConnect(a, 'many.myshopify.com');
    }
    const rows = await h.db
      .selectFrom('shopifyOAuthStates')
      .select('stateHash')
      .where('userId', '=', a.id)
      .execute();
    expect(rows).toHaveLength(10);
    // The oldest was dropped: its callback is refused.
    const callback = await fake.approve(first.authorizeUrl, { timestamp: Number(seconds()) });
    expect(await followCallback(a, callback)).toBe('/create?shop_error=invalid');
  });

  describe('a callback that fails a check connects nothing and makes no token request', () => {
    async function expectRefused(a: Account, callback: string, reason: string, cookie?: string) {
      const before = fake.tokenRequests.length;
      expect(await followCallback(a, callback, cookie)).toBe(`/create?shop_error=${reason}`);
      expect(fake.tokenRequests.length).toBe(before);
      expect(await storeRows(h, a.id)).toEqual([]);
    }

    /** A callback for `state` signed by the fake's secret without visiting it (no code issued). */
    function callbackFor(params: Record<string, string>, secret = FAKE_API_SECRET) {
      const query = signedQuery({ code: 'c0de', timestamp: seconds(), ...params }, secret);
      return `/api/shopify/callback?${query.toString()}`;
    }

    it('forged or tampered HMAC (and the state stays usable)', async () => {
      const a = await account(h, 'forged');
      const { authorizeUrl, state } = await startConnect(a, 'forged.myshopify.com');
      await expectRefused(
        a,
        callbackFor({ shop: 'forged.myshopify.com', state }, 'guess'),
        'invalid',
      );
      const genuine = new URL(await fake.approve(authorizeUrl, { timestamp: Number(seconds()) }));
      const tampered = new URL(genuine);
      tampered.searchParams.set('shop', 'other.myshopify.com');
      await expectRefused(a, tampered.toString(), 'invalid');
      const unsigned = new URL(genuine);
      unsigned.searchParams.delete('hmac');
      await expectRefused(a, unsigned.toString(), 'invalid');
      expect(await followCallback(a, genuine.toString())).toBe(
        '/create?shop_connected=forged.myshopify.com',
      );
    });

    it('a timestamp more than 90 s away', async () => {
      const a = await account(h, 'stale');
      const { authorizeUrl } = await startConnect(a, 'stale.myshopify.com');
      const old = Number(seconds()) - 91;
      await expectRefused(a, await fake.approve(authorizeUrl, { timestamp: old }), 'expired');
    });

    it('a replayed callback', async () => {
      const a = await account(h, 'replay');
      const { authorizeUrl } = await startConnect(a, 'replay.myshopify.com');
      const callback = await fake.approve(authorizeUrl, { timestamp: Number(seconds()) });
      expect(await followCallback(a, callback)).toBe('/create?shop_connected=replay.myshopify.com');
      const rows = await storeRows(h, a.id);
      const before = fake.tokenRequests.length;
      expect(await followCallback(a, callback)).toBe('/create?shop_error=invalid');
      expect(fake.tokenRequests.length).toBe(before);
      expect(await storeRows(h, a.id)).toEqual(rows);
    });

    it('an expired state (after 10 minutes)', async () => {
      const a = await account(h, 'expired');
      const { authorizeUrl } = await startConnect(a, 'late.myshopify.com');
      clock.set(new Date(clock.now().getTime() + 10 * 60 * 1000 + 1000));
      await expectRefused(
        a,
        await fake.approve(authorizeUrl, { timestamp: Number(seconds()) }),
        'expired',
      );
    });

    it('another user’s state, or no session', async () => {
      const a = await account(h, 'owner');
      const b = await account(h, 'intruder');
      const { authorizeUrl } = await startConnect(a, 'owned.myshopify.com');
      const callback = await fake.approve(authorizeUrl, { timestamp: Number(seconds()) });
      await expectRefused(b, callback, 'invalid');
      expect(await storeRows(h, a.id)).toEqual([]);
      // The state is used up: the owner starts again.
      await expectRefused(a, callback, 'invalid');

      const second = await startConnect(a, 'owned.myshopify.com');
      const anonymous = await fake.approve(second.authorizeUrl, { timestamp: Number(seconds()) });
      await expectRefused(a, anonymous, 'invalid', 'listsmith.session_token=none');
    });

    it('a shop other than the one the state was asked for, or a foreign host', async () => {
      const a = await account(h, 'switch');
      const { state } = await startConnect(a, 'asked.myshopify.com');
      await expectRefused(a, callbackFor({ shop: 'other.myshopify.com', state }), 'invalid');
      const next = await startConnect(a, 'asked.myshopify.com');
      await expectRefused(a, callbackFor({ shop: 'evil.com', state: next.state }), 'invalid');
    });
  });

  describe('tokens for publishing', () => {
    it('refreshes an expired access token once, rotating the refresh token', async () => {
      const a = await account(h, 'refresh');
      await connect(a, 'fresh.myshopify.com');
      const [row] = await storeRows(h, a.id);
      const first = await h.shopify.service.storeAccess(a.id, row!.id);
      expect(first.shopDomain).toBe('fresh.myshopify.com');
      expect(fake.accessTokens.get(first.accessToken)).toBe('fresh.myshopify.com');

      clock.set(new Date(clock.now().getTime() + 2 * 3600 * 1000));
      const before = fake.tokenRequests.length;
      const second = await h.shopify.service.storeAccess(a.id, row!.id);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(fake.tokenRequests.slice(before)).toMatchObject([
        { grant: 'refresh_token', body: { grant_type: 'refresh_token' } },
      ]);
      const [updated] = await storeRows(h, a.id);
      expect(updated!.refreshToken).not.toBe(row!.refreshToken);
      // Still fresh: no second refresh.
      expect((await h.shopify.service.storeAccess(a.id, row!.id)).accessToken).toBe(
        second.accessToken,
      );
      expect(fake.tokenRequests.length).toBe(before + 1);
    });

    it('a revoked refresh token asks the seller to connect again', async () => {
      const a = await account(h, 'revoked');
      await connect(a, 'gone.myshopify.com');
      const [row] = await storeRows(h, a.id);
      fake.revoke('gone.myshopify.com');
      clock.set(new Date(clock.now().getTime() + 2 * 3600 * 1000));
      const error = await h.shopify.service.storeAccess(a.id, row!.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({
        statusCode: 409,
        code: 'store-reconnect',
        message: 'Your Shopify store gone.myshopify.com needs to be connected again.',
      });
    });

    it('another user’s store id answers like an unknown one', async () => {
      const a = await account(h, 'mine');
      const b = await account(h, 'theirs');
      await connect(a, 'mine.myshopify.com');
      const [row] = await storeRows(h, a.id);
      await expect(h.shopify.service.storeAccess(b.id, row!.id)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(h.shopify.service.storeAccess(a.id, 'unknown')).rejects.toMatchObject({
        statusCode: 404,
      });
    });
  });

  describe('disconnect', () => {
    it('deletes the store and its tokens; another user’s id is refused', async () => {
      const a = await account(h, 'leaver');
      const b = await account(h, 'other');
      await connect(a, 'leaving.myshopify.com');
      const [store] = await storesOf(a);
      const foreign = await b.client.request({
        method: 'DELETE',
        url: `/api/shopify/stores/${store!.id}`,
        cookie: b.cookie,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ error: 'Store not found' });
      expect(await storeRows(h, a.id)).toHaveLength(1);

      const response = await a.client.request({
        method: 'DELETE',
        url: `/api/shopify/stores/${store!.id}`,
        cookie: a.cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ stores: [] });
      expect(await storeRows(h, a.id)).toEqual([]);
      expect((await a.client.profile(a.cookie)).json().ShopifyStore).toEqual([]);
      const again = await a.client.request({
        method: 'DELETE',
        url: `/api/shopify/stores/${store!.id}`,
        cookie: a.cookie,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  it('offers no sandbox store while real Shopify is configured', async () => {
    const a = await account(h, 'nosandbox');
    const response = await a.client.request({
      method: 'POST',
      url: '/api/shopify/sandbox/authorize',
      payload: { shop: 'a.myshopify.com', state: 'x', redirectUri: '/api/shopify/callback' },
      cookie: a.cookie,
    });
    expect(response.statusCode).toBe(404);
  });
});
