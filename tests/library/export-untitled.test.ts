import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeReadiness } from '#domain/library.js';
import { parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import { makePremium, seedLibrary } from './support.js';

/** Issue 24: a product without a name is never written to a file, whichever file. */
describe('products without a name are left out of every export', () => {
  let h: TestApp;
  let seller: Account;
  let ids: string[];
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'untitled');
    await makePremium(h, seller.id);
    ids = await seedLibrary(h, seller.id, [
      { title: 'Blue vase', minute: 1 },
      { title: '', description: 'A blue vase, maybe', minute: 2 },
      { title: '  ', description: 'Another guess', minute: 3 },
      { title: 'Named draft', status: 'draft', minute: 4 },
      { title: '', description: 'Unnamed draft', status: 'draft', minute: 5 },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string) => seller.client.request({ url, cookie: seller.cookie });
  const post = (url: string, payload: Record<string, unknown>) =>
    seller.client.request({ method: 'POST', url, cookie: seller.cookie, payload });
  const titles = (csv: string) => parseCsvObjects(csv).flatMap((row) => row.Title || []);

  it.each(['shopify', 'squarespace'])('the whole library (%s)', async (platform) => {
    const response = await get(`/api/library/export/${platform}`);
    expect(response.statusCode).toBe(200);
    expect(titles(response.body)).toEqual(['Blue vase']);
    expect(response.body).not.toContain('guess');
  });

  it('a search, a selection in the address and a selection in the body', async () => {
    const search = await get('/api/library/export/shopify?q=vase');
    expect(titles(search.body)).toEqual(['Blue vase']);
    expect(search.body).not.toContain('maybe');

    const query = await get(`/api/library/export/shopify?ids=${ids[0]},${ids[1]}`);
    expect(titles(query.body)).toEqual(['Blue vase']);

    const body = await post('/api/library/export/squarespace', {
      selection: { kind: 'ids', ids: ids.slice(0, 3) },
    });
    expect(body.statusCode).toBe(200);
    expect(titles(body.body)).toEqual(['Blue vase']);
  });

  it('the review list’s export', async () => {
    for (const platform of ['shopify', 'squarespace']) {
      const response = await get(`/api/products/export/${platform}`);
      expect(response.statusCode).toBe(200);
      expect(titles(response.body)).toEqual(['Named draft']);
      expect(response.body).not.toContain('Unnamed draft');
    }
  });

  it('says beforehand how many a download takes, how many are ready and how many have no name', async () => {
    const whole = await post('/api/library/readiness', { selection: { kind: 'search', q: '' } });
    expect(whole.statusCode).toBe(200);
    // Seeded without a sure category, so none is ready.
    expect(whole.json()).toMatchObject({
      total: 3,
      ready: 0,
      untitled: 2,
    } satisfies Partial<ScopeReadiness>);

    const search = await post('/api/library/readiness', {
      selection: { kind: 'search', q: 'vase' },
    });
    expect(search.json()).toMatchObject({ total: 2, ready: 0, untitled: 1 });

    const chosen = await post('/api/library/readiness', {
      selection: { kind: 'ids', ids: [ids[0]] },
    });
    expect(chosen.json()).toMatchObject({ total: 1, ready: 0, untitled: 0 });

    const malformed = await post('/api/library/readiness', { selection: { kind: 'ids', ids: [] } });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 403 without a library', async () => {
    const free = await account(h, 'untitled-free');
    const response = await free.client.request({
      method: 'POST',
      url: '/api/library/readiness',
      cookie: free.cookie,
      payload: { selection: { kind: 'search', q: '' } },
    });
    expect(response.statusCode).toBe(403);
  });
});
