/**
 * Connecting a WooCommerce store (issue 26): the store posts the keys to our callback with the
 * one-time state we sent as `user_id`. A forged, replayed, expired or foreign state stores
 * nothing; the keys are sealed at rest; another seller's store answers 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WooConnectReply } from '#domain/api/woocommerce.js';
import { account } from '../products/support.js';
import { startFakeWooCommerce, type FakeWooCommerce } from '../support/fake-woocommerce.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import { connectedSeller, startConnect, storePost, storesOf } from './support.js';

describe('connecting a WooCommerce store', () => {
  let fake: FakeWooCommerce;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeWooCommerce();
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const storeRows = () => h.db.selectFrom('woocommerceStores').selectAll().execute();

  it('sends the seller to the store’s app authorization with a one-time state', async () => {
    const a = await account(h, 'auth');
    const response = await startConnect(a, `${fake.storeUrl('shop-a')}/`);
    expect(response.statusCode, response.body).toBe(200);
    const { authorizeUrl, storeUrl } = response.json() as WooConnectReply;
    expect(storeUrl).toBe(fake.storeUrl('shop-a'));
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.storeUrl('shop-a')}/wc-auth/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      app_name: 'Listsmith',
      scope: 'read_write',
      callback_url: `${APP_URL}/api/woocommerce/callback`,
    });
    const back = new URL(url.searchParams.get('return_url')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/account`);
    expect(back.searchParams.get('woocommerce')).toBe(storeUrl.replace('http://', ''));
    expect(url.searchParams.get('user_id')).toMatch(/^[\w-]{32}\.[\w-]{43}$/);
  });

  it('keeps the keys the store posts, sealed, and lists the store', async () => {
    const { a, storeUrl, approved } = await connectedSeller(h, fake, 'keys');
    expect(approved.returnUrl).toContain('success=1');
    expect(await storesOf(a)).toEqual([{ id: expect.any(String), storeUrl }]);
    const [row] = (await storeRows()).filter((r) => r.userId === a.id);
    expect(row!.consumerKey).toMatch(/^v1\./);
    expect(row!.consumerSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(String(approved.body.consumer_key));
    expect(JSON.stringify(row)).not.toContain(String(approved.body.consumer_secret));
    expect(h.logs.join('\n')).not.toContain(String(approved.body.consumer_secret));
  });

  it('refuses a replayed callback: the state is used once', async () => {
    const { a, approved } = await connectedSeller(h, fake, 'replay');
    const before = await storeRows();
    const replay = await storePost(h)(`${APP_URL}/api/woocommerce/callback`, {
      ...approved.body,
      consumer_key: `ck_${'a'.repeat(40)}`,
      consumer_secret: `cs_${'b'.repeat(40)}`,
    });
    expect(replay).toBe(400);
    expect(await storeRows()).toEqual(before);
    expect(await storesOf(a)).toHaveLength(1);
  });

  it('refuses a forged state, a malformed body and read-only keys; stores nothing', async () => {
    const a = await account(h, 'forged');
    const { authorizeUrl } = (
      await startConnect(a, fake.storeUrl('forged'))
    ).json() as WooConnectReply;
    const state = new URL(authorizeUrl).searchParams.get('user_id')!;
    const post = storePost(h);
    const keys = {
      key_id: 1,
      consumer_key: `ck_${'c'.repeat(40)}`,
      consumer_secret: `cs_${'d'.repeat(40)}`,
    };
    const [nonce, mac] = state.split('.');
    const forged = `${nonce!.slice(0, -1)}${nonce!.endsWith('A') ? 'B' : 'A'}.${mac}`;
    expect(
      await post(`${APP_URL}/api/woocommerce/callback`, {
        ...keys,
        user_id: forged,
        key_permissions: 'read_write',
      }),
    ).toBe(400);
    expect(
      await post(`${APP_URL}/api/woocommerce/callback`, {
        ...keys,
        user_id: a.id,
        key_permissions: 'read_write',
      }),
    ).toBe(400);
    expect(await post(`${APP_URL}/api/woocommerce/callback`, { user_id: state })).toBe(400);
    expect(
      await post(`${APP_URL}/api/woocommerce/callback`, {
        ...keys,
        user_id: state,
        key_permissions: 'read',
      }),
    ).toBe(400);
    expect(await storesOf(a)).toEqual([]);
    // The read-only attempt used the state up: the real approval after it is refused too.
    expect((await fake.approve(authorizeUrl, post)).callbackStatus).toBe(400);
    expect(await storesOf(a)).toEqual([]);
  });

  it('refuses an expired state', async () => {
    const a = await account(h, 'expired');
    const { authorizeUrl } = (
      await startConnect(a, fake.storeUrl('late'))
    ).json() as WooConnectReply;
    await h.db
      .updateTable('woocommerceConnectStates')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', a.id)
      .execute();
    const approved = await fake.approve(authorizeUrl, storePost(h));
    expect(approved.callbackStatus).toBe(400);
    expect(approved.returnUrl).toBeNull();
    expect(await storesOf(a)).toEqual([]);
  });

  it('refuses store addresses that are not https (or loopback here) and needs a session', async () => {
    const a = await account(h, 'address');
    for (const storeUrl of [
      'http://shop.example.com',
      'ftp://shop.example.com',
      'not a url',
      'https://user:pw@shop.example.com',
    ]) {
      const response = await startConnect(a, storeUrl);
      expect(response.statusCode, storeUrl).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-store-url' });
    }
    expect((await startConnect(a, 'shop.example.com')).json()).toMatchObject({
      storeUrl: 'https://shop.example.com',
    });
    const anonymous = await h.client().request({
      method: 'POST',
      url: '/api/woocommerce/connect',
      payload: { storeUrl: 'shop.example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('disconnects; another seller’s store answers 404 and stays', async () => {
    const first = await connectedSeller(h, fake, 'owner');
    const other = await account(h, 'other');
    const foreign = await other.client.request({
      method: 'DELETE',
      url: `/api/woocommerce/stores/${first.storeId}`,
      cookie: other.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await storesOf(first.a)).toHaveLength(1);
    const mine = await first.a.client.request({
      method: 'DELETE',
      url: `/api/woocommerce/stores/${first.storeId}`,
      cookie: first.a.cookie,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await storesOf(first.a)).toEqual([]);
  });
});
