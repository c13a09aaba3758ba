/**
 * A first publish whose answer is lost (issue 15: 'never creates a second one'): Shopify made
 * the product, but the connection was reset or a proxy answered 502 before its answer arrived.
 * The seller's retry upserts by the same handle and updates that product, even when the seller
 * edited the title in between (the handle is the one chosen for the first try).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishProductReply } from '#domain/api/shopify.js';
import { startFakeShopify, type FakeShopify, type LostAnswer } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { BELT_JPEG, connectedSeller, productRow, publish, seedProduct } from './publish-support.js';

describe('publishing when Shopify’s answer to the first productSet is lost', () => {
  let fake: FakeShopify;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify();
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const publications = (productId: string) =>
    h.db.selectFrom('shopifyPublications').selectAll().where('productId', '=', productId).execute();

  it.each<LostAnswer>(['reset', 502])(
    'answer lost (%s): the retry updates the product the lost call made',
    async (how) => {
      const { a, shop, storeId } = await connectedSeller(h, fake, `lost-${how}`);
      const productId = await seedProduct(h, a.id);
      const handle = `brown-leather-belt-${productId.replace(/-/g, '').slice(0, 8)}`;

      fake.loseNextProductSetAnswer(how);
      const lost = await publish(a, { storeId, productId, status: 'active' });
      expect(lost.statusCode, lost.body).toBe(502);
      expect(lost.json()).toEqual({
        error: 'Shopify could not be reached. Please try again.',
        code: 'shopify-unavailable',
      });
      // Shopify made it; Listsmith, not knowing, marks nothing.
      const [made] = fake.products(shop);
      expect(made).toMatchObject({ handle });
      expect(await productRow(h, productId)).toMatchObject({
        status: 'draft',
        publishedShop: null,
        libraryAddedAt: null,
      });
      expect(await publications(productId)).toEqual([]);

      const retry = await publish(a, { storeId, productId, status: 'active' });
      expect(retry.statusCode, retry.body).toBe(200);
      const reply = retry.json() as PublishProductReply;
      expect(reply.shopifyProductId).toBe(made!.id);
      expect(reply.product).toMatchObject({
        status: 'published',
        publishedTo: { shopDomain: shop },
      });

      const products = fake.products(shop);
      expect(products).toHaveLength(1);
      expect(products[0]!.handle).toBe(handle);
      expect(products[0]!.media).toHaveLength(1);
      expect(products[0]!.media[0]!.bytes.equals(BELT_JPEG)).toBe(true);
      const sets = fake.graphqlCalls.filter(
        (call) => call.shop === shop && call.operation === 'productSet',
      );
      expect(sets.map((call) => call.variables.identifier)).toEqual([{ handle }, { handle }]);
      expect((await publications(productId))[0]).toMatchObject({ shopifyProductId: made!.id });

      // Later publishes go by the stored id, and keep the handle the store has.
      await a.client.request({
        method: 'PATCH',
        url: `/api/product/${productId}`,
        payload: { title: 'Brown Leather Belt (Large)' },
        cookie: a.cookie,
      });
      expect((await publish(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
      const last = fake.graphqlCalls.filter((c) => c.shop === shop && c.operation === 'productSet');
      expect(last.at(-1)!.variables.identifier).toEqual({ id: made!.id });
      expect(last.at(-1)!.variables.input).not.toHaveProperty('handle');
      expect(fake.products(shop)).toMatchObject([{ id: made!.id, handle }]);
    },
  );

  it('the seller edits the title before retrying: still one product, updated, same handle', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'lost-retitled');
    const productId = await seedProduct(h, a.id);
    const handle = `brown-leather-belt-${productId.replace(/-/g, '').slice(0, 8)}`;

    fake.loseNextProductSetAnswer('reset');
    expect((await publish(a, { storeId, productId, status: 'draft' })).statusCode).toBe(502);
    const [made] = fake.products(shop);
    expect(made).toMatchObject({ handle, input: { title: 'Brown Leather Belt' } });

    const edited = await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: { title: 'Tan Suede Belt' },
      cookie: a.cookie,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const retry = await publish(a, { storeId, productId, status: 'active' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as PublishProductReply).shopifyProductId).toBe(made!.id);
    const products = fake.products(shop);
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      id: made!.id,
      handle,
      input: { title: 'Tan Suede Belt', status: 'ACTIVE' },
    });
    const sets = fake.graphqlCalls.filter((c) => c.shop === shop && c.operation === 'productSet');
    expect(sets.map((call) => call.variables.identifier)).toEqual([{ handle }, { handle }]);
    // Recorded: the handle chosen for the first try is no longer kept.
    expect(
      await h.db
        .selectFrom('shopifyFirstPublishHandles')
        .selectAll()
        .where('productId', '=', productId)
        .execute(),
    ).toEqual([]);
  });
});
