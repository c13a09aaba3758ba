import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvObjects } from '#domain/test-support/parse-csv.js';
import type { Product } from '#domain/products.js';
import {
  NO_VARIANTS,
  setPriceForValue,
  updateRow,
  VARIANT_MESSAGES,
  withOptions,
  type ProductVariants,
} from '#domain/variants.js';
import { VARIANTS_NEED_PREMIUM_MESSAGE } from '#server/editing/product-service.js';
import type { VisionProvider } from '#server/vision/providers/vision-provider.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createFakeVisionProvider, sampleDraft } from '../support/fake-vision-provider.js';
import {
  account,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
  type Account,
} from './support.js';

/** The fake provider, drafting an olive t-shirt for every photo. */
function tshirtProvider(): VisionProvider {
  const fake = createFakeVisionProvider();
  return {
    name: 'fake-tshirt',
    regenerate: (input, signal) => fake.regenerate(input, signal),
    async describe() {
      return sampleDraft(1, {
        title: 'Olive Cotton T-Shirt',
        category: {
          id: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
          fullName: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
          confidence: 0.9,
        },
        attributes: { colors: ['olive'], material: null, brand: null, size: null },
      });
    },
  };
}

describe('variants', () => {
  let h: TestApp;
  let premium: Account;
  let free: Account;
  let premiumProduct: Product;
  let freeProduct: Product;

  beforeAll(async () => {
    h = await startTestApp({ visionProvider: tshirtProvider() });
    premium = await account(h, 'premium');
    free = await account(h, 'free');
    await setBalance(h, premium.id, { planName: 'premium', subscriptionCredits: 50 });
    await uploadOk(premium, [photo('apparel-tshirt-on-hanger.png')]);
    await uploadOk(free, [photo('apparel-tshirt-on-hanger.png')]);
    await h.generationIdle();
    premiumProduct = (await listProducts(premium))[0]!;
    freeProduct = (await listProducts(free))[0]!;
  });
  afterAll(async () => {
    await h?.close();
  });

  function patch(who: Account, id: string, payload: object) {
    return who.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload,
      cookie: who.cookie,
    });
  }

  async function storedVariants(who: Account): Promise<string[]> {
    return (await productRows(h, who.id)).map((row) => row.variants);
  }

  it('drafts sizes and the photo colour for a premium seller’s t-shirt, nothing for a free one', () => {
    expect(premiumProduct.variants.options).toEqual([
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      { name: 'Color', values: ['Olive'] },
    ]);
    expect(premiumProduct.variants.rows).toHaveLength(5);
    expect(freeProduct.variants).toEqual(NO_VARIANTS);
  });

  it('saves a premium seller’s variants and exports one row per variant', async () => {
    let variants: ProductVariants = withOptions(premiumProduct.variants, [
      { name: 'Size', values: ['S', 'M', 'XL'] },
      { name: 'Color', values: ['Olive', 'Black'] },
    ]);
    variants = setPriceForValue(variants, 0, 'XL', 29.5);
    variants = updateRow(variants, 0, { sku: 'TEE-S-OLV', barcode: '4006381333931' });
    const response = await patch(premium, premiumProduct.id, { variants });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Product).variants).toEqual(variants);
    expect((await listProducts(premium))[0]!.variants).toEqual(variants);

    const shopify = await premium.client.request({
      url: '/api/products/export/shopify',
      cookie: premium.cookie,
    });
    const rows = parseCsvObjects(shopify.body);
    expect(rows).toHaveLength(6);
    expect(rows.map((row) => `${row['Option1 Value']}/${row['Option2 Value']}`)).toEqual([
      'S/Olive',
      'S/Black',
      'M/Olive',
      'M/Black',
      'XL/Olive',
      'XL/Black',
    ]);
    expect(rows[0]).toMatchObject({
      'Option1 Name': 'Size',
      'Option2 Name': 'Color',
      'Variant SKU': 'TEE-S-OLV',
      'Variant Barcode': '4006381333931',
    });
    expect(rows[1]!['Option1 Name']).toBe('');
    expect(rows.map((row) => row['Variant Price']).slice(4)).toEqual(['29.50', '29.50']);

    const squarespace = await premium.client.request({
      url: '/api/products/export/squarespace',
      cookie: premium.cookie,
    });
    const squareRows = parseCsvObjects(squarespace.body);
    expect(squareRows).toHaveLength(6);
    expect(squareRows[5]).toMatchObject({
      'Option Name 1': 'Size',
      'Option Value 1': 'XL',
      'Option Name 2': 'Color',
      'Option Value 2': 'Black',
      Price: '29.50',
    });

    // No options: back to the single default variant.
    const cleared = await patch(premium, premiumProduct.id, { variants: NO_VARIANTS });
    expect(cleared.statusCode).toBe(200);
    const after = await premium.client.request({
      url: '/api/products/export/shopify',
      cookie: premium.cookie,
    });
    expect(parseCsvObjects(after.body).map((row) => row['Option1 Value'])).toEqual([
      'Default Title',
    ]);
  });

  it('refuses variants on the free plan with 403 and changes nothing', async () => {
    const before = await storedVariants(free);
    const variants = withOptions(NO_VARIANTS, [{ name: 'Size', values: ['S', 'M'] }]);
    const response = await patch(free, freeProduct.id, { variants });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: VARIANTS_NEED_PREMIUM_MESSAGE,
      code: 'premium-required',
    });
    expect(await storedVariants(free)).toEqual(before);
    // Other fields still save on the free plan.
    expect((await patch(free, freeProduct.id, { title: 'Plain tee' })).statusCode).toBe(200);
  });

  it('answers 404 for another user’s product, premium or not, and changes nothing', async () => {
    const before = await storedVariants(free);
    const variants = withOptions(NO_VARIANTS, [{ name: 'Size', values: ['S', 'M'] }]);
    const response = await patch(premium, freeProduct.id, { variants });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Product not found' });
    expect(await storedVariants(free)).toEqual(before);
  });

  it('answers 400 with a clear message for invalid variants and changes nothing', async () => {
    const before = await storedVariants(premium);
    const valid = withOptions(NO_VARIANTS, [{ name: 'Size', values: ['S', 'M'] }]);
    const invalid: [object, string][] = [
      [{ ...valid, rows: valid.rows.slice(1) }, VARIANT_MESSAGES.rowsMismatch],
      [updateRow(valid, 0, { barcode: '4006381333932' }), VARIANT_MESSAGES.invalidBarcode],
      [
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
          rows: [{ values: ['x', 'x', 'x', 'x'], price: null, sku: '', barcode: null }],
        },
        VARIANT_MESSAGES.tooManyOptions,
      ],
      [
        { options: [{ name: 'Size', values: ['S', 's'] }], rows: [] },
        VARIANT_MESSAGES.duplicateValue,
      ],
    ];
    for (const [variants, message] of invalid) {
      const response = await patch(premium, premiumProduct.id, { variants });
      expect(response.statusCode, JSON.stringify(variants)).toBe(400);
      expect((response.json() as { error: string }).error).toBe(message);
    }
    expect(await storedVariants(premium)).toEqual(before);
  });
});
