/**
 * The sandbox WooCommerce store (the embedded default): connect through its approval page,
 * publish, and read its admin list; its tags endpoints as WooCommerce's; scoped per seller (ADR
 * 031's rule for the Shopify sandbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WooConnectReply, WooSandboxAdminReply } from '#domain/api/woocommerce.js';
import { createWooSandboxStore } from '#server/woocommerce/sandbox-store.js';
import { account, type Account } from '../products/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { publishWoo, seedProduct, startConnect, storesOf } from './support.js';

const STORE = 'https://demo-shop.example';

describe('the sandbox WooCommerce store', () => {
  let h: TestApp;

  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** What the approval page's Approve sends, from the authorize address's query. */
  async function approve(a: Account, authorizeUrl: string, userId?: string) {
    const q = new URL(authorizeUrl, 'http://app.listsmith.test').searchParams;
    return a.client.request({
      method: 'POST',
      url: '/api/woocommerce/sandbox/approve',
      payload: {
        storeUrl: q.get('store_url'),
        userId: userId ?? q.get('user_id'),
        callbackUrl: q.get('callback_url'),
        returnUrl: q.get('return_url'),
      },
      cookie: a.cookie,
    });
  }

  async function connect(a: Account) {
    const { authorizeUrl } = (await startConnect(a, STORE)).json() as WooConnectReply;
    expect(authorizeUrl).toMatch(/^\/sandbox\/woocommerce\/authorize\?store_url=/);
    const approved = await approve(a, authorizeUrl);
    expect(approved.statusCode, approved.body).toBe(200);
    const { redirectUrl } = approved.json() as { redirectUrl: string };
    expect(redirectUrl).toMatch(/^\/account\?woocommerce=demo-shop\.example&success=1&user_id=/);
    const [store] = await storesOf(a);
    return store!.id;
  }

  const adminList = (a: Account, store = STORE) =>
    a.client.request({
      url: `/api/woocommerce/sandbox/products?store=${encodeURIComponent(store)}`,
      cookie: a.cookie,
    });

  it('connects, publishes a simple and a variable product, and lists them', async () => {
    const a = await account(h, 'sandbox');
    const storeId = await connect(a);
    const simple = await seedProduct(h, a.id);
    const variable = await seedProduct(h, a.id, {
      title: 'Canvas Tote',
      variants: {
        options: [{ name: 'Color', values: ['Olive', 'Sand'] }],
        rows: [
          { values: ['Olive'], price: 20, sku: '', barcode: null },
          { values: ['Sand'], price: 22, sku: '', barcode: null },
        ],
      },
    });
    for (const productId of [simple, variable]) {
      const response = await publishWoo(a, { storeId, productId, status: 'active' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        adminUrl: expect.stringMatching(/^\/sandbox\/woocommerce\/admin\?store=.+#product-\d+$/),
      });
    }
    // Again: updated, not doubled.
    expect((await publishWoo(a, { storeId, productId: simple, status: 'draft' })).statusCode).toBe(
      200,
    );

    const listed = await adminList(a);
    expect(listed.statusCode, listed.body).toBe(200);
    const { products } = listed.json() as WooSandboxAdminReply;
    expect(products).toHaveLength(2);
    const byName = Object.fromEntries(products.map((p) => [p.name, p]));
    expect(byName['Brown Leather Belt']).toMatchObject({
      sku: simple,
      type: 'simple',
      status: 'draft',
      regularPrice: '34.50',
      categories: ['Belts'],
      tags: ['belt', 'leather'],
      images: [
        expect.stringMatching(/^http:\/\/app\.listsmith\.test\/api\/images\/.+\/display\.jpg$/),
      ],
    });
    expect(byName['Canvas Tote']).toMatchObject({
      type: 'variable',
      tags: ['belt', 'leather'],
      variations: ['Color: Olive — 20.00', 'Color: Sand — 22.00'],
    });
  });

  it('tags: searched by name, made once whatever the case (term_exists names the first)', async () => {
    const a = await account(h, 'sandtags');
    const store = createWooSandboxStore(h.db, () => new Date());
    const scope = { sellerId: a.id, storeUrl: STORE };
    const made = await store.handle(scope, 'POST', '/products/tags', { name: 'Gifts & Toys' });
    expect(made.status).toBe(201);
    const { id } = made.body as { id: number };
    expect(made.body).toMatchObject({ name: 'Gifts &amp; Toys', slug: 'gifts-toys' });
    const again = await store.handle(scope, 'POST', '/products/tags', { name: 'gifts & toys' });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'term_exists', data: { status: 400, resource_id: id } },
    });
    const found = await store.handle(scope, 'GET', '/products/tags?search=toys&per_page=100', {});
    expect(found.body).toEqual([expect.objectContaining({ id, name: 'Gifts &amp; Toys' })]);
    const missing = await store.handle(scope, 'POST', '/products/tags', { name: ' ' });
    expect(missing).toMatchObject({ status: 400, body: { code: 'rest_missing_callback_param' } });
    // Another seller's store at the same address holds none of them.
    const other = await account(h, 'sandtags2');
    const theirs = await store.handle(
      { sellerId: other.id, storeUrl: STORE },
      'GET',
      '/products/tags?search=toys',
      {},
    );
    expect(theirs.body).toEqual([]);
  });

  it('another seller: the same store address is their own; the first one’s answers 404', async () => {
    const first = await account(h, 'first');
    const firstStore = await connect(first);
    expect(
      (
        await publishWoo(first, {
          storeId: firstStore,
          productId: await seedProduct(h, first.id),
          status: 'active',
        })
      ).statusCode,
    ).toBe(200);
    const second = await account(h, 'second');
    expect((await adminList(second)).statusCode).toBe(404);
    await connect(second);
    const listed = await adminList(second);
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as WooSandboxAdminReply).products).toEqual([]);
    // Another seller's state cannot be approved by this seller.
    const { authorizeUrl } = (
      await startConnect(first, 'https://other.example')
    ).json() as WooConnectReply;
    const stolen = new URL(authorizeUrl, 'http://x').searchParams.get('user_id')!;
    const refused = await approve(second, authorizeUrl, stolen);
    expect(refused.statusCode).toBe(400);
    expect((await storesOf(first)).map((s) => s.storeUrl)).toEqual([STORE]);
  });
});
