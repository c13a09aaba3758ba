/**
 * 'Update in Shopify' (issue 25, ADR 045): products imported from a connected store sent back
 * with only the fields the seller changed, media and everything else left as the store has it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreUpdateReply } from '#domain/store-update.js';
import { STORE_UPDATE_MESSAGES } from '#domain/store-update.js';
import type { TestApp } from '../support/harness.js';
import type { FakeShopify } from '../support/fake-shopify.js';
import type { Account } from '../products/support.js';
import { BELT_JPEG, connectedSeller, seedProduct } from '../shopify/publish-support.js';
import { productsOf } from './support.js';
import {
  importedStore,
  premiumSeller as premiumSellerOf,
  startStoreImportApp,
  updateInStore,
} from './store-support.js';

describe('Update in Shopify', () => {
  let h: TestApp;
  let fake: FakeShopify;
  beforeAll(async () => {
    ({ h, fake } = await startStoreImportApp());
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  /** A seller with three store products imported: a mug, a photographed belt, a plain cap. */
  async function imported(label: string) {
    const seller = await premiumSellerOf(h, fake, label);
    const gids = fake.catalogue.seed(seller.shop, [
      {
        title: 'Stoneware Mug',
        descriptionHtml: '<p>A <b>heavy</b> mug.</p>',
        productType: 'Mugs',
        tags: ['mug', 'kitchen'],
        seo: { title: 'Stoneware Mug', description: 'A heavy mug.' },
      },
      {
        title: 'Leather Belt',
        descriptionHtml: '<p>Full grain.</p>',
        tags: ['belt'],
        images: [{ bytes: BELT_JPEG, altText: 'Belt' }],
      },
      { title: 'Plain Cap', descriptionHtml: '<p>A cap.</p>' },
    ]);
    const result = await importedStore(h, seller.a, seller.shop);
    expect(result.created).toBe(3);
    const rows = await productsOf(h, seller.a.id);
    const idOf = (gid: string) => rows.find((row) => row.sourceKey === `${seller.shop}/${gid}`)!.id;
    return { ...seller, gids, ids: gids.map(idOf) };
  }

  const updateCalls = (shop: string) =>
    fake.graphqlCalls.filter((call) => call.shop === shop && call.operation === 'productUpdate');

  function patch(a: Account, id: string, payload: Record<string, unknown>) {
    return a.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload,
      cookie: a.cookie,
    });
  }

  async function update(a: Account, shop: string, ids: readonly string[]) {
    const response = await updateInStore(a, shop, ids);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StoreUpdateReply>();
  }

  it('sends only the changed fields, leaves media alone, and costs nothing when nothing changed', async () => {
    const { a, shop, gids, ids } = await imported('changed');
    expect(
      (await patch(a, ids[0]!, { description: 'A heavy mug.\n\nDishwasher safe.' })).statusCode,
    ).toBe(200);
    await h.db
      .updateTable('products')
      .set({ tags: JSON.stringify(['belt', 'leather']), altText: 'Brown leather belt' })
      .where('id', '=', ids[1]!)
      .execute();
    const before = fake.catalogue.product(gids[1]!)!;

    const reply = await update(a, shop, ids);
    expect(reply.counts).toEqual({
      updated: 2,
      upToDate: 1,
      deleted: 0,
      failed: 0,
      notSent: 0,
      notFromStore: 0,
    });
    expect(reply.results.map((r) => [r.title, r.outcome, r.fields])).toEqual(
      expect.arrayContaining([
        ['Stoneware Mug', 'updated', ['description']],
        ['Leather Belt', 'updated', ['tags', 'altText']],
        ['Plain Cap', 'up-to-date', []],
      ]),
    );
    const sent = updateCalls(shop).map((call) => call.variables);
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual({
      product: { id: gids[0], descriptionHtml: '<p>A heavy mug.</p><p>Dishwasher safe.</p>' },
    });
    const mediaId = before.mediaIds[0]!;
    expect(sent).toContainEqual({
      product: { id: gids[1], tags: ['belt', 'leather'] },
      productId: gids[1],
      media: [{ id: mediaId, alt: 'Brown leather belt' }],
    });
    // The store has the new text; its media, title and the rest are as they were.
    expect(fake.catalogue.product(gids[0]!)).toMatchObject({
      title: 'Stoneware Mug',
      descriptionHtml: '<p>A heavy mug.</p><p>Dishwasher safe.</p>',
      tags: ['mug', 'kitchen'],
      seo: { title: 'Stoneware Mug', description: 'A heavy mug.' },
    });
    const belt = fake.catalogue.product(gids[1]!)!;
    expect(belt.mediaIds).toEqual(before.mediaIds);
    expect(belt.images![0]!.bytes.equals(BELT_JPEG)).toBe(true);
    expect(belt.images![0]!.altText).toBe('Brown leather belt');
    expect(fake.products(shop)).toEqual([]);

    // Everything is what the store has now: no call at all.
    const again = await update(a, shop, ids);
    expect(again.counts.upToDate).toBe(3);
    expect(updateCalls(shop)).toHaveLength(2);
  });

  it('reports a product deleted in the store and does not create it again', async () => {
    const { a, shop, gids, ids } = await imported('deleted');
    expect((await patch(a, ids[2]!, { title: 'Plain Cotton Cap' })).statusCode).toBe(200);
    fake.catalogue.remove(gids[2]!);
    const reply = await update(a, shop, [ids[2]!]);
    expect(reply.results).toEqual([
      expect.objectContaining({ outcome: 'deleted', message: STORE_UPDATE_MESSAGES.deleted }),
    ]);
    expect(fake.catalogue.product(gids[2]!)).toBeUndefined();
    const created = fake.graphqlCalls.filter(
      (call) => call.shop === shop && call.operation === 'productSet',
    );
    expect(created).toEqual([]);
    expect(fake.products(shop)).toEqual([]);
  });

  it('waits out a THROTTLED update and sends it again', async () => {
    const { a, shop, gids, ids } = await imported('throttled');
    expect((await patch(a, ids[0]!, { seoTitle: 'Heavy Stoneware Mug' })).statusCode).toBe(200);
    fake.throttleNext(1, 'productUpdate');
    const reply = await update(a, shop, [ids[0]!]);
    expect(reply.results[0]).toMatchObject({ outcome: 'updated', fields: ['seoTitle'] });
    const calls = updateCalls(shop);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.variables).toEqual(calls[0]!.variables);
    expect(calls[1]!.variables).toEqual({
      product: { id: gids[0], seo: { title: 'Heavy Stoneware Mug' } },
    });
    expect(fake.catalogue.product(gids[0]!)!.seo).toEqual({
      title: 'Heavy Stoneware Mug',
      description: 'A heavy mug.',
    });
  }, 20_000);

  it('after a lost answer, the retry sends the same change and ends in the same state', async () => {
    const { a, shop, gids, ids } = await imported('lost');
    expect((await patch(a, ids[2]!, { title: 'Plain Cotton Cap' })).statusCode).toBe(200);
    fake.loseNextProductUpdateAnswer('reset');
    const lost = await update(a, shop, ids);
    const cap = lost.results.find((result) => result.productId === ids[2])!;
    expect(cap).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/could not be reached/),
    });
    // Shopify made the change; Listsmith, not knowing, still compares with the old title.
    expect(fake.catalogue.product(gids[2]!)!.title).toBe('Plain Cotton Cap');

    const retry = await update(a, shop, ids);
    expect(retry.results.find((result) => result.productId === ids[2])).toMatchObject({
      outcome: 'updated',
      fields: ['title'],
    });
    const calls = updateCalls(shop);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.variables).toEqual(calls[0]!.variables);
    expect(fake.catalogue.product(gids[2]!)!.title).toBe('Plain Cotton Cap');
    expect((await update(a, shop, ids)).counts.upToDate).toBe(3);
    expect(updateCalls(shop)).toHaveLength(2);
  });

  it('compares only title and description of a product imported before the store fields were kept', async () => {
    const { a, shop, gids, ids } = await imported('legacy');
    await h.db
      .updateTable('productSources')
      .set({ storeFields: '{}' })
      .where('productId', '=', ids[0]!)
      .execute();
    expect(
      (await patch(a, ids[0]!, { title: 'Stoneware Mug, Large', seoTitle: 'Large Mug' }))
        .statusCode,
    ).toBe(200);
    const reply = await update(a, shop, [ids[0]!]);
    expect(reply.results[0]).toMatchObject({
      outcome: 'updated',
      fields: ['title'],
      message: STORE_UPDATE_MESSAGES.partlyKnown,
    });
    expect(updateCalls(shop).map((call) => call.variables)).toEqual([
      { product: { id: gids[0], title: 'Stoneware Mug, Large' } },
    ]);
  });

  it("leaves out another seller's products and other products, and refuses another seller's store", async () => {
    const owner = await imported('owner');
    const other = await premiumSellerOf(h, fake, 'other');
    const own = await update(other.a, other.shop, owner.ids);
    expect(own.results).toEqual([]);
    const refused = await updateInStore(other.a, owner.shop, owner.ids);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'store-not-found' });
    // A product of the owner's that came from no store is counted apart, never sent.
    const own2 = await seedProduct(h, owner.a.id);
    await h.db
      .updateTable('products')
      .set({ status: 'saved', libraryAddedAt: new Date().toISOString() })
      .where('id', '=', own2)
      .execute();
    const mixed = await update(owner.a, owner.shop, [...owner.ids, own2]);
    expect(mixed.counts).toMatchObject({ upToDate: 3, notFromStore: 1 });
    expect(mixed.results.map((result) => result.productId)).not.toContain(own2);
    expect(updateCalls(owner.shop)).toEqual([]);
  });

  it('answers the reconnect error for a store to connect again, and refuses a free seller', async () => {
    const { a, shop, ids } = await imported('reconnect');
    expect((await patch(a, ids[0]!, { title: 'Mug' })).statusCode).toBe(200);
    fake.revoke(shop);
    const response = await updateInStore(a, shop, ids);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'store-reconnect' });

    const seller = await connectedSeller(h, fake, 'free');
    const free = await updateInStore(seller.a, seller.shop, ids);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ code: 'premium-required' });
  });
});
