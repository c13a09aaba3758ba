import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAXONOMY_CATEGORY_GID_PREFIX } from '#domain/listing-draft.js';
import {
  CONFIRMED_CATEGORY_SOURCE,
  productSchema,
  type Product,
  type ProductEvent,
} from '#domain/products.js';
import {
  REGENERATED_SOURCE,
  SAMPLE_BARCODE,
  sampleDraft,
} from '../support/fake-vision-provider.js';
import { loadPriceBaseline } from '#server/vision/pricing/price-baseline.js';
import { estimatePrice } from '#server/vision/pricing/price-estimate.js';
import { pricePoint, withPricePoint, type PriceEnding } from '#domain/price-points.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, productRows, uploadOk, type Account } from './support.js';

const gid = (id: string) => `${TAXONOMY_CATEGORY_GID_PREFIX}${id}`;
const DRINKWARE = 'Home & Garden > Kitchen & Dining > Tableware > Drinkware';
const TUMBLERS = { id: gid('hg-11-10-5-8'), fullName: `${DRINKWARE} > Tumblers` };
const TEAPOTS = {
  id: gid('hg-11-10-2-2'),
  fullName: 'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots > Teapots',
};
const BACKPACKS = { id: gid('lb-1'), fullName: 'Luggage & Bags > Backpacks' };

