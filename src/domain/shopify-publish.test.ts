import { describe, expect, it } from 'vitest';
import type { ExportProduct } from './product';
import { productSetInput, publishHandle, shopifyNumericId } from './shopify-publish';

const base: ExportProduct = {
  title: '  Stoneware Mug ',
  description: 'Speckled glaze.\nHolds 350 ml.',
  price: null,
  images: [],
  tags: ['mug', ' Mug ', 'kitchen'],
  category: { fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs' },
  barcode: '0012345678905',
};

describe('productSetInput', () => {
  it('a product without variants: one default variant at the spec’s 0.00, the GTIN on it', () => {
    const input = productSetInput(base, { status: 'draft', categoryId: null });
    expect(input).toEqual({
      title: 'Stoneware Mug',
      descriptionHtml: '<p>Speckled glaze.<br>Holds 350 ml.</p>',
      vendor: 'Listsmith',
      productType: 'Mugs',
      tags: ['mug', 'kitchen'],
      seo: { title: 'Stoneware Mug', description: 'Speckled glaze. Holds 350 ml.' },
      status: 'DRAFT',
      productOptions: [{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] }],
      variants: [
        {
          optionValues: [{ optionName: 'Title', name: 'Default Title' }],
          price: '0.00',
          inventoryPolicy: 'DENY',
          barcode: '0012345678905',
        },
      ],
    });
  });

  it('options from the variants, each row its own price or the product’s; category and files passed', () => {
    const input = productSetInput(
      {
        ...base,
        price: 24,
        seoTitle: 'x'.repeat(90),
        variants: [
          {
            options: [
              { name: 'Size', value: 'S' },
              { name: 'Color', value: 'Blue' },
            ],
            price: 20,
            sku: 'M-S',
          },
          {
            options: [
              { name: 'Size', value: 'L' },
              { name: 'Color', value: 'Blue' },
            ],
          },
        ],
      },
      {
        status: 'active',
        categoryId: 'gid://shopify/TaxonomyCategory/hg-11-10-5-7',
        files: [{ id: 'gid://shopify/MediaImage/1' }],
      },
    );
    expect(input.status).toBe('ACTIVE');
    expect(input.category).toBe('gid://shopify/TaxonomyCategory/hg-11-10-5-7');
    expect(input.seo.title.length).toBeLessThanOrEqual(70);
    expect(input.productOptions).toEqual([
      { name: 'Size', position: 1, values: [{ name: 'S' }, { name: 'L' }] },
      { name: 'Color', position: 2, values: [{ name: 'Blue' }] },
    ]);
    expect(input.variants).toEqual([
      {
        optionValues: [
          { optionName: 'Size', name: 'S' },
          { optionName: 'Color', name: 'Blue' },
        ],
        price: '20.00',
        inventoryPolicy: 'DENY',
        inventoryItem: { sku: 'M-S' },
      },
      {
        optionValues: [
          { optionName: 'Size', name: 'L' },
          { optionName: 'Color', name: 'Blue' },
        ],
        price: '24.00',
        inventoryPolicy: 'DENY',
      },
    ]);
    expect(input.files).toEqual([{ id: 'gid://shopify/MediaImage/1' }]);
  });

  it('the admin’s number from a GID', () => {
    expect(shopifyNumericId('gid://shopify/Product/8123456789')).toBe('8123456789');
  });

  it('a first publish’s handle: the CSV’s title slug plus 8 hex digits of our product id', () => {
    const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(publishHandle(base, id)).toBe('stoneware-mug-0a1b2c3d');
    expect(publishHandle({ ...base, title: 'Café Crème ☕' }, id)).toBe('cafe-creme-0a1b2c3d');
    const long = publishHandle({ ...base, title: 'x'.repeat(300) }, id);
    expect(long).toHaveLength(200);
    expect(long.endsWith('x-0a1b2c3d')).toBe(true);
    const input = productSetInput(base, { status: 'draft', categoryId: null, handle: 'h-1' });
    expect(input.handle).toBe('h-1');
  });
});
