/**
 * Publishing to a WooCommerce store through REST API v3 (issue 26, ADR 039), against the fake
 * store: the product with our id as SKU, its category path made, the photo downloaded from the
 * app, variations per variant row; a re-publish updates the same product and variations. Tags:
 * publish-tags.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WooPublishReply } from '#domain/api/woocommerce.js';
import { startFakeWooCommerce, type FakeWooCommerce } from '../support/fake-woocommerce.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { BELT_JPEG, productRow } from '../shopify/publish-support.js';
import { connectedSeller, publishWoo, seedProduct, serveImagesFrom } from './support.js';

const SIZES = {
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Brown'] },
  ],
  rows: [
    { values: ['S', 'Brown'], price: 30, sku: 'BELT-S', barcode: null },
    { values: ['M', 'Brown'], price: null, sku: '', barcode: null },
  ],
};

describe('publishing to a WooCommerce store', () => {
  let fake: FakeWooCommerce;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeWooCommerce();
    h = await startTestApp({ env: fake.env });
    serveImagesFrom(h, fake);
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('creates the product by SKU with its regular price, category path and downloaded photo', async () => {
    const { a, store, storeUrl, storeId } = await connectedSeller(h, fake, 'pub');
    const productId = await seedProduct(h, a.id);
    const response = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as WooPublishReply;

    const [product, ...others] = fake.products(store);
    expect(others).toEqual([]);
    expect(product!.body).toMatchObject({
      name: 'Brown Leather Belt',
      type: 'simple',
      status: 'publish',
      sku: productId,
      regular_price: '34.50',
      description: '<p>Full-grain leather.</p><p>Brass buckle &amp; stitched edges.</p>',
      short_description: '<p>A full-grain leather belt with a brass buckle.</p>',
      attributes: [],
    });
    expect(product!.body).not.toHaveProperty('sale_price');
    const categories = fake.categories(store);
    expect(categories.map((c) => c.name)).toEqual([
      'Apparel & Accessories',
      'Clothing Accessories',
      'Belts',
    ]);
    expect(categories[1]!.parent).toBe(categories[0]!.id);
    expect(categories[2]!.parent).toBe(categories[1]!.id);
    expect(product!.body.categories).toEqual([{ id: categories[2]!.id }]);
    expect(product!.images).toHaveLength(1);
    expect(product!.images[0]!.src).toMatch(
      /^http:\/\/app\.listsmith\.test\/api\/images\/.+\/display\.jpg$/,
    );
    expect(product!.images[0]!.bytes!.equals(BELT_JPEG)).toBe(true);

    expect(reply).toMatchObject({
      wooProductId: String(product!.id),
      permalink: `${storeUrl}/product/${product!.id}/`,
      adminUrl: `${storeUrl}/wp-admin/post.php?post=${product!.id}&action=edit`,
      created: true,
      product: {
        status: 'published',
        publishedTo: { shopDomain: storeUrl.replace('http://', '') },
      },
    });
    expect(await productRow(h, productId)).toMatchObject({
      status: 'published',
      storeStatus: 'active',
    });
  });

  it('re-publishing updates the same product, keeps its photo and finds the categories', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'again');
    const productId = await seedProduct(h, a.id);
    expect((await publishWoo(a, { storeId, productId, status: 'draft' })).statusCode).toBe(200);
    const [first] = fake.products(store);
    fake.addMerchantImage(store, first!.id, 'https://merchant.example/extra.jpg');
    await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: { title: 'Brown Leather Belt (Large)' },
      cookie: a.cookie,
    });
    const again = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as WooPublishReply).created).toBe(false);
    const products = fake.products(store);
    expect(products).toHaveLength(1);
    expect(products[0]!.body).toMatchObject({
      name: 'Brown Leather Belt (Large)',
      status: 'publish',
    });
    expect(products[0]!.images.map((image) => image.merchant)).toEqual([false, true]);
    expect(fake.categories(store)).toHaveLength(3);
    const rows = await h.db
      .selectFrom('woocommercePublications')
      .selectAll()
      .where('productId', '=', productId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a product with variants becomes a variable product with one variation per row', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'variants');
    const productId = await seedProduct(h, a.id, { variants: SIZES });
    expect((await publishWoo(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    const [product] = fake.products(store);
    expect(product!.body).toMatchObject({
      type: 'variable',
      attributes: [
        { name: 'Size', position: 0, visible: true, variation: true, options: ['S', 'M'] },
        { name: 'Color', position: 1, visible: true, variation: true, options: ['Brown'] },
      ],
    });
    expect(product!.body).not.toHaveProperty('regular_price');
    expect(product!.variations.map((v) => v.body)).toEqual([
      {
        regular_price: '30.00',
        sku: 'BELT-S',
        attributes: [
          { name: 'Size', option: 'S' },
          { name: 'Color', option: 'Brown' },
        ],
      },
      {
        regular_price: '34.50',
        attributes: [
          { name: 'Size', option: 'M' },
          { name: 'Color', option: 'Brown' },
        ],
      },
    ]);
    const [small, medium] = product!.variations.map((v) => v.id);

    // One row priced anew, one gone, one added: updated, deleted and created, never doubled.
    await h.db
      .updateTable('products')
      .set({
        variants: JSON.stringify({
          options: [
            { name: 'Size', values: ['M', 'L'] },
            { name: 'Color', values: ['Brown'] },
          ],
          rows: [
            { values: ['M', 'Brown'], price: 36, sku: '', barcode: null },
            { values: ['L', 'Brown'], price: 38, sku: '', barcode: null },
          ],
        }),
      })
      .where('id', '=', productId)
      .execute();
    expect((await publishWoo(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    const variations = fake.products(store)[0]!.variations;
    expect(variations.map((v) => v.id)).not.toContain(small);
    expect(variations.find((v) => v.id === medium)!.body.regular_price).toBe('36.00');
    expect(variations).toHaveLength(2);
    expect(fake.products(store)).toHaveLength(1);
  });

  it('an answer lost on the way back: the retry finds the product by SKU, no duplicate', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'lost');
    const productId = await seedProduct(h, a.id, { variants: SIZES });
    fake.loseNextWriteAnswer();
    const lost = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json()).toMatchObject({ code: 'woocommerce-unavailable' });
    expect(fake.products(store)).toHaveLength(1);
    expect(await productRow(h, productId)).toMatchObject({ status: 'draft', publishedShop: null });

    const retry = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(retry.statusCode, retry.body).toBe(200);
    const products = fake.products(store);
    expect(products).toHaveLength(1);
    expect((retry.json() as WooPublishReply).wooProductId).toBe(String(products[0]!.id));
    // The lost call's photo was Listsmith's: replaced, not kept beside the new one.
    expect(products[0]!.images).toHaveLength(1);
    expect(products[0]!.variations).toHaveLength(2);
  });

  it('waits out 429 answers, then publishes; answers 503 when the store stays busy', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'busy');
    const productId = await seedProduct(h, a.id);
    const before = fake.calls.length;
    fake.throttleNext(2);
    const response = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.calls.slice(before).filter((c) => c.status === 429)).toHaveLength(2);
    expect(fake.products(store)).toHaveLength(1);

    const other = await seedProduct(h, a.id, { title: 'Black Belt' });
    fake.throttleNext(50);
    const busy = await publishWoo(a, { storeId, productId: other, status: 'active' });
    fake.throttleNext(0);
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'woocommerce-throttled' });
    expect(await productRow(h, other)).toMatchObject({ status: 'draft' });
  });

  it('a revoked key asks to connect the store again; nothing is marked', async () => {
    const { a, store, storeUrl, storeId } = await connectedSeller(h, fake, 'revoked');
    const productId = await seedProduct(h, a.id);
    fake.revoke(store);
    const response = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      error: `Your WooCommerce store ${storeUrl.replace('http://', '')} needs to be connected again.`,
      code: 'store-reconnect',
    });
    expect(await productRow(h, productId)).toMatchObject({ status: 'draft', publishedShop: null });
  });

  it('the store’s refusal names the product; an untitled product is never sent', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'refused');
    const untitled = await seedProduct(h, a.id, { title: '  ' });
    const before = fake.calls.length;
    const response = await publishWoo(a, { storeId, productId: untitled, status: 'active' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'untitled-product' });
    expect(fake.calls.length).toBe(before);

    // The photo address no longer answers: WooCommerce cannot download it and says so.
    const imageless = await seedProduct(h, a.id, { title: 'Grey Belt' });
    fake.fetchImage = async () => ({ status: 404, bytes: Buffer.alloc(0) });
    const refused = await publishWoo(a, { storeId, productId: imageless, status: 'active' });
    serveImagesFrom(h, fake);
    expect(refused.statusCode, refused.body).toBe(422);
    expect((refused.json() as { error: string }).error).toMatch(
      /^WooCommerce could not download the photos of “Grey Belt”: Error getting remote image .+ The store downloads them from Listsmith/,
    );
    expect(fake.products(store).filter((p) => p.body.name === 'Grey Belt')).toEqual([]);
  });

  it('a read-only library (Premium ended, ADR 019) refuses publishing, nothing sent', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'readonly');
    const productId = await seedProduct(h, a.id);
    const savedAt = new Date().toISOString();
    await h.db
      .updateTable('products')
      .set({ status: 'saved', inReview: 0, savedAt, libraryAddedAt: savedAt })
      .where('id', '=', productId)
      .execute();
    await h.db
      .updateTable('users')
      .set({
        planName: 'free',
        libraryDeleteAfter: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      })
      .where('id', '=', a.id)
      .execute();
    const response = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'library-read-only' });
    expect(fake.products(store)).toEqual([]);
  });

  it('another seller’s store or product answers 404 and sends nothing', async () => {
    const owner = await connectedSeller(h, fake, 'mine');
    const stranger = await connectedSeller(h, fake, 'stranger');
    const ownerProduct = await seedProduct(h, owner.a.id);
    const strangerProduct = await seedProduct(h, stranger.a.id);
    const before = fake.calls.length;
    const foreignStore = await publishWoo(stranger.a, {
      storeId: owner.storeId,
      productId: strangerProduct,
      status: 'active',
    });
    expect(foreignStore.statusCode).toBe(404);
    const foreignProduct = await publishWoo(stranger.a, {
      storeId: stranger.storeId,
      productId: ownerProduct,
      status: 'active',
    });
    expect(foreignProduct.statusCode).toBe(404);
    expect(fake.calls.length).toBe(before);
    expect(fake.products(owner.store)).toEqual([]);
  });
});