describe('draft evidence and the seller’s category', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;
  let pendingAtUpload: Product[];

  beforeAll(async () => {
    h = await startTestApp();
    owner = await account(h, 'category-owner');
    stranger = await account(h, 'category-stranger');
    const upload = await uploadOk(owner, [
      photo('home-mug-black-yellow.jpg'),
      photo('home-teapot-enamel.png'),
    ]);
    pendingAtUpload = upload.results;
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function productAt(index: number): Promise<Product> {
    return (await listProducts(owner))[index]!;
  }

  function patch(who: Account, id: string, payload: object) {
    return who.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload,
      cookie: who.cookie,
    });
  }

  async function rowOf(id: string) {
    return (await productRows(h, owner.id)).find((row) => row.id === id)!;
  }

  it('a pending product has no alternatives, barcode or evidence yet (column defaults)', () => {
    expect(pendingAtUpload).toHaveLength(2);
    // Drafting starts as each photo is stored (ADR 035): the upload's answer may already carry
    // a finished draft, which the next test checks.
    for (const pending of pendingAtUpload.filter((p) => p.generation.state === 'pending')) {
      expect(pending).toMatchObject({
        categoryAlternatives: [],
        barcode: null,
        evidence: {},
        guidance: [],
      });
    }
  });

  it('stores the draft’s alternatives, barcode and evidence and returns them', async () => {
    const listed = await listProducts(owner);
    for (const product of listed) {
      productSchema.parse(product);
      // Photos are described concurrently: the fake's call number is in the title.
      const draft = sampleDraft(Number(/\d+$/.exec(product.title)![0]));
      expect(product.categoryAlternatives).toEqual(draft.categoryAlternatives);
      expect(product.barcode).toBe(SAMPLE_BARCODE);
      expect(product.evidence).toEqual(draft.evidence);
      expect(product.guidance).toEqual(draft.guidance);
    }
    const [first] = listed;
    const row = await rowOf(first!.id);
    expect(JSON.parse(row.fieldEvidence)).toEqual(first!.evidence);
    expect(JSON.parse(row.categoryAlternatives)).toHaveLength(2);
    expect(row.barcode).toBe(SAMPLE_BARCODE);
    expect(JSON.parse(row.guidance)).toEqual(first!.guidance);
  });

  it('PATCH categoryId stores the chosen category as certain and keeps the previous one', async () => {
    const before = await productAt(0);
    const events: ProductEvent[] = [];
    const unsubscribe = h.catalog.events.subscribe(owner.id, (event) => events.push(event));
    // The short id works as well as the GID.
    const response = await patch(owner, before.id, { categoryId: 'hg-11-10-5-8' });
    unsubscribe();

    expect(response.statusCode).toBe(200);
    const patched = productSchema.parse(response.json());
    expect(patched.category).toEqual({ ...TUMBLERS, confidence: 1 });
    expect(patched.evidence).toEqual({
      ...before.evidence,
      category: { confidence: 1, sources: [CONFIRMED_CATEGORY_SOURCE] },
    });
    // The previous category comes first; the chosen one is no longer an alternative.
    expect(patched.categoryAlternatives).toEqual([
      before.category,
      { ...TEAPOTS, confidence: 0.1 },
    ]);
    expect(patched.title).toBe(before.title);
    // A confirmed category needs no confirming: the rest of the guidance stays.
    expect(before.guidance.map((item) => item.kind)).toEqual(['confirm-category', 'add-size']);
    expect(patched.guidance).toEqual([before.guidance[1]]);
    expect(events).toEqual([{ type: 'product', product: patched }]);
    expect(await productAt(0)).toEqual(patched);
  });

  it('re-confirming the current category changes only its certainty', async () => {
    const before = await productAt(0);
    const response = await patch(owner, before.id, { categoryId: TUMBLERS.id });
    expect(response.statusCode).toBe(200);
    const patched = productSchema.parse(response.json());
    expect(patched.category).toEqual(before.category);
    expect(patched.categoryAlternatives).toEqual(before.categoryAlternatives);
    expect(patched.evidence).toEqual(before.evidence);
  });

  it('keeps at most three alternatives, dropping the least likely', async () => {
    const first = await productAt(0);
    const toBackpacks = productSchema.parse(
      (await patch(owner, first.id, { categoryId: BACKPACKS.id })).json(),
    );
    expect(toBackpacks.categoryAlternatives.map((c) => c.fullName)).toEqual([
      TUMBLERS.fullName,
      `${DRINKWARE} > Mugs`,
      TEAPOTS.fullName,
    ]);
    const toDrinkware = productSchema.parse(
      (await patch(owner, first.id, { categoryId: 'hg-11-10-5' })).json(),
    );
    expect(toDrinkware.category).toEqual({
      id: gid('hg-11-10-5'),
      fullName: DRINKWARE,
      confidence: 1,
    });
    expect(toDrinkware.categoryAlternatives.map((c) => c.fullName)).toEqual([
      BACKPACKS.fullName,
      TUMBLERS.fullName,
      `${DRINKWARE} > Mugs`,
    ]);
  });

  it('refuses a category that is not in the taxonomy and changes nothing', async () => {
    const before = await productAt(1);
    const rowBefore = await rowOf(before.id);
    for (const categoryId of ['zz-999', gid('hg-99999'), 'Mugs', 'gid://shopify/Other/hg-1']) {
      const response = await patch(owner, before.id, { categoryId, title: 'Not saved' });
      expect(response.statusCode, categoryId).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'Unknown category. Please choose a category from the Shopify product taxonomy.',
        code: 'unknown-category',
      });
    }
    for (const categoryId of ['', '   ', 7, 'x'.repeat(201)]) {
      const response = await patch(owner, before.id, { categoryId });
      expect(response.statusCode, String(categoryId)).toBe(400);
    }
    expect(await rowOf(before.id)).toEqual(rowBefore);
  });

  it('answers 404 for another user’s product and changes nothing', async () => {
    const before = await productAt(1);
    const response = await patch(stranger, before.id, { categoryId: TUMBLERS.id });
    expect(response.statusCode).toBe(404);
    expect(await productAt(1)).toEqual(before);
  });

  it('a stored value that is not valid does not break the list', async () => {
    const target = await productAt(1);
    await h.db
      .updateTable('products')
      .set({
        fieldEvidence: JSON.stringify({
          title: { confidence: 2, sources: [] },
          price: { confidence: 0.5, sources: ['typical price for Mugs'] },
        }),
        categoryAlternatives: JSON.stringify([
          { id: 'nope' },
          sampleDraft(1).categoryAlternatives[0],
        ]),
        barcode: '12-34',
      })
      .where('id', '=', target.id)
      .execute();
    let listed = await productAt(1);
    expect(listed.evidence).toEqual({
      price: { confidence: 0.5, sources: ['typical price for Mugs'] },
    });
    expect(listed.categoryAlternatives).toEqual([sampleDraft(1).categoryAlternatives[0]]);
    expect(listed.barcode).toBeNull();

    await h.db
      .updateTable('products')
      .set({ fieldEvidence: '{not json', categoryAlternatives: '"a string"' })
      .where('id', '=', target.id)
      .execute();
    listed = await productAt(1);
    expect(listed).toMatchObject({ evidence: {}, categoryAlternatives: [] });
  });
  it('regenerating names the product by the category the seller confirmed, and only then', async () => {
    const regenerate = (product: Product) =>
      owner.client.request({
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: product.id, field: 'title' },
        cookie: owner.cookie,
      });
    const unconfirmed = await productAt(1);
    expect(unconfirmed.evidence.category?.sources ?? []).not.toContain(CONFIRMED_CATEGORY_SOURCE);
    expect((await regenerate(unconfirmed)).statusCode).toBe(200);
    expect(h.vision!.calls.at(-1)).toMatchObject({ kind: 'regenerate' });
    expect(h.vision!.calls.at(-1)!.confirmedCategory).toBeUndefined();

    const confirmed = productSchema.parse(
      (await patch(owner, unconfirmed.id, { categoryId: TEAPOTS.id })).json(),
    );
    expect((await regenerate(confirmed)).statusCode).toBe(200);
    expect(h.vision!.calls.at(-1)!.confirmedCategory).toEqual(TEAPOTS);
  });
  it('a category confirmed while a text is regenerated stays confirmed', async () => {
    const target = await productAt(1);
    h.vision!.latencyMs = 300;
    try {
      const regenerating = owner.client.request({
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: target.id, field: 'description' },
        cookie: owner.cookie,
      });
      // The PATCH lands while the provider is still writing the new description.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await patch(owner, target.id, { categoryId: TUMBLERS.id })).statusCode).toBe(200);
      const response = await regenerating;
      expect(response.statusCode).toBe(200);
    } finally {
      h.vision!.latencyMs = 0;
    }
    const after = await productAt(1);
    expect(after.category).toEqual({ ...TUMBLERS, confidence: 1 });
    expect(after.evidence.category).toEqual({
      confidence: 1,
      sources: [CONFIRMED_CATEGORY_SOURCE],
    });
    expect(after.evidence.description).toEqual({
      confidence: 0.5,
      sources: [REGENERATED_SOURCE],
    });
  });
  describe('the price, when the seller confirms a category', () => {
    const baseline = loadPriceBaseline();
    const MUGS = gid('hg-11-10-5-5');

    /**
     * Product 0 as a draft would have priced it from the Mugs baseline: at a price point, or
     * (`before`) as drafts made before price points stored it: the bare estimate, its basis
     * naming the data source.
     */
    async function pricedAsMugs(priceCents?: number, ending: PriceEnding | 'before' = '.99') {
      const target = await productAt(0);
      const estimate = estimatePrice({ categoryId: MUGS, baseline });
      const price =
        ending === 'before'
          ? { ...estimate.price, basis: estimate.formerBases![0]! }
          : withPricePoint(estimate.price, ending);
      await h.db
        .updateTable('products')
        .set({
          categoryId: MUGS,
          categoryFullName: `${DRINKWARE} > Mugs`,
          priceCents: priceCents ?? Math.round(price.suggested! * 100),
          priceLowCents: Math.round(price.low! * 100),
          priceHighCents: Math.round(price.high! * 100),
          priceBasis: price.basis,
        })
        .where('id', '=', target.id)
        .execute();
      return target.id;
    }

    async function chooseEnding(priceEnding: PriceEnding) {
      const response = await owner.client.request({
        method: 'PUT',
        url: '/api/user/settings',
        payload: { priceEnding },
        cookie: owner.cookie,
      });
      expect(response.statusCode).toBe(200);
    }

    it('follows the category when it was the previous category’s typical price', async () => {
      const id = await pricedAsMugs();
      const backpacks = estimatePrice({ categoryId: BACKPACKS.id, baseline });
      const patched = productSchema.parse(
        (await patch(owner, id, { categoryId: BACKPACKS.id })).json(),
      );
      expect(patched.price).toEqual({
        suggested: pricePoint(backpacks.price.suggested!, '.99'),
        low: backpacks.price.low,
        high: backpacks.price.high,
        basis: backpacks.price.basis,
      });
      expect(patched.price.suggested! % 1).toBeCloseTo(0.99);
      expect(patched.price.basis).toMatch(/^typical US prices for Luggage & Bags > Backpacks/);
      expect(patched.evidence.price?.sources).toEqual([backpacks.source]);
      expect(patched.evidence.category).toEqual({
        confidence: 1,
        sources: [CONFIRMED_CATEGORY_SOURCE],
      });
    });

    it('follows at the price point the seller chose, also from a draft made before them', async () => {
      const backpacks = estimatePrice({ categoryId: BACKPACKS.id, baseline }).price;
      await chooseEnding('whole');
      try {
        for (const drafted of ['whole', 'before'] as const) {
          const id = await pricedAsMugs(undefined, drafted);
          const patched = productSchema.parse(
            (await patch(owner, id, { categoryId: BACKPACKS.id })).json(),
          );
          expect(patched.price.suggested).toBe(pricePoint(backpacks.suggested!, 'whole'));
          expect(Number.isInteger(patched.price.suggested)).toBe(true);
        }
        // Drafted at .95 before the seller chose whole dollars: neither this ending's price
        // nor the bare estimate, so it could be one the seller typed, and it stays.
        const id = await pricedAsMugs(undefined, '.95');
        const kept = productSchema.parse(
          (await patch(owner, id, { categoryId: BACKPACKS.id })).json(),
        );
        expect(kept.price.basis).toMatch(/Kitchen & Dining/);
      } finally {
        await chooseEnding('.99');
      }
    });

    it('stays when the seller changed it, or sets it in the same request', async () => {
      const id = await pricedAsMugs(1234);
      const kept = productSchema.parse(
        (await patch(owner, id, { categoryId: BACKPACKS.id })).json(),
      );
      expect(kept.price.suggested).toBe(12.34);
      expect(kept.price.basis).toMatch(/Kitchen & Dining/);

      await pricedAsMugs();
      const typed = productSchema.parse(
        (await patch(owner, id, { categoryId: BACKPACKS.id, price: 19 })).json(),
      );
      expect(typed.price.suggested).toBe(19);
      expect(typed.price.basis).toMatch(/Kitchen & Dining/);
    });
  });
});
