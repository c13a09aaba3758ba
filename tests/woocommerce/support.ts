/** Shared by the WooCommerce tests: a seller connected through the fake store, and publishing. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { WooConnectReply, WooStoresReply } from '#domain/api/woocommerce.js';
import { account, type Account } from '../products/support.js';
import { seedProduct as seedShopifyProduct } from '../shopify/publish-support.js';
import type { FakeWooCommerce } from '../support/fake-woocommerce.js';
import type { TestApp } from '../support/harness.js';

export function startConnect(a: Account, storeUrl: string) {
  return a.client.request({
    method: 'POST',
    url: '/api/woocommerce/connect',
    payload: { storeUrl },
    cookie: a.cookie,
  });
}

/** The store's server-to-server POST: no cookie, no Origin, JSON (wp_safe_remote_post). */
export function storePost(h: TestApp) {
  const client = h.client();
  return async (url: string, body: unknown) => {
    const target = new URL(url);
    const response = await client.request({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      payload: body as Record<string, unknown>,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    return response.statusCode;
  };
}

/** The fake store downloads images from the app under test, as a real one from APP_URL. */
export function serveImagesFrom(h: TestApp, fake: FakeWooCommerce) {
  const client = h.client();
  fake.fetchImage = async (src) => {
    const url = new URL(src);
    if (url.origin !== h.config.appUrl) return { status: 404, bytes: Buffer.alloc(0) };
    const response = await client.request({ url: url.pathname });
    return { status: response.statusCode, bytes: response.rawPayload };
  };
}

export async function storesOf(a: Account): Promise<WooStoresReply['stores']> {
  const response = await a.client.request({ url: '/api/woocommerce/stores', cookie: a.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as WooStoresReply).stores;
}

/** A new seller who connected `{label}-…` through the fake store's approval. */
export async function connectedSeller(h: TestApp, fake: FakeWooCommerce, label: string) {
  const a = await account(h, label);
  const store = `${label}-${randomUUID().slice(0, 8)}`;
  const started = await startConnect(a, fake.storeUrl(store));
  expect(started.statusCode, started.body).toBe(200);
  const { authorizeUrl } = started.json() as WooConnectReply;
  const approved = await fake.approve(authorizeUrl, storePost(h));
  expect(approved.callbackStatus).toBe(200);
  const [connected] = await storesOf(a);
  return { a, store, storeUrl: fake.storeUrl(store), storeId: connected!.id, approved };
}

export function publishWoo(a: Account, payload: unknown) {
  return a.client.request({
    method: 'POST',
    url: '/api/woocommerce/publish-product',
    payload: payload as Record<string, unknown>,
    cookie: a.cookie,
  });
}

/** A ready product whose photo the image route serves (its productPhotos row, ADR 025). */
export async function seedProduct(
  h: TestApp,
  userId: string,
  extra: Parameters<typeof seedShopifyProduct>[2] = {},
): Promise<string> {
  const id = await seedShopifyProduct(h, userId, extra);
  const { imageId } = await h.db
    .selectFrom('products')
    .select('imageId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await h.db.insertInto('productPhotos').values({ imageId, productId: id, userId }).execute();
  return id;
}
