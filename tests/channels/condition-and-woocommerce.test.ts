import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeReadiness } from '#domain/library.js';
import type { Product } from '#domain/products.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import { makePremium, seedLibrary } from '../library/support.js';

/** Issue 26: condition as a product field, and the WooCommerce CSV wherever the others are. */
describe('condition and the WooCommerce CSV', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;
  let ids: string[];
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'woo');
    other = await account(h, 'woo-other');
    await makePremium(h, seller.id);
    ids = await seedLibrary(h, seller.id, [
      { title: 'Oak stool', tags: ['oak'], minute: 1 },
      { title: 'Unpriced bench', priceCents: null, minute: 2 },
      { title: 'Draft mug', status: 'draft', minute: 3 },
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const patch = (a: Account, id: string, payload: unknown) =>
    a.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      cookie: a.cookie,
      payload: payload as Record<string, unknown>,
    });
  const conditionOf = async (id: string) =>
    (await h.db.selectFrom('products').select('condition').where('id', '=', id).executeTakeFirst())
      ?.condition;

  it('is not stated until the seller says, and can be stated and cleared', async () => {
    expect(await conditionOf(ids[0]!)).toBeNull();
    const used = await patch(seller, ids[0]!, { condition: 'used' });
    expect(used.statusCode).toBe(200);
    expect((used.json() as Product).condition).toBe('used');
    expect(await conditionOf(ids[0]!)).toBe('used');
    const cleared = await patch(seller, ids[0]!, { condition: null });
    expect((cleared.json() as Product).condition).toBeNull();
    await patch(seller, ids[0]!, { condition: 'refurbished' });
  });

  it('refuses an unknown condition, and another seller’s product, changing nothing', async () => {
    expect((await patch(seller, ids[0]!, { condition: 'broken' })).statusCode).toBe(400);
    expect((await patch(other, ids[0]!, { condition: 'new' })).statusCode).toBe(404);
    expect(await conditionOf(ids[0]!)).toBe('refurbished');
  });

  it('the library downloads a WooCommerce CSV: whole, searched or selected', async () => {
    const whole = await seller.client.request({
      url: '/api/library/export/woocommerce',
      cookie: seller.cookie,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toContain('text/csv');
    expect(whole.headers['content-disposition']).toContain('woocommerce-products.csv');
    const rows = parse(whole.body, { columns: true }) as Record<string, string>[];
    expect(
      rows.map((row) => [row.Type, row.Name, row['Regular price'], row['Sale price']]),
    ).toEqual([
      ['simple', 'Unpriced bench', '', ''],
      ['simple', 'Oak stool', '10.00', ''],
    ]);
    const selected = await seller.client.request({
      method: 'POST',
      url: '/api/library/export/woocommerce',
      cookie: seller.cookie,
      payload: { selection: { kind: 'ids', ids: [ids[0]] } },
    });
    expect(parse(selected.body, { columns: true })).toHaveLength(1);
    const searched = await seller.client.request({
      url: '/api/library/export/woocommerce?q=bench',
      cookie: seller.cookie,
    });
    expect((parse(searched.body, { columns: true }) as { Name: string }[])[0]!.Name).toBe(
      'Unpriced bench',
    );
  });

  it('the review list downloads one too', async () => {
    const response = await seller.client.request({
      url: '/api/products/export/woocommerce',
      cookie: seller.cookie,
    });
    expect(response.statusCode).toBe(200);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.Name)).toEqual(['Draft mug']);
  });

  it('asks first naming what each store needs', async () => {
    const response = await seller.client.request({
      method: 'POST',
      url: '/api/library/readiness',
      cookie: seller.cookie,
      payload: { selection: { kind: 'search', q: '' } },
    });
    const count = response.json() as ScopeReadiness;
    expect(count.channels).toEqual({
      shopify: [{ need: 'price', count: 1 }],
      squarespace: [{ need: 'price', count: 1 }],
      woocommerce: [{ need: 'price', count: 1 }],
    });
  });
});
