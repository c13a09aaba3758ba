import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../billing/support.js';
import { account, type Account } from '../products/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { followCallback, startConnect, storeRows, storesOf } from './support.js';

describe('the sandbox store (no Shopify keys)', () => {
  let h: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = testClock(new Date());
    h = await startTestApp({ now: clock.now });
  });
  afterAll(async () => h?.close());

  function install(a: Account, body: Record<string, string>) {
    return a.client.request({
      method: 'POST',
      url: '/api/shopify/sandbox/authorize',
      payload: body,
      cookie: a.cookie,
    });
  }

  it('connects through its consent page and the same verified callback', async () => {
    const a = await account(h, 'sandbox');
    const { authorizeUrl, state, shop } = await startConnect(a, 'demo.myshopify.com');
    const url = new URL(authorizeUrl, 'http://app.listsmith.test');
    expect(url.pathname).toBe('/sandbox/shopify/authorize');
    expect(url.searchParams.get('shop')).toBe(shop);
    const redirectUri = url.searchParams.get('redirect_uri')!;

    const response = await install(a, { shop, state, redirectUri });
    expect(response.statusCode, response.body).toBe(200);
    const { redirectUrl } = response.json() as { redirectUrl: string };
    const callback = new URL(redirectUrl, 'http://app.listsmith.test');
    expect(callback.pathname).toBe('/api/shopify/callback');
    expect(callback.searchParams.get('hmac')).toMatch(/^[0-9a-f]{64}$/);

    // A changed parameter breaks the signature, as with real Shopify.
    const tampered = new URL(callback);
    tampered.searchParams.set('shop', 'other.myshopify.com');
    expect(await followCallback(a, tampered.toString())).toBe('/create?shop_error=invalid');
    expect(await followCallback(a, redirectUrl)).toBe('/create?shop_connected=demo.myshopify.com');
    expect(await followCallback(a, redirectUrl)).toBe('/create?shop_error=invalid');

    const [store] = await storesOf(a);
    expect(store).toMatchObject({ shopDomain: 'demo.myshopify.com' });
    const access = await h.shopify.service.storeAccess(a.id, store!.id);
    expect(access.accessToken).toMatch(/^shpat_sbx_/);
    const [row] = await storeRows(h, a.id);
    expect(row!.accessToken).not.toContain(access.accessToken);

    // An hour later the token is refreshed by the sandbox store.
    clock.set(new Date(clock.now().getTime() + 2 * 3600 * 1000));
    const later = await h.shopify.service.storeAccess(a.id, store!.id);
    expect(later.accessToken).not.toBe(access.accessToken);
  });

  it('refuses another domain or another redirect address', async () => {
    const a = await account(h, 'sandbox-bad');
    const { state } = await startConnect(a, 'demo2.myshopify.com');
    const redirectUri = 'http://app.listsmith.test/api/shopify/callback';
    for (const body of [
      { shop: 'evil.com', state, redirectUri },
      { shop: 'demo2.myshopify.com', state, redirectUri: 'https://evil.example/steal' },
    ]) {
      expect((await install(a, body)).statusCode).toBe(400);
    }
    const anonymous = await h.client().request({
      method: 'POST',
      url: '/api/shopify/sandbox/authorize',
      payload: { shop: 'demo2.myshopify.com', state, redirectUri },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await storeRows(h, a.id)).toEqual([]);
  });
});
