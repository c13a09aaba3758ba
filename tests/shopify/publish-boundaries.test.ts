/**
 * What publishing does at its boundary with Shopify (ADR 031): every answer is parsed, so one
 * in an unexpected shape is a clear 502 with nothing marked, never a crash or a half-read
 * product; photos are read with the size bound of every other image read; Shopify's refusal of
 * a blank title reaches the seller in Shopify's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { imageKey } from '#server/images/storage.js';
import { SHOPIFY_MALFORMED_MESSAGE } from '#server/shopify/admin/client.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { PUBLISH_MESSAGES } from '#domain/api/shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { connectedSeller, productRow, publish, seedProduct } from './publish-support.js';

describe('publishing at the boundary with Shopify', () => {
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

  const calls = (shop: string) => fake.graphqlCalls.filter((call) => call.shop === shop);

  it.each([
    ['productSet', { data: { productSet: { product: { id: 42 }, userErrors: [] } } }],
    ['productSet', { data: { productSet: { userErrors: [{ field: ['input'] }] } } }],
    ['stagedUploadsCreate', { data: { stagedUploadsCreate: null } }],
    ['stagedUploadsCreate', '<html><body>Bad gateway</body></html>'],
  ] as const)(
    'a %s answer in an unexpected shape: 502, nothing marked',
    async (operation, body) => {
      const { a, storeId } = await connectedSeller(h, fake, 'malformed');
      const productId = await seedProduct(h, a.id);
      fake.answerNext(operation, body);
      const response = await publish(a, { storeId, productId, status: 'active' });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json()).toEqual({
        error: SHOPIFY_MALFORMED_MESSAGE,
        code: 'shopify-malformed',
      });
      expect(await productRow(h, productId)).toMatchObject({
        status: 'draft',
        libraryAddedAt: null,
      });
      // The seller's retry goes through.
      expect((await publish(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    },
  );

  it('a stored photo over the size bound is refused before anything is sent', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'oversize');
    const productId = await seedProduct(h, a.id);
    const { imageId } = await productRow(h, productId);
    await h.imageStore.put(
      imageKey(a.id, imageId, 'display'),
      Buffer.alloc(MAX_FILE_BYTES + 1),
      'image/jpeg',
      // As if the stored object grew past the bound (a replaced bucket, a bug).
      { maxBytes: MAX_FILE_BYTES + 1 },
    );
    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'image-too-large' });
    expect(calls(shop)).toEqual([]);
    expect((await productRow(h, productId)).status).toBe('draft');
  });

  it('an untitled product is refused before any call to Shopify, nothing marked', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'untitled');
    const productId = await seedProduct(h, a.id, { title: '' });
    const response = await publish(a, { storeId, productId, status: 'draft' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ error: PUBLISH_MESSAGES.untitled, code: 'untitled-product' });
    expect(calls(shop)).toEqual([]);
    expect(fake.products(shop)).toEqual([]);
    expect((await productRow(h, productId)).status).toBe('draft');
  });
});
