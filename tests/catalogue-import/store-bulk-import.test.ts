import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_IMPORT_RUNNING_MESSAGE } from '#server/catalogue-import/store-import.js';
import type { TestApp } from '../support/harness.js';
import type { FakeShopify } from '../support/fake-shopify.js';
import type { CatalogueSeed } from '../support/fake-shopify-catalogue.js';
import { BELT_JPEG } from '../shopify/publish-support.js';
import { productsOf } from './support.js';
import {
  importStore,
  importedStore,
  premiumSeller as premiumSellerOf,
  startStoreImportApp,
} from './store-support.js';

/** Stores of more than this many products are read by a bulk operation here (2,000 for real). */
const BULK_FROM = 10;

function catalogue(count: number): CatalogueSeed[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Bulk product ${i + 1}`,
    descriptionHtml: `<p>Thin ${i + 1}.</p>`,
    tags: ['bulk'],
    ...(i === 0
      ? {
          options: ['Size'],
          variants: ['S', 'M', 'L'].map((size, n) => ({
            price: `${20 + n}.00`,
            sku: `B-${size}`,
            selectedOptions: [{ name: 'Size', value: size }],
          })),
          images: [
            { bytes: BELT_JPEG, altText: 'Front' },
            { bytes: BELT_JPEG, altText: 'Back' },
          ],
        }
      : {}),
  }));
}

describe('catalogue import of a large store: a bulk operation', () => {
  let h: TestApp;
  let fake: FakeShopify;
  beforeAll(async () => {
    ({ h, fake } = await startStoreImportApp({ storeImportBulkFrom: BULK_FROM }));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  const premiumSeller = (label: string) => premiumSellerOf(h, fake, label);

  const callsOf = (shop: string) =>
    fake.graphqlCalls.filter((call) => call.shop === shop).map((call) => call.operation);

  it('exports the store, polls until done, and reads the JSONL into products', async () => {
    const { a, shop } = await premiumSeller('bulk');
    const ids = fake.catalogue.seed(shop, catalogue(12));
    const result = await importedStore(h, a, shop);
    expect(result).toMatchObject({ state: 'done', created: 12, error: null });
    expect(result.images).toMatchObject({ pending: 0, done: 12, fetched: 2, failures: [] });
    // Counted, exported, polled while RUNNING and once COMPLETED; never paged.
    expect(callsOf(shop)).toEqual([
      'productsCount',
      'bulkOperationRunQuery',
      'bulkOperation',
      'bulkOperation',
    ]);
    expect(fake.catalogue.bulkQueries().at(-1)).toMatch(/products\(sortKey: ID\)/);
    const rows = await productsOf(h, a.id);
    expect(rows).toHaveLength(12);
    const first = rows.find((row) => row.sourceKey === `${shop}/${ids[0]}`)!;
    expect(first).toMatchObject({ description: 'Thin 1.', altText: 'Front', priceCents: 2000 });
    expect(JSON.parse(first.variants)).toMatchObject({
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    });
    expect(JSON.parse(first.photos)).toHaveLength(2);

    const again = await importedStore(h, a, shop);
    expect([again.created, again.updated]).toEqual([0, 12]);
  });

  it('runs one import of a store at a time', async () => {
    const { a, shop } = await premiumSeller('once');
    fake.catalogue.seed(shop, catalogue(11));
    const first = await importStore(a, shop);
    expect(first.statusCode).toBe(202);
    // The export is still being polled: a second start is refused, not run beside it.
    const second = await importStore(a, shop);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: STORE_IMPORT_RUNNING_MESSAGE });
    await h.catalogueImport.stores.idle();
    expect(await productsOf(h, a.id)).toHaveLength(11);
  });

  it('ends with the reason when the export fails, keeping nothing half-read', async () => {
    const { a, shop } = await premiumSeller('bulkfail');
    fake.catalogue.seed(shop, catalogue(11));
    fake.catalogue.failNextBulk('INTERNAL_SERVER_ERROR');
    const result = await importedStore(h, a, shop);
    expect(result).toMatchObject({ state: 'done', created: 0 });
    expect(result.error).toBe(
      "Shopify's export of the store stopped (FAILED, INTERNAL_SERVER_ERROR). Please try again.",
    );
  });

  it('pages through a store at the threshold', async () => {
    const { a, shop } = await premiumSeller('small');
    fake.catalogue.seed(shop, catalogue(BULK_FROM));
    const result = await importedStore(h, a, shop);
    expect(result.created).toBe(BULK_FROM);
    expect(callsOf(shop)).toEqual(['productsCount', 'products']);
  });
});
