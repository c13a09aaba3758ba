import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '#domain/products.js';
import {
  TAXONOMY_SEARCH_LIMITS,
  TAXONOMY_SEARCH_QUERY_MESSAGE,
  taxonomySearchResponseSchema,
  type TaxonomySearchResponse,
} from '#domain/taxonomy-search.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from './support.js';

const WATCHES = {
  id: 'gid://shopify/TaxonomyCategory/aa-6-11',
  fullName: 'Apparel & Accessories > Jewelry > Watches',
};
const WATER_BOTTLES = {
  id: 'gid://shopify/TaxonomyCategory/hg-11-3-11',
  fullName: 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
};

describe('GET /api/taxonomy/categories', () => {
  let h: TestApp;
  let seller: Account;

  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'taxonomy-search');
  });
  afterAll(async () => {
    await h?.close();
  });

  function search(q: string, cookie: string | undefined = seller.cookie) {
    return seller.client.request({
      url: `/api/taxonomy/categories?q=${encodeURIComponent(q)}`,
      ...(cookie ? { cookie } : {}),
    });
  }

  async function found(q: string): Promise<TaxonomySearchResponse['categories']> {
    const response = await search(q);
    expect(response.statusCode, response.body).toBe(200);
    return taxonomySearchResponseSchema.parse(response.json()).categories;
  }

  it('answers 401 without a session', async () => {
    const response = await h.client().request({ url: '/api/taxonomy/categories?q=watch' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 with the app’s error shape for a missing, too short or too long query', async () => {
    const tooLong = 'w'.repeat(TAXONOMY_SEARCH_LIMITS.queryMax + 1);
    for (const url of [
      '/api/taxonomy/categories',
      '/api/taxonomy/categories?q=w',
      // Trimmed before counting.
      '/api/taxonomy/categories?q=%20w%20%20',
      `/api/taxonomy/categories?q=${tooLong}`,
    ]) {
      const response = await seller.client.request({ url, cookie: seller.cookie });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: TAXONOMY_SEARCH_QUERY_MESSAGE });
    }
  });

  it('finds Watches first for "watch"', async () => {
    const categories = await found('watch');
    expect(categories[0]).toEqual(WATCHES);
    // Named after watches before those only somewhere inside a word (Stopwatches).
    const names = categories.map((category) => category.fullName.split(' > ').at(-1));
    expect(names.indexOf('Smart Watches')).toBeLessThan(names.indexOf('Stopwatches'));
  });

  it('finds Water Bottles first for "water bottle", whatever the case and spacing', async () => {
    expect((await found('water bottle'))[0]).toEqual(WATER_BOTTLES);
    expect((await found('  WATER   Bottles '))[0]).toEqual(WATER_BOTTLES);
  });

  it('answers at most 20 categories, each with a GID', async () => {
    const categories = await found('accessories');
    expect(categories).toHaveLength(TAXONOMY_SEARCH_LIMITS.results);
    for (const category of categories) {
      expect(category.id).toMatch(/^gid:\/\/shopify\/TaxonomyCategory\/[a-z]{2}(-\d+)*$/);
    }
  });

  it('never lists Uncategorized', async () => {
    for (const q of ['uncategorized', 'Uncat', 'na']) {
      const categories = await found(q);
      expect(categories.map((category) => category.fullName)).not.toContain('Uncategorized');
      expect(categories.map((category) => category.id)).not.toContain(
        'gid://shopify/TaxonomyCategory/na',
      );
    }
  });

  it('with as=kind reads the seller’s words for a product: the head noun when all fail', async () => {
    expect(await found('gold wristwatch')).toEqual([]);
    const kind = await seller.client.request({
      url: '/api/taxonomy/categories?q=gold%20wristwatch&as=kind',
      cookie: seller.cookie,
    });
    expect(kind.statusCode).toBe(200);
    const [best] = taxonomySearchResponseSchema.parse(kind.json()).categories;
    expect(best?.fullName).toBe('Apparel & Accessories > Jewelry > Watches');
    const unknownMode = await seller.client.request({
      url: '/api/taxonomy/categories?q=watch&as=colour',
      cookie: seller.cookie,
    });
    expect(unknownMode.statusCode).toBe(400);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await found('zzqx')).toEqual([]);
  });

  it('gives ids that PATCH categoryId accepts', async () => {
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const [product] = await listProducts(seller);
    const [chosen] = await found('water bottle');
    const response = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${product!.id}`,
      payload: { categoryId: chosen!.id },
      cookie: seller.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(productSchema.parse(response.json()).category).toEqual({
      ...WATER_BOTTLES,
      confidence: 1,
    });
  });
});
