/**
 * Publishing a product's tags to a WooCommerce store (ADR 039), against the fake store: each
 * name found (ignoring case) or made, sent as the store's tag ids; a re-publish replaces the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWooCommerce, type FakeWooCommerce } from '../support/fake-woocommerce.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { connectedSeller, publishWoo, seedProduct, serveImagesFrom } from './support.js';

describe('publishing tags to a WooCommerce store', () => {
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

  /** What the store answered to the tag creations since call `from`. */
  const tagPosts = (from: number) =>
    fake.calls
      .slice(from)
      .filter((call) => call.method === 'POST' && call.path === '/products/tags')
      .map((call) => call.status);

  it('sends the tags as the ids the store holds by name, reusing its own; a re-publish replaces them', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'tags');
    // The merchant's own tag, capitalised otherwise: WordPress names ignore case, so it is ours.
    const leather = fake.addTag(store, 'Leather');
    const productId = await seedProduct(h, a.id);
    let before = fake.calls.length;
    expect((await publishWoo(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    // 'Leather' was found by the search, only 'belt' made.
    expect(tagPosts(before)).toEqual([201]);
    const tagName = (id: unknown) => fake.tags(store).find((tag) => tag.id === id)?.name;
    const tagsOf = () =>
      (
        fake.products(store).find((p) => p.body.sku === productId)!.body.tags as { id: number }[]
      ).map((tag) => tagName(tag.id));
    expect(fake.tags(store).map((tag) => tag.name)).toEqual(['Leather', 'belt']);
    expect(tagsOf()).toEqual(['belt', 'Leather']);
    const [, belt] = fake.tags(store);

    // Another product with the same tags: found by the search, none made twice.
    const other = await seedProduct(h, a.id, { title: 'Black Belt' });
    before = fake.calls.length;
    expect((await publishWoo(a, { storeId, productId: other, status: 'active' })).statusCode).toBe(
      200,
    );
    expect(tagPosts(before)).toEqual([]);
    expect(fake.tags(store)).toHaveLength(2);

    await h.db
      .updateTable('products')
      .set({ tags: JSON.stringify(['LEATHER', 'Brass Buckle', 'leather']) })
      .where('id', '=', productId)
      .execute();
    expect((await publishWoo(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    expect(tagsOf()).toEqual(['Leather', 'Brass Buckle']);
    expect(fake.tags(store).map((tag) => tag.id)).toEqual([
      leather.id,
      belt!.id,
      expect.any(Number),
    ]);

    await h.db
      .updateTable('products')
      .set({ tags: JSON.stringify([]) })
      .where('id', '=', productId)
      .execute();
    expect((await publishWoo(a, { storeId, productId, status: 'active' })).statusCode).toBe(200);
    expect(tagsOf()).toEqual([]);
    expect(fake.products(store)).toHaveLength(2);
  });

  it('a tag beyond the search’s first page is found through term_exists, not made twice', async () => {
    const { a, store, storeId } = await connectedSeller(h, fake, 'manytags');
    // 'Aged leather …' sort before 'leather': a search for it shows 100 of them and not it.
    for (let i = 1; i <= 100; i++) fake.addTag(store, `Aged leather ${String(i).padStart(3, '0')}`);
    const leather = fake.addTag(store, 'leather');
    const productId = await seedProduct(h, a.id);
    const before = fake.calls.length;
    const response = await publishWoo(a, { storeId, productId, status: 'active' });
    expect(response.statusCode, response.body).toBe(200);
    expect(tagPosts(before)).toEqual([201, 400]);
    expect(fake.tags(store)).toHaveLength(102);
    const [product] = fake.products(store);
    expect(product!.body.tags).toEqual([{ id: fake.tags(store)[101]!.id }, { id: leather.id }]);
  });
});
