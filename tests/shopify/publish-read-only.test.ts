/**
 * Publishing from a read-only library (Premium ended, ADR 019): publishing changes the product
 * (its status, store and place in the library), so it is refused as an edit is, and nothing
 * reaches the store. A draft on the review list stays the seller's to publish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_READ_ONLY_MESSAGE } from '#domain/library.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { connectedSeller, productRow, publish, seedProduct } from './publish-support.js';

describe('publishing from a read-only library', () => {
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

  /** The state endPremium leaves: plan free, the library kept read-only for 30 days. */
  async function premiumEnded(userId: string) {
    const deleteAfter = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    await h.db
      .updateTable('users')
      .set({ planName: 'free', libraryDeleteAfter: deleteAfter })
      .where('id', '=', userId)
      .execute();
  }

  it('refuses with the edit’s message and changes nothing, here or in the store', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'readonly');
    const productId = await seedProduct(h, a.id);
    const savedAt = '2025-01-05T10:00:00.000Z';
    await h.db
      .updateTable('products')
      .set({ status: 'saved', inReview: 0, savedAt, libraryAddedAt: savedAt, storeStatus: 'draft' })
      .where('id', '=', productId)
      .execute();
    await premiumEnded(a.id);
    const before = await productRow(h, productId);

    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'library-read-only',
      error: LIBRARY_READ_ONLY_MESSAGE,
    });
    // The same answer an edit of that product gets.
    const edit = await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      cookie: a.cookie,
      payload: { title: 'Changed' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual(response.json());

    expect(await productRow(h, productId)).toEqual(before);
    expect(fake.products(shop)).toEqual([]);
    const publications = await h.db
      .selectFrom('shopifyPublications')
      .selectAll()
      .where('productId', '=', productId)
      .execute();
    expect(publications).toEqual([]);
  });

  it('still publishes a draft from the review list of the same seller', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'readonly-draft');
    const productId = await seedProduct(h, a.id);
    await premiumEnded(a.id);

    const response = await publish(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    expect(fake.products(shop)).toHaveLength(1);
    expect((await productRow(h, productId)).status).toBe('published');
  });
});
