import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXONOMY_CATEGORY_GID_PREFIX } from '#domain/listing-draft.js';
import type { Kysely } from 'kysely';
import { markConfirmedProducts } from '#server/db/migrations/005_product_appearances.js';
import { decodeAppearance } from '#server/catalog/product-repository.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, setBalance, uploadOk, type Account } from './support.js';

const TEAPOTS = {
  id: `${TAXONOMY_CATEGORY_GID_PREFIX}hg-11-10-2-2`,
  fullName: 'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots > Teapots',
};

/** A distinct unit vector per describe call, as the local analyzer answers. */
const axis = (index: number) => Array.from({ length: 1000 }, (_, i) => (i === index ? 1 : 0));

describe('what generation learns from the seller’s confirmed categories', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;

  beforeAll(async () => {
    h = await startTestApp();
    h.vision!.appearanceOf = axis;
    owner = await account(h, 'lookalike-owner');
    stranger = await account(h, 'lookalike-stranger');
    await setBalance(h, owner.id, { fixedCredits: 10 });
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Uploads one photo and waits for its draft: describe calls then follow upload order. */
  async function generateOne(who: Account, name: string) {
    const { results } = await uploadOk(who, [photo(name)]);
    await h.generationIdle();
    return (await listProducts(who)).find((product) => product.id === results[0]!.id)!;
  }

  function confirm(who: Account, id: string) {
    return who.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: { categoryId: TEAPOTS.id },
      cookie: who.cookie,
    });
  }

  const lastDescribe = () => h.vision!.calls.filter((call) => call.kind === 'describe').at(-1)!;
  const appearanceRow = (productId: string) =>
    h.db
      .selectFrom('productAppearances')
      .selectAll()
      .where('productId', '=', productId)
      .executeTakeFirst();

  it('keeps each draft’s appearance, and compares a new photo only with the seller’s confirmed products', async () => {
    const first = await generateOne(owner, 'home-teapot-enamel.png');
    const stored = await appearanceRow(first.id);
    expect(decodeAppearance(stored!.vector)).toEqual(axis(0));

    const strangers = await generateOne(stranger, 'home-mug-black-yellow.jpg');
    expect((await confirm(stranger, strangers.id)).statusCode).toBe(200);
    await generateOne(owner, 'home-mug-stoneware.jpg');
    expect(lastDescribe().hints?.sellerExamples).toEqual([]);

    expect((await confirm(owner, first.id)).statusCode).toBe(200);
    await generateOne(owner, 'home-tea-set-glass.jpg');
    // Only the owner's confirmed teapot: not their unconfirmed mug, not the stranger's product.
    expect(lastDescribe().hints?.sellerExamples).toEqual([
      { title: first.title, categoryId: TEAPOTS.id, appearance: axis(0) },
    ]);
  });

  it('lets a regenerated text of an unconfirmed product see the same products', async () => {
    const [latest] = await listProducts(owner);
    const regenerate = (id: string) =>
      owner.client.request({
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: id, field: 'title' },
        cookie: owner.cookie,
      });
    expect((await regenerate(latest!.id)).statusCode).toBe(200);
    const call = h.vision!.calls.filter((c) => c.kind === 'regenerate').at(-1)!;
    expect(call.hints?.sellerExamples?.map((example) => example.categoryId)).toEqual([TEAPOTS.id]);
  });

  it('forgets a deleted product’s appearance', async () => {
    const [confirmed] = (await listProducts(owner)).filter((p) => p.category?.id === TEAPOTS.id);
    const response = await owner.client.request({
      method: 'DELETE',
      url: `/api/product/${confirmed!.id}`,
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(await appearanceRow(confirmed!.id)).toBeUndefined();
    await generateOne(owner, 'home-candle-holder.jpg');
    expect(lastDescribe().hints?.sellerExamples).toEqual([]);
  });

  it('keeps the draft but not an appearance that is no vector', async () => {
    h.vision!.appearanceOf = () => [Number.NaN, 1];
    try {
      const product = await generateOne(owner, 'home-globe.jpg');
      expect(product.generation.state).toBe('ready');
      expect(await appearanceRow(product.id)).toBeUndefined();
    } finally {
      h.vision!.appearanceOf = axis;
    }
  });

  it('migration 5 dates the confirmations made before it from their evidence', async () => {
    const [product] = await listProducts(owner);
    await h.db
      .updateTable('products')
      .set({
        categoryConfirmedAt: null,
        fieldEvidence: JSON.stringify({
          title: { confidence: 0.5, sources: ['from the label: "X"'] },
          category: { confidence: 1, sources: ['confirmed by you'] },
        }),
      })
      .where('id', '=', product!.id)
      .execute();
    await markConfirmedProducts(h.db as unknown as Kysely<unknown>);
    const rows = await h.db
      .selectFrom('products')
      .select(['id', 'categoryConfirmedAt'])
      .where('userId', '=', owner.id)
      .execute();
    const dated = rows.filter((row) => row.categoryConfirmedAt !== null).map((row) => row.id);
    expect(dated).toEqual([product!.id]);
  });
});
