/**
 * Issue 28 item 6: hostile ids, search terms, cursors and JSON bodies are refused at the route
 * (400), never reach a database (which answered 500 on a NUL byte or a year-0000 timestamp) or
 * overflow the stack.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';
import { account, type Account } from './products/support.js';
import { makePremium, seedLibrary } from './library/support.js';

const NUL = '\u0000';

function cursor(fields: object): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** `[[[…]]]` nested `depth` deep, as a JSON text. */
function nestedJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe('hostile input is refused at the route (400)', () => {
  let h: TestApp;
  let seller: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'hostile');
    await makePremium(h, seller.id);
    await seedLibrary(h, seller.id, [{ title: 'Ramen bowl' }, { title: 'Leather wallet' }]);
  });
  afterAll(async () => {
    await h?.close();
  });

  function send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return seller.client.request({ method, url, cookie: seller.cookie, payload });
  }

  function expectRefused(response: LightMyRequestResponse) {
    expect({ status: response.statusCode, body: response.json() as unknown }).toEqual({
      status: 400,
      body: expect.objectContaining({ error: expect.any(String) }),
    });
  }

  const productId = randomUUID();
  const nulId = `abc${NUL}def`;
  const nulPath = encodeURIComponent(nulId);

  it.each([
    ['PATCH', `/api/product/${nulPath}`, { title: 'x' }],
    ['DELETE', `/api/product/${nulPath}`, undefined],
    ['GET', `/api/product/${nulPath}/versions`, undefined],
    ['POST', `/api/product/${nulPath}/split`, undefined],
    ['PUT', `/api/product/${nulPath}/photos`, { imageIds: [randomUUID()] }],
    ['POST', '/api/products/combine', { productIds: [productId, nulId] }],
    ['POST', '/api/products/photo-groups/dismiss', { productIds: [productId, nulId] }],
    ['POST', '/api/product/regenerate-product-detail', { productId: nulId, field: 'title' }],
    ['GET', `/api/billing/checkout-sessions/${nulPath}`, undefined],
    ['POST', '/api/stripe/create-checkout-session', { priceId: nulId }],
    ['DELETE', `/api/shopify/stores/${nulPath}`, undefined],
    ['POST', '/api/shopify/publish-product', { storeId: nulId, productId, status: 'active' }],
    ['POST', '/api/shopify/oauth-state', { shop: `shop${NUL}.myshopify.com` }],
    ['POST', '/api/library/export/shopify', { selection: { kind: 'ids', ids: [nulId] } }],
    ['GET', `/api/library/export/shopify?ids=${nulPath}`, undefined],
    [
      'POST',
      '/api/library/bulk',
      { selection: { kind: 'ids', ids: [nulId] }, action: { type: 'delete' } },
    ],
  ] as const)('%s %s with a NUL byte in an id', async (method, url, payload) => {
    expectRefused(await send(method, url, payload));
  });

  it.each([
    ['GET', `/api/library?q=${nulPath}`, undefined],
    ['GET', `/api/library?q=ramen${encodeURIComponent('\u0007')}`, undefined],
    ['GET', `/api/library/export/shopify?q=${nulPath}`, undefined],
    ['POST', '/api/library/export/squarespace', { selection: { kind: 'search', q: nulId } }],
    [
      'POST',
      '/api/library/bulk',
      { selection: { kind: 'search', q: `ramen${NUL}` }, action: { type: 'delete' } },
    ],
    ['GET', `/api/taxonomy/categories?q=${nulPath}`, undefined],
  ] as const)('%s %s with a control character in a search term', async (method, url, payload) => {
    expectRefused(await send(method, url, payload));
  });

  it('keeps the seller’s library when a bulk search holds a NUL byte', async () => {
    await send('POST', '/api/library/bulk', {
      selection: { kind: 'search', q: `ramen${NUL}` },
      action: { type: 'delete' },
    });
    const page = await send('GET', '/api/library');
    expect((page.json() as { total: number }).total).toBe(2);
  });

  it.each([
    ['year 0000', '0000-01-01T00:00:00.000Z'],
    ['30 February', '2026-02-30T00:00:00.000Z'],
    ['year 10000', '+010000-01-01T00:00:00.000Z'],
  ])('refuses a library cursor dated %s', async (_label, date) => {
    const response = await send(
      'GET',
      `/api/library?cursor=${cursor({ p: date, i: randomUUID() })}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This page link is no longer valid. Please search again.',
      code: 'invalid-cursor',
    });
  });

  it('still pages with a cursor of a real date', async () => {
    const first = await send('GET', '/api/library?limit=1');
    const next = (first.json() as { nextCursor: string }).nextCursor;
    const second = await send('GET', `/api/library?limit=1&cursor=${next}`);
    expect(second.statusCode).toBe(200);
    expect((second.json() as { products: { title: string }[] }).products).toHaveLength(1);
  });

  it.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-up/email',
    '/api/auth/update-user',
    '/api/auth/request-password-reset',
  ])('refuses deeply nested JSON to %s before parsing it', async (url) => {
    const response = await seller.client.request({
      method: 'POST',
      url,
      cookie: seller.cookie,
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nestedJson(100_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(h.logs.join('\n')).not.toMatch(/Maximum call stack/);
  });

  it('still signs in with an ordinary JSON body', async () => {
    const other = await account(h, 'hostile-ordinary');
    const response = await other.client.signIn(other.email);
    expect(response.statusCode).toBe(200);
  });
});
