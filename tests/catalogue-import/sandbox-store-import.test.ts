import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxAdminReply } from '#domain/api/shopify.js';
import type { StoreUpdateReply } from '#domain/store-update.js';
import { account } from '../products/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { makePremium } from '../library/support.js';
import { connectSandbox } from '../shopify/support.js';
import { productsOf } from './support.js';
import { importedStore, updateInStore } from './store-support.js';

describe('catalogue import from the sandbox store: the sample catalogue a new seller tries', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => h?.close());

  async function sandboxSeller(label: string, domain: string) {
    const a = await account(h, label);
    await makePremium(h, a.id);
    const { shop } = await connectSandbox(a, domain);
    return { a, shop };
  }

  it('imports the sample with its gaps, its variants, and the images the sandbox serves', async () => {
    const { a, shop } = await sandboxSeller('sample', 'sample-goods.myshopify.com');
    const result = await importedStore(h, a, shop);
    expect(result).toMatchObject({ state: 'done', created: 24, updated: 0, error: null });
    // Read from the sandbox itself: its URLs are the app's own, which no fetch may reach.
    expect(result.images).toMatchObject({ pending: 0, done: 24, fetched: 24, failures: [] });
    const rows = await productsOf(h, a.id);
    const byTitle = (title: string) => rows.find((row) => row.title === title)!;
    expect(byTitle('Stoneware Mug')).toMatchObject({
      description: 'Nice mug.',
      categoryId: 'gid://shopify/TaxonomyCategory/hg-11-10-5-5',
      altText: 'Grey stoneware mug',
      priceCents: 1800,
      format: 'shopify-store',
    });
    expect(byTitle('BEESWAX CANDLE')).toMatchObject({ description: '', seoTitle: '' });
    expect(byTitle('Enamel Pin').storeStatus).toBe('draft');
    expect(byTitle('Copper Watering Can').storeStatus).toBe('archived');
    expect(JSON.parse(byTitle('Linen Tea Towel').variants)).toMatchObject({
      options: [{ name: 'Color', values: ['Natural', 'Sage', 'Rust'] }],
    });
    // The sample is in the sandbox's admin list, as the seller's store.
    const admin = await a.client.request({
      url: `/api/shopify/sandbox/stores/${shop}/products`,
      cookie: a.cookie,
    });
    expect((admin.json() as SandboxAdminReply).products).toHaveLength(24);
  });

  it('imports the sample once per seller: again it updates, another seller has their own', async () => {
    const first = await sandboxSeller('twice', 'shared-name.myshopify.com');
    await importedStore(h, first.a, first.shop);
    const again = await importedStore(h, first.a, first.shop);
    expect([again.created, again.updated]).toEqual([0, 24]);
    expect(await productsOf(h, first.a.id)).toHaveLength(24);

    const second = await sandboxSeller('second', 'shared-name.myshopify.com');
    const theirs = await importedStore(h, second.a, second.shop);
    expect([theirs.created, theirs.images.fetched]).toEqual([24, 24]);
    const keys = (rows: { sourceKey: string }[]) => new Set(rows.map((row) => row.sourceKey));
    const mine = keys(await productsOf(h, first.a.id));
    for (const key of keys(await productsOf(h, second.a.id))) expect(mine.has(key)).toBe(false);
  });

  it('takes an update: the new description on its admin page, the rest as it was', async () => {
    const { a, shop } = await sandboxSeller('update', 'update-goods.myshopify.com');
    await importedStore(h, a, shop);
    const mug = (await productsOf(h, a.id)).find((row) => row.title === 'Stoneware Mug')!;
    const edited = await a.client.request({
      method: 'PATCH',
      url: `/api/product/${mug.id}`,
      payload: { description: 'Hand-thrown stoneware.\n\nHolds 350 ml.' },
      cookie: a.cookie,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const adminList = async () =>
      (
        await a.client.request({
          url: `/api/shopify/sandbox/stores/${shop}/products`,
          cookie: a.cookie,
        })
      ).json<SandboxAdminReply>().products;
    const before = (await adminList()).find((product) => product.title === 'Stoneware Mug')!;

    const response = await updateInStore(a, shop, [mug.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<StoreUpdateReply>().results).toMatchObject([
      { outcome: 'updated', fields: ['description'] },
    ]);
    const after = (await adminList()).find((product) => product.title === 'Stoneware Mug')!;
    expect(after).toMatchObject({
      description: 'Hand-thrown stoneware.\n\nHolds 350 ml.',
      images: before.images,
      prices: before.prices,
      tags: before.tags,
    });
    expect(before.description).toBe('Nice mug.');
  });
});
