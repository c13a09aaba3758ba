/**
 * 'Change category', confirm, then regenerate (issue 24): an unsure draft names nothing and
 * suggests no price; once the seller confirms a category, regenerating the title names the
 * product from that category, and the price follows it. The local provider's templates on fixed
 * evidence, without models (as identify.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMED_CATEGORY_SOURCE, productSchema, type Product } from '#domain/products.js';
import { needsCategoryConfirmation, readinessNeeds } from '#domain/readiness.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import { createLocalVisionProvider } from '#server/vision/providers/local/local-provider.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from './support.js';

const kindsOffered = (product: Product) =>
  [product.category, ...product.categoryAlternatives].map((category) =>
    category?.fullName.split(' > ').at(-1),
  );

const gid = (id: string) => `gid://shopify/TaxonomyCategory/${id}`;
const RUGBY_BALLS = gid('sg-1-17-1');
/** A category named by a list: the product is named by its first item. */
const SKILLETS = gid('hg-11-2-3-13');

/** A ball the classifier reads weakly: soccer, golf or rugby, none surely. */
const GUESSED_BALL: ListingEvidence = {
  photo: {
    width: 512,
    height: 512,
    orientation: 'square',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.95 },
    colorRegion: 'subject',
    colors: [
      { name: 'white', hex: '#f4f4f4', share: 0.6 },
      { name: 'black', hex: '#111111', share: 0.35 },
    ],
    subjectArea: 0.4,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'balanced', meanLightness: 60 },
  },
  classes: [
    { index: 805, label: 'soccer ball', score: 0.37 },
    { index: 574, label: 'golf ball', score: 0.2 },
    { index: 768, label: 'rugby ball', score: 0.15 },
  ],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

describe("'Change category', confirm, then regenerate", () => {
  let h: TestApp;
  let owner: Account;

  beforeAll(async () => {
    h = await startTestApp({
      visionProvider: createLocalVisionProvider({
        analyzer: { analyze: () => Promise.resolve({ evidence: GUESSED_BALL }) },
      }),
    });
    owner = await account(h, 'confirm-category-owner');
    await uploadOk(owner, [photo('home-mug-black-yellow.jpg'), photo('home-teapot-enamel.png')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  const productAt = async (index: number): Promise<Product> => (await listProducts(owner))[index]!;

  const confirm = async (id: string, categoryId: string) => {
    const response = await owner.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: { categoryId },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    return productSchema.parse(response.json());
  };

  const regenerateTitle = async (id: string) => {
    const response = await owner.client.request({
      method: 'POST',
      url: '/api/product/regenerate-product-detail',
      payload: { productId: id, field: 'title' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    return productAt((await listProducts(owner)).findIndex((product) => product.id === id));
  };

  it('an unsure draft names nothing, suggests no price and offers its best kinds', async () => {
    const draft = await productAt(0);
    expect(draft.title).toBe('');
    expect(draft.price.suggested).toBeNull();
    expect(draft.price.basis).toMatch(/^No price suggested: what this product is is still a guess/);
    // The card's 'What is this?' buttons: the guessed category, then its alternatives.
    expect(kindsOffered(draft)).toEqual(['Soccer Balls', 'Golf Balls', 'Rugby Balls']);
    expect(readinessNeeds(draft)).toEqual(['a name', 'a sure category', 'a price']);
  });

  it('names the product from the confirmed category and prices it from that category', async () => {
    const guessed = await productAt(0);
    const confirmed = await confirm(guessed.id, RUGBY_BALLS);
    expect(confirmed.category).toMatchObject({ id: RUGBY_BALLS, confidence: 1 });
    expect(needsCategoryConfirmation(confirmed)).toBe(false);
    // Sure of the kind now, but the only price data for it covers all of Sporting Goods.
    expect(confirmed.price.suggested).toBeNull();
    expect(confirmed.price.basis).toBe(
      'No price suggested: price data exists only for all of Sporting Goods, too broad for this product.',
    );

    const regenerated = await regenerateTitle(guessed.id);
    // Named by the seller's category, not the analyzer's first guess ('Soccer Ball').
    expect(regenerated.title).toBe('White and Black Rugby Ball');
    expect(regenerated.evidence.category).toEqual({
      confidence: 1,
      sources: [CONFIRMED_CATEGORY_SOURCE],
    });
    expect(readinessNeeds(regenerated)).toEqual(['a price']);
  });

  it('names a category called by a list by its first item, and prices it from that category', async () => {
    const guessed = await productAt(1);
    const confirmed = await confirm(guessed.id, SKILLETS);
    // The price follows the confirmed category at once: the draft had none to keep.
    expect(confirmed.price.suggested).toBeGreaterThan(0);
    expect(confirmed.price.basis).toMatch(
      /^typical US prices for Home & Garden > Kitchen & Dining \(the closest category/,
    );
    const regenerated = await regenerateTitle(guessed.id);
    expect(regenerated.title).toBe('White and Black Skillet');
    expect(readinessNeeds(regenerated)).toEqual([]);
  });
});
