import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '#domain/products.js';
import { parseCsvObjects } from '#domain/test-support/parse-csv.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import { createLocalVisionProvider } from '#server/vision/providers/local/local-provider.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, productRows, uploadOk, type Account } from './support.js';

const BELTS = 'gid://shopify/TaxonomyCategory/aa-2-6';

/** A brown something the analyzer cannot name (a window screen class): the seller names it. */
const BROWN_UNNAMED: ListingEvidence = {
  photo: {
    width: 512,
    height: 512,
    orientation: 'square',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.95 },
    colorRegion: 'subject',
    colors: [{ name: 'brown', hex: '#5c3a21', share: 0.85 }],
    subjectArea: 0.4,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'balanced', meanLightness: 60 },
  },
  classes: [{ index: 904, label: 'window screen', score: 0.3 }],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

describe('SEO title and description', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;
  let id: string;

  beforeAll(async () => {
    h = await startTestApp({
      visionProvider: createLocalVisionProvider({
        analyzer: { analyze: () => Promise.resolve({ evidence: BROWN_UNNAMED }) },
      }),
    });
    owner = await account(h, 'seo-owner');
    stranger = await account(h, 'seo-stranger');
    await uploadOk(owner, [photo('accessories-belt-leather.jpg')]);
    await h.generationIdle();
    id = (await listProducts(owner))[0]!.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  function request(who: Account, method: 'PATCH' | 'POST', url: string, payload: object) {
    return who.client.request({ method, url, payload, cookie: who.cookie });
  }

  async function current(): Promise<Product> {
    return (await listProducts(owner))[0]!;
  }

  it('names the product in the seller’s words, SEO title included', async () => {
    const response = await request(owner, 'POST', `/api/product/${id}/identify`, {
      kind: 'vintage strap thing',
      categoryId: BELTS,
    });
    expect(response.statusCode).toBe(200);
    const named = productSchema.parse(response.json());
    expect(named.title).toBe('Brown Vintage Strap Thing');
    expect(named.seoTitle).toBe('Brown Vintage Strap Thing');
    expect(named.seoDescription).toMatch(/^A solid brown vintage strap thing\b/);
    expect(named.seoDescription).not.toMatch(/\n/);
  });

  it('re-drafts from a confirmed attribute in the seller’s words, with one form per tag', async () => {
    const response = await request(owner, 'PATCH', `/api/product/${id}`, {
      confirmedAttributes: [{ name: 'Material', value: 'Leather' }],
    });
    expect(response.statusCode).toBe(200);
    const product = productSchema.parse(response.json());
    // The seller named it 'vintage strap thing': a confirmed material does not undo their name.
    expect(product.title).toBe('Brown Leather Vintage Strap Thing');
    expect(product.seoTitle).toBe('Brown Leather Vintage Strap Thing');
    expect(product.seoDescription).toContain('Material: Leather.');
    expect(product.tags).toEqual(expect.arrayContaining(['leather']));
    expect(product.tags.filter((tag) => /^belts?$/.test(tag))).toHaveLength(1);
  });

  it('stores the seller’s SEO edits, keeps them through re-drafts and exports them', async () => {
    const edited = productSchema.parse(
      (
        await request(owner, 'PATCH', `/api/product/${id}`, {
          seoTitle: 'Hand-Stitched Brown Leather Belt',
          seoDescription: 'A hand-stitched belt in brown leather.',
        })
      ).json(),
    );
    expect(edited.editedFields).toEqual(['attributes', 'seoTitle', 'seoDescription']);
    const row = (await productRows(h, owner.id))[0]!;
    expect([row.seoTitle, row.seoDescription]).toEqual([
      'Hand-Stitched Brown Leather Belt',
      'A hand-stitched belt in brown leather.',
    ]);

    // A new attribute re-drafts the title; the SEO fields are the seller's and stay.
    const redrafted = productSchema.parse(
      (
        await request(owner, 'PATCH', `/api/product/${id}`, {
          confirmedAttributes: [{ name: 'Material', value: 'Suede' }],
        })
      ).json(),
    );
    expect(redrafted.title).toBe('Brown Suede Vintage Strap Thing');
    expect(redrafted.seoTitle).toBe('Hand-Stitched Brown Leather Belt');
    expect(redrafted.seoDescription).toBe('A hand-stitched belt in brown leather.');

    const shopify = await owner.client.request({
      method: 'GET',
      url: '/api/products/export/shopify',
      cookie: owner.cookie,
    });
    const [first] = parseCsvObjects(shopify.body);
    expect(first!['SEO Title']).toBe('Hand-Stitched Brown Leather Belt');
    expect(first!['SEO Description']).toBe('A hand-stitched belt in brown leather.');
    const squarespace = await owner.client.request({
      method: 'GET',
      url: '/api/products/export/squarespace',
      cookie: owner.cookie,
    });
    // Squarespace's import has no search engine columns: the SEO text goes nowhere there.
    expect(squarespace.body).not.toContain('Hand-Stitched');
  });

  it('follows a regenerated title with the SEO title unless the seller edited it', async () => {
    const before = await current();
    const regenerate = () =>
      request(owner, 'POST', '/api/product/regenerate-product-detail', {
        productId: id,
        field: 'title',
      });
    expect((await regenerate()).statusCode).toBe(200);
    const after = await current();
    expect(after.title).not.toBe(before.title);
    expect(after.seoTitle).toBe('Hand-Stitched Brown Leather Belt');
  });

  it('keeps the title when the category has no plain noun to name the product by', async () => {
    // 'Scarves & Shawls' names no one product: a re-draft from attributes has no title to give.
    await request(owner, 'PATCH', `/api/product/${id}`, { confirmedAttributes: [] });
    const named = productSchema.parse(
      (
        await request(owner, 'POST', `/api/product/${id}/identify`, {
          kind: 'silk wrap',
          categoryId: 'aa-2-26',
        })
      ).json(),
    );
    expect(named.title).toBe('Brown Silk Wrap');
    const confirmed = productSchema.parse(
      (
        await request(owner, 'PATCH', `/api/product/${id}`, {
          confirmedAttributes: [{ name: 'Material', value: 'Silk' }],
        })
      ).json(),
    );
    expect(confirmed.title).toBe('Brown Silk Wrap');
    expect(confirmed.description).toContain('Material: Silk');
  });

  it('refuses SEO text over Shopify’s limits and another user’s edits, changing nothing', async () => {
    const before = await current();
    const tooLong = await request(owner, 'PATCH', `/api/product/${id}`, {
      seoTitle: 'x'.repeat(71),
    });
    expect(tooLong.statusCode).toBe(400);
    const tooLongDescription = await request(owner, 'PATCH', `/api/product/${id}`, {
      seoDescription: 'x'.repeat(321),
    });
    expect(tooLongDescription.statusCode).toBe(400);
    const foreign = await request(stranger, 'PATCH', `/api/product/${id}`, { seoTitle: 'Mine' });
    expect(foreign.statusCode).toBe(404);
    expect(await current()).toEqual(before);
  });
});

describe('SEO fields of an unedited product after regenerate', () => {
  let h: TestApp;
  let owner: Account;

  beforeAll(async () => {
    h = await startTestApp({
      visionProvider: createLocalVisionProvider({
        analyzer: {
          analyze: () =>
            Promise.resolve({
              evidence: {
                ...BROWN_UNNAMED,
                // Read surely enough to name it (issue 24: a guess would leave the title empty).
                classes: [{ index: 414, label: 'backpack', score: 0.95 }],
              },
            }),
        },
      }),
    });
    owner = await account(h, 'seo-regenerate');
    await uploadOk(owner, [photo('bags-backpack-canvas.jpg')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('drafts them with the listing and rewrites them with their field', async () => {
    const [drafted] = await listProducts(owner);
    expect(drafted!.title).toBe('Brown Backpack');
    expect(drafted!.seoTitle).toBe('Brown Backpack');
    expect(drafted!.seoDescription).toMatch(
      /^A solid brown backpack\b.*Type: Backpack\. Colour: brown\.$/,
    );
    expect(drafted!.tags).toEqual(['backpack', 'brown']);
    for (const field of ['title', 'description'] as const) {
      const response = await owner.client.request({
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: drafted!.id, field },
        cookie: owner.cookie,
      });
      expect(response.statusCode).toBe(200);
    }
    const [after] = await listProducts(owner);
    expect(after!.title).not.toBe(drafted!.title);
    expect(after!.seoTitle).toBe(after!.title);
    expect(after!.description).not.toBe(drafted!.description);
    expect(after!.seoDescription).not.toBe(drafted!.seoDescription);
    expect(after!.seoDescription).toMatch(/^\S.*\.$/);
    expect(after!.editedFields).toEqual([]);
  });
});
