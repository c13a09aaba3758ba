import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import { makePremium } from '../library/support.js';

const PRODUCTS = 10_000;

/** Issue 26: a feed of 10,000 products is written a batch at a time, never held whole. */
describe('a Google feed of 10,000 products', () => {
  let h: TestApp;
  let seller: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'feed-scale');
    await makePremium(h, seller.id);
    const at = new Date(Date.UTC(2026, 0, 1)).getTime();
    for (let start = 0; start < PRODUCTS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, i) => {
        const n = start + i;
        const when = new Date(at + n * 1000).toISOString();
        return {
          id: randomUUID(),
          userId: seller.id,
          imageId: randomUUID(),
          fileName: 'seeded.jpg',
          title: `Product ${n}`,
          description: `Description of product ${n}.`,
          priceCents: 1000 + n,
          priceLowCents: null,
          priceHighCents: null,
          priceBasis: null,
          categoryId: null,
          categoryFullName: null,
          categoryConfidence: null,
          attributes: null,
          generationState: 'ready' as const,
          generationErrorCode: null,
          generationErrorMessage: null,
          generationRetryable: null,
          creditBucket: null,
          creditState: 'spent' as const,
          barcode: null,
          status: 'saved' as const,
          inReview: 0,
          savedAt: when,
          libraryAddedAt: when,
          createdAt: when,
          updatedAt: when,
        };
      });
      await h.db.insertInto('products').values(rows).execute();
    }
    await h.db
      .insertInto('merchantFeeds')
      .values({
        userId: seller.id,
        tokenHash: null,
        pageTemplate: 'https://myshop.example/p/{id}',
        currency: 'USD',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('streams every product in bounded chunks', async () => {
    const chunks = await h.merchantFeed.service.download(seller.id, 'tsv');
    let lines = 0;
    let count = 0;
    let largest = 0;
    for await (const chunk of chunks) {
      count += 1;
      largest = Math.max(largest, chunk.length);
      lines += chunk.split('\n').length - 1;
    }
    expect(lines).toBe(PRODUCTS + 1);
    // A chunk per batch of 200 products (plus the header): never the whole feed at once.
    expect(count).toBeGreaterThanOrEqual(PRODUCTS / 200);
    expect(largest).toBeLessThan(200 * 400);
  }, 120_000);

  it('answers over HTTP with every item', async () => {
    const response = await seller.client.request({
      url: '/api/google-feed/download.xml',
      cookie: seller.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.match(/<item>/g)).toHaveLength(PRODUCTS);
    expect(response.body).toContain('<g:title>Product 9999</g:title>');
    expect(response.body.trimEnd().endsWith('</rss>')).toBe(true);
  }, 120_000);
});
