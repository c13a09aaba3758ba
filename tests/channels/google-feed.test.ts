import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedAddress, FeedStatus } from '#domain/merchant-feed.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import { makePremium, seedLibrary } from '../library/support.js';

/** Issue 26: the seller's Google Merchant Center feed, its settings and private address. */
describe('Google Merchant Center feed', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;
  let ids: string[];
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'feed');
    other = await account(h, 'feed-other');
    await makePremium(h, seller.id);
    await makePremium(h, other.id);
    ids = await seedLibrary(h, seller.id, [
      { title: 'Blue vase & jug', description: 'A <b>tall</b> vase.', minute: 1 },
      { title: 'Published lamp', description: 'A lamp.', minute: 2 },
      { title: 'No price', priceCents: null, minute: 3 },
      { title: '', description: 'Unnamed', minute: 4 },
    ]);
    await seedLibrary(h, other.id, [{ title: 'Other seller’s secret chair', minute: 1 }]);
    await h.db
      .insertInto('shopifyPublications')
      .values({
        productId: ids[1]!,
        shopDomain: 'feed-shop.myshopify.com',
        userId: seller.id,
        shopifyProductId: 'gid://shopify/Product/1',
        adminUrl: 'https://admin.shopify.com/store/feed-shop/products/1',
        imagesFingerprint: 'x',
        publishedAt: new Date().toISOString(),
        handle: 'published-lamp',
      })
      .execute();
  });
  afterAll(async () => {
    await h?.close();
  });

  const as = (a: Account) => ({
    get: (url: string) => a.client.request({ url, cookie: a.cookie }),
    send: (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      a.client.request({ method, url, cookie: a.cookie, ...(payload ? { payload } : {}) }),
  });
  const anonymous = () => h.client();
  const path = (url: string) => new URL(url).pathname;

  it('without an address template, only the product published to Shopify is in; the seller is told why', async () => {
    const status = (await as(seller).get('/api/google-feed')).json() as FeedStatus;
    expect(status).toEqual({
      settings: { pageTemplate: '', currency: 'USD' },
      hasAddress: false,
      included: 1,
      // Newest first, as the library lists them.
      excluded: [
        { reason: 'name', count: 1 },
        { reason: 'price', count: 1 },
        { reason: 'product page', count: 1 },
      ],
    });
    const download = await as(seller).get('/api/google-feed/download.tsv');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/tab-separated-values');
    expect(download.headers['content-disposition']).toContain('google-products.tsv');
    const lines = download.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('https://feed-shop.myshopify.com/products/published-lamp');
  });

  it('refuses a bad template or currency and changes nothing', async () => {
    for (const payload of [
      { pageTemplate: 'https://myshop.example/products', currency: 'USD' },
      { pageTemplate: 'javascript:alert(1)/{handle}', currency: 'USD' },
      { pageTemplate: '', currency: 'dollars' },
      { pageTemplate: '', currency: 'USD', extra: 1 },
    ]) {
      const response = await as(seller).send('PUT', '/api/google-feed/settings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const status = (await as(seller).get('/api/google-feed')).json() as FeedStatus;
    expect(status.settings).toEqual({ pageTemplate: '', currency: 'USD' });
  });

  it('with a template, every named and priced product has a page', async () => {
    const saved = await as(seller).send('PUT', '/api/google-feed/settings', {
      pageTemplate: 'https://myshop.example/products/{handle}',
      currency: 'eur',
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as FeedStatus).included).toBe(2);
    const xml = (await as(seller).get('/api/google-feed/download.xml')).body;
    expect(xml).toContain('<g:link>https://myshop.example/products/blue-vase-jug</g:link>');
    expect(xml).toContain('<g:title>Blue vase &amp; jug</g:title>');
    expect(xml).toContain('<g:description>A tall vase.</g:description>');
    expect(xml).toContain('<g:price>10.00 EUR</g:price>');
    // The Shopify page wins over the template.
    expect(xml).toContain('https://feed-shop.myshopify.com/products/published-lamp');
    expect(xml).not.toContain('No price');
    expect(xml).not.toContain('secret chair');
  });

  it('a private address answers without a session, until it is replaced or revoked', async () => {
    const created = await as(seller).send('POST', '/api/google-feed/address');
    expect(created.statusCode).toBe(200);
    const address = created.json() as FeedAddress;
    expect(address.xmlUrl).toMatch(/\/api\/google-feed\/[A-Za-z0-9_-]{43}\/products\.xml$/);
    const token = path(address.tsvUrl).split('/')[3]!;
    // Only the hash is stored.
    const stored = await h.db.selectFrom('merchantFeeds').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const fetched = await anonymous().request({ url: path(address.xmlUrl) });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toContain('application/xml');
    expect(fetched.body).toContain('Blue vase &amp; jug');
    expect(fetched.body).not.toContain('secret chair');
    expect(h.logs.join('\n')).not.toContain(token);
    expect(((await as(seller).get('/api/google-feed')).json() as FeedStatus).hasAddress).toBe(true);

    const replaced = (
      await as(seller).send('POST', '/api/google-feed/address')
    ).json() as FeedAddress;
    expect((await anonymous().request({ url: path(address.tsvUrl) })).statusCode).toBe(404);
    expect((await anonymous().request({ url: path(replaced.tsvUrl) })).statusCode).toBe(200);

    expect((await as(seller).send('DELETE', '/api/google-feed/address')).statusCode).toBe(204);
    expect((await anonymous().request({ url: path(replaced.tsvUrl) })).statusCode).toBe(404);
    expect(((await as(seller).get('/api/google-feed')).json() as FeedStatus).hasAddress).toBe(
      false,
    );
  });

  it('another seller’s address serves only their products; a made-up token nothing', async () => {
    const theirs = (await as(other).send('POST', '/api/google-feed/address')).json() as FeedAddress;
    await as(other).send('PUT', '/api/google-feed/settings', {
      pageTemplate: 'https://other.example/p/{id}',
      currency: 'USD',
    });
    const body = (await anonymous().request({ url: path(theirs.tsvUrl) })).body;
    expect(body).toContain('secret chair');
    expect(body).not.toContain('Blue vase');
    for (const url of [
      `/api/google-feed/${'A'.repeat(43)}/products.tsv`,
      '/api/google-feed/short/products.xml',
      `${path(theirs.tsvUrl).replace('.tsv', '.csv')}`,
    ]) {
      const response = await anonymous().request({ url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('secret chair');
    }
    expect(
      (await anonymous().request({ url: `/api/google-feed/${'A'.repeat(43)}/products.tsv` }))
        .statusCode,
    ).toBe(404);
  });

  it('the seller’s own routes need a session', async () => {
    for (const url of ['/api/google-feed', '/api/google-feed/download.tsv']) {
      expect((await anonymous().request({ url })).statusCode).toBe(401);
    }
    const post = await anonymous().request({ method: 'POST', url: '/api/google-feed/address' });
    expect([401, 403]).toContain(post.statusCode);
  });

  it('a product published to WooCommerce links to its page there', async () => {
    await as(seller).send('PUT', '/api/google-feed/settings', {
      pageTemplate: '',
      currency: 'USD',
    });
    await h.db
      .insertInto('woocommercePublications')
      .values({
        productId: ids[0]!,
        storeUrl: 'https://woo-shop.example',
        userId: seller.id,
        wooProductId: '41',
        permalink: 'https://woo-shop.example/product/blue-vase-jug/',
        adminUrl: 'https://woo-shop.example/wp-admin/post.php?post=41&action=edit',
        imagesFingerprint: 'x',
        publishedAt: new Date().toISOString(),
      })
      .execute();
    const status = (await as(seller).get('/api/google-feed')).json() as FeedStatus;
    expect(status.included).toBe(2);
    const tsv = (await as(seller).get('/api/google-feed/download.tsv')).body;
    expect(tsv).toContain('https://woo-shop.example/product/blue-vase-jug/');
    expect(tsv).toContain('https://feed-shop.myshopify.com/products/published-lamp');
  });
});
