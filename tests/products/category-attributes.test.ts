import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryAttributesResponseSchema } from '#domain/product-attributes.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from './support.js';

describe('GET /api/taxonomy/categories/:id/attributes', () => {
  let h: TestApp;
  let seller: Account;

  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'category-attributes');
  });
  afterAll(async () => {
    await h?.close();
  });

  function attributesOf(id: string) {
    return seller.client.request({
      url: `/api/taxonomy/categories/${encodeURIComponent(id)}/attributes`,
      cookie: seller.cookie,
    });
  }

  it('answers 401 without a session and 404 for an unknown category', async () => {
    const anonymous = await h
      .client()
      .request({ url: '/api/taxonomy/categories/aa-2-6/attributes' });
    expect(anonymous.statusCode).toBe(401);
    expect((await attributesOf('zz-9')).statusCode).toBe(404);
    // A '%' left in the id once the router decoded it (sent as %25) is an unknown id, not a 500.
    expect((await attributesOf('gid://shopify/TaxonomyCategory/aa-2-6%E0%A4%A')).statusCode).toBe(
      404,
    );
  });

  it('gives a belt its colour, material, size and target gender, then brand and condition', async () => {
    const response = await attributesOf('gid://shopify/TaxonomyCategory/aa-2-6');
    expect(response.statusCode, response.body).toBe(200);
    const { attributes } = categoryAttributesResponseSchema.parse(response.json());
    expect(attributes.map((attribute) => attribute.name)).toEqual([
      'Color',
      'Material',
      'Size',
      'Target gender',
      'Brand',
    ]);
    expect(attributes[0]!.values).toEqual(expect.arrayContaining(['Brown', 'Black']));
    expect(attributes[1]!.values).toContain('Leather');
    // Condition is a field of its own (issue 26), not one more attribute to confirm.
    expect(attributes.map((attribute) => attribute.name)).not.toContain('Condition');
    for (const attribute of attributes) expect(attribute.values.length).toBeLessThanOrEqual(12);
  });

  it('gives a category the file leaves out its nearest ancestor’s attributes', async () => {
    // Bird Cage Bird Baths (ap-2-1-1-1) offer what Bird Cage Accessories (ap-2-1-1) do.
    const baths = categoryAttributesResponseSchema.parse((await attributesOf('ap-2-1-1-1')).json());
    expect(baths.attributes.map((attribute) => attribute.name)).toEqual([
      'Color',
      'Material',
      'Pattern',
      'Brand',
    ]);
  });

  it('never names two attributes alike: a second material keeps its own name', async () => {
    // Letter Openers list 'Blade material' and 'Handle material': not 'Material' twice.
    const openers = categoryAttributesResponseSchema.parse((await attributesOf('os-11-3')).json());
    expect(openers.attributes.map((attribute) => attribute.name)).toEqual([
      'Material',
      'Handle material',
      'Color',
      'Handle pattern',
      'Brand',
    ]);
  });
});
