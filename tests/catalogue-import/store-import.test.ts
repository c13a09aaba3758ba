import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_NOT_FOUND_MESSAGE } from '#domain/api/shopify.js';
import { CATALOGUE_IMPORT_MESSAGES } from '#domain/catalogue-import.js';
import type { TestApp } from '../support/harness.js';
import type { FakeShopify } from '../support/fake-shopify.js';
import type { CatalogueSeed } from '../support/fake-shopify-catalogue.js';
import { BELT_JPEG, connectedSeller } from '../shopify/publish-support.js';
import { productsOf } from './support.js';
import {
  importStore,
  importedStore,
  premiumSeller as premiumSellerOf,
  startStoreImportApp,
} from './store-support.js';

/** A thin catalogue: numbered products, every third with a photo, one with variants. */
function thinCatalogue(count: number): CatalogueSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Product ${i + 1}`,
    descriptionHtml: i % 2 === 0 ? `<p>Item <b>${i + 1}</b>.</p>` : '',
    productType: 'Mugs',
    tags: i % 4 === 0 ? ['mug'] : [],
    variants: [
      {
        price: `${10 + i}.00`,
        sku: `SKU-${i + 1}`,
        selectedOptions: [{ name: 'Title', value: 'Default Title' }],
      },
    ],
    ...(i % 3 === 0 ? { images: [{ bytes: BELT_JPEG, altText: `Photo ${i + 1}` }] } : {}),
  }));
}

describe('catalogue import from a connected Shopify store', () => {
  let h: TestApp;
  let fake: FakeShopify;
  beforeAll(async () => {
    ({ h, fake } = await startStoreImportApp());
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const premiumSeller = (label: string) => premiumSellerOf(h, fake, label);

  const pageCalls = (shop: string) =>
    fake.graphqlCalls.filter((call) => call.shop === shop && call.operation === 'products');

  it('reads every page, keeps shop + GID as the source, and fetches the images', async () => {
    const { a, shop } = await premiumSeller('paging');
    const ids = fake.catalogue.seed(shop, thinCatalogue(60));
    const result = await importedStore(h, a, shop);
    expect(result).toMatchObject({ state: 'done', format: 'shopify-store', error: null });
    expect([result.created, result.updated, result.skipped]).toEqual([60, 0, []]);
    // 15 a page: four pages, each after the cursor of the one before.
    const calls = pageCalls(shop);
    expect(calls.map((call) => call.variables.first)).toEqual([15, 15, 15, 15]);
    expect(calls[0]!.variables.after).toBeNull();
    expect(calls[1]!.variables.after).toEqual(expect.any(String));
    const rows = await productsOf(h, a.id);
    expect(rows).toHaveLength(60);
    expect(rows[0]).toMatchObject({
      title: 'Product 1',
      description: 'Item 1.',
      priceCents: 1000,
      format: 'shopify-store',
      sourceKey: `${shop}/${ids[0]}`,
      sourceFile: shop,
      altText: 'Photo 1',
    });
    // Every product is done (a plain tile for those without a photo); 20 photos fetched.
    expect(result.images).toMatchObject({ pending: 0, done: 60, fetched: 20, failures: [] });
  });

  it('updates the products of a store imported again, never duplicates them', async () => {
    const { a, shop } = await premiumSeller('again');
    const ids = fake.catalogue.seed(shop, thinCatalogue(30));
    await importedStore(h, a, shop);
    fake.catalogue.edit(ids[1]!, { title: 'Renamed in Shopify' });
    const again = await importedStore(h, a, shop);
    expect([again.created, again.updated]).toEqual([0, 30]);
    const rows = await productsOf(h, a.id);
    expect(rows).toHaveLength(30);
    const renamed = rows.find((row) => row.sourceKey === `${shop}/${ids[1]}`)!;
    expect(renamed.title).toBe('Renamed in Shopify');
    const versions = await h.db
      .selectFrom('productFieldVersions')
      .select(['value', 'cause'])
      .where('productId', '=', renamed.id)
      .where('field', '=', 'title')
      .orderBy('id')
      .execute();
    expect(versions.map((v) => [v.value, v.cause])).toEqual([
      ['Product 2', 'import'],
      ['Product 2', 'reimport'],
      ['Renamed in Shopify', 'import'],
    ]);
  });

  it('waits out a THROTTLED page and reads it again', async () => {
    const { a, shop } = await premiumSeller('throttle');
    fake.catalogue.seed(shop, thinCatalogue(20));
    fake.throttleNext(1, 'products');
    const result = await importedStore(h, a, shop);
    expect([result.created, result.error]).toEqual([20, null]);
    // The throttled first page, the same page again, the second page.
    const calls = pageCalls(shop);
    expect(calls.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(calls.map((call) => call.variables.after === null)).toEqual([true, true, false]);
    // The bucket was empty and refills at 100 points a second: the retry waited for the page's
    // 750 points instead of failing or hammering Shopify.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(7000);
  }, 30_000);

  it('refuses to start when Shopify cannot be reached, importing nothing', async () => {
    const { a, shop } = await premiumSeller('unreachable');
    fake.catalogue.seed(shop, thinCatalogue(3));
    fake.failNext(500, 'productsCount');
    const response = await importStore(a, shop);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 'shopify-unavailable' });
    expect(await productsOf(h, a.id)).toHaveLength(0);
  });

  it('ends with the reason when a page fails, keeping the pages before it', async () => {
    const { a, shop } = await premiumSeller('failing');
    fake.catalogue.seed(shop, thinCatalogue(20));
    fake.failNext(500, 'products', 1);
    const failed = await importedStore(h, a, shop);
    expect(failed).toMatchObject({ state: 'done', created: 15 });
    expect(failed.error).toMatch(/could not be reached/);
    expect(failed.images.done).toBe(15);
    // Imported again: the first page's products are updated, the rest come in.
    const retried = await importedStore(h, a, shop);
    expect([retried.created, retried.updated, retried.error]).toEqual([5, 15, null]);
  });

  it("refuses another seller's store, an unknown one, and a seller without Premium", async () => {
    const owner = await premiumSeller('owner');
    const other = await premiumSeller('other');
    fake.catalogue.seed(owner.shop, thinCatalogue(2));
    for (const shop of [owner.shop, 'nowhere.myshopify.com', 'not a shop']) {
      const response = await importStore(other.a, shop);
      expect(response.statusCode, shop).toBe(404);
      expect(response.json()).toMatchObject({ error: STORE_NOT_FOUND_MESSAGE });
    }
    expect(pageCalls(owner.shop)).toHaveLength(0);
    const free = await connectedSeller(h, fake, 'free');
    const response = await importStore(free.a, free.shop);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: CATALOGUE_IMPORT_MESSAGES.premium });
    expect(await productsOf(h, other.a.id)).toHaveLength(0);
  });

  it('refuses a body without a shop', async () => {
    const { a } = await premiumSeller('body');
    const response = await a.client.request({
      method: 'POST',
      url: '/api/catalogue-imports/shopify',
      payload: {},
      cookie: a.cookie,
    });
    expect(response.statusCode).toBe(400);
  });
});
