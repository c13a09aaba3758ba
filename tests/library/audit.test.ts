import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_GAPS,
  productGaps,
  SHORT_DESCRIPTION_WORDS,
  type CatalogueGap,
} from '#domain/catalogue-gaps.js';
import type { LibraryPage } from '#domain/library.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import {
  libraryGaps,
  libraryPage,
  libraryRequest,
  makePremium,
  seedLibrary,
  type SeedProduct,
} from './support.js';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

/** A listing with no gap; each product below takes one or two things away. */
const complete = {
  description: words(SHORT_DESCRIPTION_WORDS),
  seoTitle: 'Search title',
  seoDescription: 'Search description',
  altText: 'A photo of it',
  category: 'Home & Garden > Decor',
  tags: ['home'],
} satisfies Partial<SeedProduct>;

const SELLER_PRODUCTS: SeedProduct[] = [
  { ...complete, title: 'Complete lamp', minute: 1 },
  { ...complete, title: 'Empty vase', description: ' \n\u00a0', minute: 2 },
  {
    ...complete,
    title: 'Short vase',
    description: words(SHORT_DESCRIPTION_WORDS - 1).replaceAll(' ', '\n\u00a0'),
    minute: 3,
  },
  { ...complete, title: 'No search title', seoTitle: ' ', minute: 4 },
  { ...complete, title: 'No alt', altText: '', tags: [], minute: 5 },
  { ...complete, title: 'No category', category: undefined, minute: 6 },
  { ...complete, title: 'VINTAGE CAFÉ SIGN 1970', minute: 7 },
  { ...complete, title: 'Twin mug', minute: 8 },
  { ...complete, title: 'TWIN MUG', minute: 9 },
  // A review draft is not in the library: never counted, and no twin of a library title.
  { title: 'Complete lamp', status: 'draft', minute: 10 },
];

const EXPECTED: Record<CatalogueGap, string[]> = {
  'no-description': ['Empty vase'],
  'short-description': ['Short vase'],
  'no-seo': ['No search title'],
  'no-alt-text': ['No alt'],
  'no-category': ['No category'],
  'no-tags': ['No alt'],
  'title-in-capitals': ['TWIN MUG', 'VINTAGE CAFÉ SIGN 1970'],
  'duplicate-title': ['TWIN MUG', 'Twin mug'],
};

const titles = (page: LibraryPage) => page.products.map((p) => p.title);

describe('library: the audit’s gaps, counted and filtered on the server', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;
  let free: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'audit');
    other = await account(h, 'audit-other');
    free = await account(h, 'audit-free');
    await makePremium(h, seller.id);
    await makePremium(h, other.id);
    await seedLibrary(h, seller.id, SELLER_PRODUCTS);
    // Gaps of every kind, and a twin of the seller's lamp: none of it is the seller's.
    await seedLibrary(h, other.id, [
      { title: 'COMPLETE LAMP', minute: 11 },
      { title: 'Twin mug', minute: 12 },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts each gap over the seller’s library only', async () => {
    expect((await libraryPage(seller)).total).toBe(9);
    expect(await libraryGaps(seller)).toEqual(
      Object.fromEntries(CATALOGUE_GAPS.map((gap) => [gap, EXPECTED[gap].length])),
    );
  });

  it('filters by each gap, as the domain rules read each product', async () => {
    for (const gap of CATALOGUE_GAPS) {
      const page = await libraryPage(seller, { gap, limit: 100 });
      expect(titles(page).sort(), gap).toEqual(EXPECTED[gap]);
      expect(page.total, gap).toBe(EXPECTED[gap].length);
    }
    const all = await libraryPage(seller, { limit: 100 });
    const duplicates = new Set(all.duplicateTitleIds);
    for (const gap of CATALOGUE_GAPS) {
      const byRule = all.products
        .filter((p) => productGaps(p, duplicates.has(p.id)).includes(gap))
        .map((p) => p.title)
        .sort();
      expect(byRule, gap).toEqual(EXPECTED[gap]);
    }
  });

  it('says which products of a page have a twin title', async () => {
    const page = await libraryPage(seller, { q: 'mug' });
    expect(page.duplicateTitleIds.sort()).toEqual(page.products.map((p) => p.id).sort());
    const lamp = await libraryPage(seller, { q: 'lamp' });
    expect(titles(lamp)).toEqual(['Complete lamp']);
    expect(lamp.duplicateTitleIds).toEqual([]);
  });

  it('combines a gap with a search; the counts follow the search', async () => {
    const page = await libraryPage(seller, { q: 'vase', gap: 'short-description' });
    expect(titles(page)).toEqual(['Short vase']);
    expect(page.total).toBe(1);
    expect(await libraryGaps(seller, 'vase')).toMatchObject({
      'no-description': 1,
      'short-description': 1,
      'duplicate-title': 0,
      'title-in-capitals': 0,
    });
    const none = await libraryPage(seller, { q: 'lamp', gap: 'no-tags' });
    expect(none.products).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('pages a filtered list by cursor; later pages carry the total', async () => {
    const first = await libraryPage(seller, { gap: 'title-in-capitals', limit: 1 });
    expect(titles(first)).toEqual(['TWIN MUG']);
    expect(first.total).toBe(2);
    const second = await libraryPage(seller, {
      gap: 'title-in-capitals',
      limit: 1,
      cursor: first.nextCursor!,
    });
    expect(titles(second)).toEqual(['VINTAGE CAFÉ SIGN 1970']);
    expect(second.total).toBe(2);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses an unknown gap, and a seller without a library', async () => {
    const unknown = await libraryRequest(seller, { gap: 'no-price' });
    expect(unknown.statusCode).toBe(400);
    const freeSeller = await libraryRequest(free, { gap: 'no-tags' });
    expect(freeSeller.statusCode).toBe(403);
    expect(freeSeller.json()).toMatchObject({ code: 'premium-required' });
    const freeCounts = await libraryRequest(free, {}, '/api/library/gaps');
    expect(freeCounts.statusCode).toBe(403);
    expect(freeCounts.json()).toMatchObject({ code: 'premium-required' });
    expect((await libraryRequest(seller, { q: 'a\u0000' }, '/api/library/gaps')).statusCode).toBe(
      400,
    );
  });

  it('another seller’s counts hold their own products only', async () => {
    expect((await libraryPage(other)).total).toBe(2);
    expect(await libraryGaps(other)).toMatchObject({
      'duplicate-title': 0,
      'title-in-capitals': 1,
    });
  });

  it('a read-only library (Premium ended) is still filtered and counted', async () => {
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    await h.db
      .updateTable('users')
      .set({ planName: 'free', libraryDeleteAfter: later })
      .where('id', '=', other.id)
      .execute();
    const page = await libraryPage(other, { gap: 'title-in-capitals' });
    expect(titles(page)).toEqual(['COMPLETE LAMP']);
    expect(page.access.mode).toBe('read-only');
    expect((await libraryGaps(other))['title-in-capitals']).toBe(1);
  });

  it('a search selection with a gap reaches that gap’s products only', async () => {
    const response = await seller.client.request({
      method: 'POST',
      url: '/api/library/readiness',
      cookie: seller.cookie,
      payload: { selection: { kind: 'search', q: '', gap: 'duplicate-title' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2 });
    const file = await seller.client.request({
      url: '/api/library/export/shopify?gap=no-description',
      cookie: seller.cookie,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Empty vase');
    expect(file.body).not.toContain('Short vase');
  });
});
