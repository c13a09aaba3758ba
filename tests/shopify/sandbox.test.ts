import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock, type TestClock } from '../billing/support.js';
import { account, type Account } from '../products/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  PUBLISH_MESSAGES,
  type PublishProductReply,
  type SandboxAdminReply,
} from '#domain/api/shopify.js';
import { BELT_JPEG, seedProduct } from './publish-support.js';
import { connectSandbox, followCallback, startConnect, storeRows, storesOf } from './support.js';

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

  function publishTo(a: Account, storeId: string, productId: string, status: string) {
    return a.client.request({
      method: 'POST',
      url: '/api/shopify/publish-product',
      payload: { storeId, productId, status },
      cookie: a.cookie,
    });
  }

  async function catalogue(a: Account, shop: string) {
    const admin = await a.client.request({
      url: `/api/shopify/sandbox/stores/${shop}/products`,
      cookie: a.cookie,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    return (admin.json() as SandboxAdminReply).products;
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

  it('publishes offline: the sandbox admin lists the product with its image; re-publish updates', async () => {
    const a = await account(h, 'sandbox-pub');
    const { shop, storeId } = await connectSandbox(a, 'offline-shop.myshopify.com');
    const productId = await seedProduct(h, a.id);
    const publish = (status: string) => publishTo(a, storeId, productId, status);
    const first = await publish('draft');
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json() as PublishProductReply;
    const numeric = reply.shopifyProductId.split('/').pop();
    expect(reply.adminUrl).toBe(`/sandbox/shopify/${shop}/admin/products#product-${numeric}`);
    expect(reply.product.publishedTo).toEqual({ shopDomain: shop, adminUrl: reply.adminUrl });

    const second = await publish('active');
    expect((second.json() as PublishProductReply).created).toBe(false);

    const products = await catalogue(a, shop);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id: reply.shopifyProductId,
      title: 'Brown Leather Belt',
      status: 'ACTIVE',
      prices: ['34.50'],
    });
    expect(products[0]!.images).toHaveLength(1);
    const image = await a.client.request({ url: products[0]!.images[0]!, cookie: a.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(BELT_JPEG)).toBe(true);

    // Another seller sees nothing of a store that is not theirs.
    const b = await account(h, 'sandbox-peek');
    for (const url of [`/api/shopify/sandbox/stores/${shop}/products`, products[0]!.images[0]!]) {
      expect((await b.client.request({ url, cookie: b.cookie })).statusCode).toBe(404);
    }

    // Disconnected by its only seller: the sandbox forgets the shop's products and photos.
    const gone = await a.client.request({
      method: 'DELETE',
      url: `/api/shopify/stores/${storeId}`,
      cookie: a.cookie,
    });
    expect(gone.statusCode).toBe(200);
    for (const table of ['shopifySandboxProducts', 'shopifySandboxMedia'] as const) {
      const rows = await h.db
        .selectFrom(table)
        .select('id')
        .where('shopDomain', '=', shop)
        .execute();
      expect(rows).toEqual([]);
    }
  });

  it('a first publish whose answer was lost: the retry updates the product, by its handle', async () => {
    const a = await account(h, 'sandbox-lost');
    const { shop, storeId } = await connectSandbox(a, 'lost-answer.myshopify.com');
    const productId = await seedProduct(h, a.id);
    const first = await publishTo(a, storeId, productId, 'draft');
    expect(first.statusCode, first.body).toBe(200);
    const made = (first.json() as PublishProductReply).shopifyProductId;
    // As if the answer never came back: the store has the product, Listsmith no record of it.
    await h.db.deleteFrom('shopifyPublications').where('productId', '=', productId).execute();

    const retry = await publishTo(a, storeId, productId, 'active');
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as PublishProductReply).shopifyProductId).toBe(made);
    const products = await catalogue(a, shop);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id: made,
      handle: `brown-leather-belt-${productId.replace(/-/g, '').slice(0, 8)}`,
      status: 'ACTIVE',
    });
    expect(products[0]!.images).toHaveLength(1);
    const media = await h.db
      .selectFrom('shopifySandboxMedia')
      .select('id')
      .where('shopDomain', '=', shop)
      .execute();
    expect(media).toHaveLength(1);
  });

  it('a sandbox store is the seller’s: another seller typing the same shop name gets their own', async () => {
    const a = await account(h, 'sandbox-owner');
    const first = await connectSandbox(a, 'shared-name.myshopify.com');
    const productId = await seedProduct(h, a.id);
    expect((await publishTo(a, first.storeId, productId, 'active')).statusCode).toBe(200);
    const [mine] = await catalogue(a, first.shop);
    expect(mine!.images).toHaveLength(1);

    const b = await account(h, 'sandbox-same-name');
    const second = await connectSandbox(b, 'shared-name.myshopify.com');
    expect(second.shop).toBe(first.shop);
    // B's store of that name is empty; A's product and photo stay out of B's reach.
    expect(await catalogue(b, second.shop)).toEqual([]);
    const photo = await b.client.request({ url: mine!.images[0]!, cookie: b.cookie });
    expect(photo.statusCode).toBe(404);
    const access = await h.shopify.service.storeAccess(b.id, second.storeId);
    const lists = await h.shopify.gateway.graphql(
      second.shop,
      access.accessToken,
      'query ($id: ID!) { product(id: $id) { id } }',
      { id: mine!.id },
    );
    expect(lists.body).toEqual({ data: { product: null } });

    // B publishes into B's store: A's catalogue is unchanged, and each sees one product.
    const theirs = await seedProduct(h, b.id, { title: 'Brown Leather Belt' });
    const published = await publishTo(b, second.storeId, theirs, 'draft');
    expect(published.statusCode, published.body).toBe(200);
    expect((await catalogue(b, second.shop)).map((p) => p.id)).toEqual([
      (published.json() as PublishProductReply).shopifyProductId,
    ]);
    expect(await catalogue(a, first.shop)).toEqual([mine]);

    // B disconnecting forgets B's store only.
    const gone = await b.client.request({
      method: 'DELETE',
      url: `/api/shopify/stores/${second.storeId}`,
      cookie: b.cookie,
    });
    expect(gone.statusCode).toBe(200);
    expect(await catalogue(a, first.shop)).toEqual([mine]);
  });

  // The sandbox's own refusal of a blank title is in store-rules.test.ts; publishing refuses an
  // untitled product before any call, so nothing reaches the store either way.
  it('an untitled product is refused before it is sent: nothing reaches its catalogue', async () => {
    const a = await account(h, 'sandbox-untitled');
    const { shop, storeId } = await connectSandbox(a, 'untitled-shop.myshopify.com');
    const productId = await seedProduct(h, a.id, { title: '' });
    const response = await publishTo(a, storeId, productId, 'active');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      error: PUBLISH_MESSAGES.untitled,
      code: 'untitled-product',
    });
    expect(await catalogue(a, shop)).toEqual([]);
  });
});
