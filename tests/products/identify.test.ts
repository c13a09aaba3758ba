import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMED_CATEGORY_SOURCE, productSchema, type Product } from '#domain/products.js';
import { withPricePoint } from '#domain/price-points.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import { createLocalVisionProvider } from '#server/vision/providers/local/local-provider.js';
import { estimatePrice } from '#server/vision/pricing/price-estimate.js';
import { loadPriceBaseline } from '#server/vision/pricing/price-baseline.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  ledgerOf,
  listProducts,
  photo,
  productRows,
  uploadOk,
  type Account,
} from './support.js';

const WATCHES = 'Apparel & Accessories > Jewelry > Watches';

/** A photo the analyzer cannot name: a gold-and-brown something, by a window screen class. */
const UNNAMED: ListingEvidence = {
  photo: {
    width: 512,
    height: 512,
    orientation: 'square',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.95 },
    colorRegion: 'subject',
    colors: [
      { name: 'gold', hex: '#c9a227', share: 0.6 },
      { name: 'brown', hex: '#5c3a21', share: 0.3 },
    ],
    subjectArea: 0.4,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'balanced', meanLightness: 60 },
  },
  classes: [{ index: 904, label: 'window screen', score: 0.3 }],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

describe('POST /api/product/:id/identify', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;

  beforeAll(async () => {
    // The local provider's templates on fixed evidence: what the seller sees, without models.
    h = await startTestApp({
      visionProvider: createLocalVisionProvider({
        analyzer: { analyze: () => Promise.resolve({ evidence: UNNAMED }) },
      }),
    });
    owner = await account(h, 'identify-owner');
    stranger = await account(h, 'identify-stranger');
    await uploadOk(owner, [photo('home-mug-black-yellow.jpg'), photo('home-teapot-enamel.png')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  function identify(who: Account, id: string, payload: object) {
    return who.client.request({
      method: 'POST',
      url: `/api/product/${id}/identify`,
      payload,
      cookie: who.cookie,
    });
  }

  function patch(id: string, payload: object) {
    return owner.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload,
      cookie: owner.cookie,
    });
  }

  async function productAt(index: number): Promise<Product> {
    return (await listProducts(owner))[index]!;
  }

  it('the unnamed draft has no title and asks for a name and a category', async () => {
    const product = await productAt(0);
    expect(product.title).toBe('');
    expect(product.editedFields).toEqual([]);
    expect(product.guidance.map((item) => item.kind)).toEqual(
      expect.arrayContaining(['name-product', 'confirm-category']),
    );
  });

  it('records the fields the seller changes, not those sent again unchanged', async () => {
    const product = await productAt(1);
    await patch(product.id, { title: product.title, price: product.price.suggested });
    expect((await productAt(1)).editedFields).toEqual([]);
    const edited = productSchema.parse(
      (await patch(product.id, { description: 'My own words about it.' })).json(),
    );
    expect(edited.editedFields).toEqual(['description']);
    const row = (await productRows(h, owner.id)).find((r) => r.id === product.id)!;
    expect(JSON.parse(row.editedFields)).toEqual(['description']);
  });

  it('drafts every unedited field again from the seller’s words, for free', async () => {
    const before = await productAt(1);
    const ledgerBefore = await ledgerOf(h, owner.id);
    const response = await identify(owner, before.id, { kind: '  gold   wristwatch ' });
    expect(response.statusCode).toBe(200);
    const named = productSchema.parse(response.json());

    expect(named.title).toBe('Gold Wristwatch');
    expect(named.category).toMatchObject({ fullName: WATCHES, confidence: 1 });
    expect(named.evidence.category).toEqual({
      confidence: 1,
      sources: [CONFIRMED_CATEGORY_SOURCE],
    });
    // The seller's description stays; tags and alt text are written for the new noun.
    expect(named.description).toBe('My own words about it.');
    expect(named.tags).toEqual(expect.arrayContaining(['gold wristwatch', 'watches']));
    expect(named.altText).toMatch(/^Gold wristwatch on a plain white background/);
    // The price follows the category at the seller's price point (.99 by default).
    const expected = withPricePoint(
      estimatePrice({ categoryId: named.category!.id, baseline: loadPriceBaseline() }).price,
      '.99',
    );
    expect(named.price.suggested).toBe(expected.suggested);
    expect(named.price.suggested).not.toBe(before.price.suggested);
    const kinds = named.guidance.map((item) => item.kind);
    expect(kinds).not.toContain('name-product');
    expect(kinds).not.toContain('confirm-category');
    expect(named.editedFields).toEqual(['description']);
    // Confirmed as the category prompt confirms one: lookalikes learn from it.
    const row = (await productRows(h, owner.id)).find((r) => r.id === before.id)!;
    expect(row.categoryConfirmedAt).not.toBeNull();
    expect(await ledgerOf(h, owner.id)).toEqual(ledgerBefore);
    expect(await productAt(1)).toEqual(named);
  });

  it('keeps an edited title and price, and takes a chosen suggestion as the category', async () => {
    const before = await productAt(0);
    await patch(before.id, { title: 'Grandpa’s Watch', price: 120 });
    const response = await identify(owner, before.id, {
      kind: 'blue ceramic mug',
      categoryId: 'hg-11-10-5-5',
    });
    expect(response.statusCode).toBe(200);
    const named = productSchema.parse(response.json());
    expect(named.title).toBe('Grandpa’s Watch');
    expect(named.price.suggested).toBe(120);
    expect(named.category!.id).toBe('gid://shopify/TaxonomyCategory/hg-11-10-5-5');
    // The words name a colour: the photo's reading is not added to them.
    expect(named.description).toMatch(/^A blue ceramic mug\b/);
    expect(named.description).not.toBe(before.description);
    expect(named.editedFields).toEqual(['title', 'price']);
  });

  it('refuses another user’s product and leaves it unchanged', async () => {
    const before = await productAt(0);
    const response = await identify(stranger, before.id, { kind: 'teapot' });
    expect(response.statusCode).toBe(404);
    expect(await productAt(0)).toEqual(before);
  });

  it('stores confirmed attributes, re-drafts unedited fields from them, keeps edited ones', async () => {
    const before = await productAt(1);
    const response = await patch(before.id, {
      confirmedAttributes: [
        { name: 'Material', value: 'Leather' },
        { name: 'Brand', value: 'Acme' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const after = productSchema.parse(response.json());
    expect(after.confirmedAttributes).toEqual([
      { name: 'Material', value: 'Leather' },
      { name: 'Brand', value: 'Acme' },
    ]);
    expect(after.editedFields).toContain('attributes');
    expect(after.title.toLowerCase()).toContain('leather');
    // Named 'gold wristwatch' by the seller before: the re-draft keeps their words.
    expect(after.title.toLowerCase()).toContain('gold wristwatch');
    expect(after.tags).toEqual(expect.arrayContaining(['leather', 'acme']));
    expect(after.description).toBe(before.description);
    const stranger_ = await stranger.client.request({
      method: 'PATCH',
      url: `/api/product/${before.id}`,
      payload: { confirmedAttributes: [] },
      cookie: stranger.cookie,
    });
    expect(stranger_.statusCode).toBe(404);
    const refused = await patch(before.id, {
      confirmedAttributes: [{ name: 'Material', value: 'Leather\u0007' }],
    });
    expect(refused.statusCode).toBe(400);
    const csv = await owner.client.request({
      method: 'GET',
      url: '/api/products/export/shopify',
      cookie: owner.cookie,
    });
    expect(csv.body).toContain('acme');
  });

  it('writes confirmed attributes into an unedited description, and so into the export body', async () => {
    const before = await productAt(0);
    expect(before.editedFields).not.toContain('description');
    const after = productSchema.parse(
      (
        await patch(before.id, { confirmedAttributes: [{ name: 'Material', value: 'Enamel' }] })
      ).json(),
    );
    expect(after.description).toContain('Material: Enamel');
    expect(after.altText.toLowerCase()).toContain('enamel');
    // Sent again unchanged, the list re-drafts nothing and edits nothing more.
    const again = productSchema.parse(
      (
        await patch(after.id, { confirmedAttributes: [{ name: 'Material', value: 'Enamel' }] })
      ).json(),
    );
    expect(again.description).toBe(after.description);
    const csv = await owner.client.request({
      method: 'GET',
      url: '/api/products/export/shopify',
      cookie: owner.cookie,
    });
    expect(csv.body).toContain('Material: Enamel');
  });

  it('validates the words and the category', async () => {
    const { id } = await productAt(0);
    for (const payload of [{}, { kind: '   ' }, { kind: 'x'.repeat(81) }, { kind: 'mug', x: 1 }]) {
      expect((await identify(owner, id, payload)).statusCode).toBe(400);
    }
    const unknown = await identify(owner, id, { kind: 'mug', categoryId: 'zz-999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'unknown-category' });
  });
});

describe('identify with a provider that cannot draft from words', () => {
  let h: TestApp;
  let owner: Account;

  beforeAll(async () => {
    h = await startTestApp();
    owner = await account(h, 'identify-remote');
    await uploadOk(owner, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('names the product in the seller’s words and confirms the category they find', async () => {
    const [before] = await listProducts(owner);
    const response = await owner.client.request({
      method: 'POST',
      url: `/api/product/${before!.id}/identify`,
      payload: { kind: 'stoneware teapot' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    const named = productSchema.parse(response.json());
    expect(named.title).toBe('Stoneware Teapot');
    expect(named.description).toBe(before!.description);
    expect(named.category?.fullName).toMatch(/> Teapots$/);
    expect(named.guidance.map((item) => item.kind)).not.toContain('confirm-category');
    expect(h.vision!.calls.filter((call) => call.kind !== 'describe')).toEqual([]);
  });
});
