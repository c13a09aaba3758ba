import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISH_MESSAGES, type PublishProductReply } from '#domain/api/shopify.js';
import { imageKey } from '#server/images/storage.js';
import { PHOTOS_DIR } from '../images/support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  BELT_JPEG,
  CATEGORY,
  connectedSeller,
  productRow,
  publish,
  seedProduct,
} from './publish-support.js';

describe('publishing to a Shopify store', () => {
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

  const connected = (label: string) => connectedSeller(h, fake, label);

  it('sends the product, its price, tags, category, SEO and image bytes; marks it published', async () => {
    const { a, shop, storeId } = await connected('pub');
    const productId = await seedProduct(h, a.id);
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as PublishProductReply;

    const [product, ...others] = fake.products(shop);
    expect(others).toEqual([]);
    expect(product!.input).toMatchObject({
      title: 'Brown Leather Belt',
      descriptionHtml: '<p>Full-grain leather.</p><p>Brass buckle &amp; stitched edges.</p>',
      vendor: 'Listsmith',
      productType: 'Belts',
      category: CATEGORY,
      tags: ['belt', 'leather'],
      seo: {
        title: 'Brown Leather Belt | Brass Buckle',
        description: 'A full-grain leather belt with a brass buckle.',
      },
      status: 'ACTIVE',
      productOptions: [{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          price: '34.50',
          inventoryPolicy: 'DENY',
        },
      ],
    });
    expect(product!.media).toHaveLength(1);
    expect(product!.media[0]!.bytes.equals(BELT_JPEG)).toBe(true);
    expect(product!.media[0]!.alt).toBe('Brown leather belt with a brass buckle');

    expect(reply.created).toBe(true);
    expect(reply.shopifyProductId).toBe(product!.id);
    const numeric = product!.id.split('/').pop();
    expect(reply.adminUrl).toBe(`${fake.origin.replace('{shop}', shop)}/admin/products/${numeric}`);
    expect(reply.product).toMatchObject({
      status: 'published',
      storeStatus: 'active',
      publishedTo: { shopDomain: shop, adminUrl: reply.adminUrl },
    });
    expect(reply.product.libraryAddedAt).not.toBeNull();
    const row = await productRow(h, productId);
    expect(row).toMatchObject({ status: 'published', publishedShop: shop, inReview: 1 });

    // Still editable on the review list by a free seller: it was published, not saved.
    const edit = await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: { title: 'Brown Leather Belt, 35 mm' },
      cookie: a.cookie,
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('re-publishing updates the same product and keeps the media the merchant added', async () => {
    const { a, shop, storeId } = await connected('again');
    const productId = await seedProduct(h, a.id);
    const first = (
      await publish(a, { storeId, productId, status: 'draft' })
    ).json() as PublishProductReply;
    const merchantMedia = fake.addMerchantMedia(first.shopifyProductId, Buffer.from('merchant'));
    const ours = fake.products(shop)[0]!.media[0]!.id;
    // The merchant also put it in a collection and gave it a metafield, in Shopify's admin.
    const merchantLists = {
      collections: ['gid://shopify/Collection/77'],
      metafields: [
        { namespace: 'custom', key: 'care', type: 'single_line_text_field', value: 'Hand wash' },
      ],
    };
    Object.assign(fake.products(shop)[0]!.input, merchantLists);

    await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: { title: 'Brown Leather Belt (Large)', price: 39 },
      cookie: a.cookie,
    });
    const uploadsBefore = fake.graphqlCalls.filter(
      (c) => c.operation === 'stagedUploadsCreate',
    ).length;
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    const second = response.json() as PublishProductReply;

    expect(second.created).toBe(false);
    expect(second.shopifyProductId).toBe(first.shopifyProductId);
    const products = fake.products(shop);
    expect(products).toHaveLength(1);
    expect(products[0]!.input).toMatchObject({
      ...merchantLists,
      title: 'Brown Leather Belt (Large)',
      status: 'ACTIVE',
      variants: [expect.objectContaining({ price: '39.00' })],
    });
    // Same photo: nothing uploaded again; our image and the merchant's both still there.
    expect(fake.graphqlCalls.filter((c) => c.operation === 'stagedUploadsCreate').length).toBe(
      uploadsBefore,
    );
    expect(products[0]!.media.map((m) => m.id)).toEqual([ours, merchantMedia]);
    const publications = await h.db
      .selectFrom('shopifyPublications')
      .selectAll()
      .where('productId', '=', productId)
      .execute();
    expect(publications).toHaveLength(1);
    expect(JSON.parse(publications[0]!.mediaIds)).toEqual([ours]);
    // The handle Shopify answered with: the storefront page the Google feed links to.
    expect(publications[0]!.handle).toBe(products[0]!.handle);
  });

  it('a new photo replaces only Listsmith’s image', async () => {
    const { a, shop, storeId } = await connected('photo');
    const productId = await seedProduct(h, a.id);
    const first = (
      await publish(a, { storeId, productId, status: 'draft' })
    ).json() as PublishProductReply;
    const merchantMedia = fake.addMerchantMedia(first.shopifyProductId, Buffer.from('merchant'));
    const oldOurs = fake.products(shop)[0]!.media[0]!.id;
    // The seller's photo changed (another image id).
    const imageId = randomUUID();
    const png = readFileSync(path.join(PHOTOS_DIR, 'accessories-keyring-braided.jpg'));
    await h.imageStore.put(imageKey(a.id, imageId, 'display'), png, 'image/jpeg');
    await h.db.updateTable('products').set({ imageId }).where('id', '=', productId).execute();

    expect((await publish(a, { storeId, productId, status: 'draft' })).statusCode).toBe(200);
    const media = fake.products(shop)[0]!.media;
    expect(media.map((m) => m.id)).not.toContain(oldOurs);
    expect(media.map((m) => m.merchant)).toEqual([false, true]);
    expect(media[0]!.bytes.equals(png)).toBe(true);
    expect(media[1]!.id).toBe(merchantMedia);
  });

  it('sends options and one variant per row with its own price', async () => {
    const { a, shop, storeId } = await connected('variants');
    const productId = await seedProduct(h, a.id, {
      variants: {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        rows: [
          { values: ['S'], price: 30, sku: 'BELT-S', barcode: null },
          { values: ['M'], price: null, sku: '', barcode: null },
        ],
      },
    });
    expect((await publish(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    expect(fake.products(shop)[0]!.input).toMatchObject({
      productOptions: [{ name: 'Size', position: 1, values: [{ name: 'S' }, { name: 'M' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Size', name: 'S' }],
          price: '30.00',
          inventoryItem: { sku: 'BELT-S' },
        },
        { optionValues: [{ optionName: 'Size', name: 'M' }], price: '34.50' },
      ],
    });
  });

  it('waits out a THROTTLED answer, as the cost extension says, then publishes', async () => {
    const { a, shop, storeId } = await connected('throttle');
    const productId = await seedProduct(h, a.id);
    fake.throttleNext(1);
    const before = fake.graphqlCalls.length;
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    const calls = fake.graphqlCalls.slice(before);
    expect(calls[0]).toMatchObject({ operation: 'stagedUploadsCreate', status: 200 });
    expect(calls[1]).toMatchObject({ operation: 'stagedUploadsCreate', status: 200 });
    // 50 points asked, 0 available, 100 a second back: half a second.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(450);
    expect(fake.products(shop)).toHaveLength(1);
  });

  it('waits out an HTTP 429 for its Retry-After', async () => {
    const { a, shop, storeId } = await connected('ratelimit');
    const productId = await seedProduct(h, a.id);
    fake.rateLimitNext(1);
    const before = fake.graphqlCalls.length;
    const response = await publish(a, { storeId, productId, status: 'draft' });
    expect(response.statusCode, response.body).toBe(200);
    const calls = fake.graphqlCalls.slice(before);
    expect(calls[0]!.status).toBe(429);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    expect(fake.products(shop)).toHaveLength(1);
  });

  it('gives up after a bounded number of THROTTLED answers; nothing is marked', async () => {
    const { a, storeId } = await connected('busy');
    const productId = await seedProduct(h, a.id);
    fake.throttleNext(5);
    const response = await publish(a, { storeId, productId, status: 'draft' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'shopify-throttled' });
    expect((await productRow(h, productId)).status).toBe('draft');
    fake.throttleNext(0);
  }, 20_000);

  it('shows Shopify’s userErrors to the seller and marks nothing', async () => {
    const { a, storeId } = await connected('refused');
    const productId = await seedProduct(h, a.id);
    fake.rejectNextProductSet('Handle has already been taken');
    const response = await publish(a, { storeId, productId, status: 'draft' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Shopify did not accept “Brown Leather Belt”: Handle has already been taken',
      code: 'shopify-user-errors',
    });
    expect((await productRow(h, productId)).status).toBe('draft');
  });

  it('refuses a product without a name: nothing reaches the store, nothing is marked', async () => {
    const { a, shop, storeId } = await connected('untitled');
    const productId = await seedProduct(h, a.id, { title: '  ' });
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: PUBLISH_MESSAGES.untitled, code: 'untitled-product' });
    expect(fake.products(shop)).toEqual([]);
    expect((await productRow(h, productId)).status).toBe('draft');
  });

  it('Shopify failing (HTTP 500) is a clear error; nothing is marked', async () => {
    const { a, storeId } = await connected('down');
    const productId = await seedProduct(h, a.id);
    fake.failNext(500);
    const response = await publish(a, { storeId, productId, status: 'draft' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'Shopify could not be reached. Please try again.',
      code: 'shopify-unavailable',
    });
    expect((await productRow(h, productId)).status).toBe('draft');
  });

  it('a revoked token: a clear error, nothing published or marked', async () => {
    const { a, shop, storeId } = await connected('revoked');
    const productId = await seedProduct(h, a.id);
    fake.revoke(shop);
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: `Your Shopify store ${shop} needs to be connected again.`,
      code: 'store-reconnect',
    });
    expect(fake.products(shop)).toEqual([]);
    const row = await productRow(h, productId);
    expect(row).toMatchObject({ status: 'draft', publishedShop: null, libraryAddedAt: null });
  });

  it('refuses another user’s store or product, and malformed bodies', async () => {
    const owner = await connected('owner');
    const other = await connected('other');
    const ownProduct = await seedProduct(h, owner.a.id);
    const othersProduct = await seedProduct(h, other.a.id);
    const calls = fake.graphqlCalls.length;

    const foreignStore = await publish(owner.a, {
      storeId: other.storeId,
      productId: ownProduct,
      status: 'active',
    });
    expect(foreignStore.statusCode).toBe(404);
    expect(foreignStore.json()).toMatchObject({ error: 'Store not found' });
    const foreignProduct = await publish(owner.a, {
      storeId: owner.storeId,
      productId: othersProduct,
      status: 'active',
    });
    expect(foreignProduct.statusCode).toBe(404);
    expect(foreignProduct.json()).toMatchObject({ error: 'Product not found' });

    for (const body of [
      {},
      { storeId: owner.storeId, productId: ownProduct },
      { storeId: owner.storeId, productId: ownProduct, status: 'archived' },
      { storeId: owner.storeId, productId: ownProduct, status: 'active', extra: 1 },
      { storeId: owner.storeId, productId: 'not-a-uuid', status: 'active' },
    ]) {
      expect((await publish(owner.a, body)).statusCode).toBe(400);
    }
    const anonymous = await h.client().request({
      method: 'POST',
      url: '/api/shopify/publish-product',
      payload: { storeId: owner.storeId, productId: ownProduct, status: 'active' },
    });
    expect(anonymous.statusCode).toBe(401);

    expect(fake.graphqlCalls.length).toBe(calls);
    expect(fake.products(owner.shop)).toEqual([]);
    expect(fake.products(other.shop)).toEqual([]);
    expect((await productRow(h, ownProduct)).status).toBe('draft');
    expect((await productRow(h, othersProduct)).status).toBe('draft');
  });
});
