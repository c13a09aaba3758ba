import { describe, expect, it } from 'vitest';
import { importedFromStore, storeSourceKey, type StoreCatalogueProduct } from './shopify-catalogue';

const SHOP = 'acme.myshopify.com';

function product(extra: Partial<StoreCatalogueProduct> = {}): StoreCatalogueProduct {
  return {
    id: 'gid://shopify/Product/101',
    handle: 'linen-shirt',
    title: 'Linen Shirt',
    descriptionHtml:
      '<p>Soft <strong>linen</strong> &amp; shell buttons.</p><ul><li>Loose</li></ul>',
    productType: 'Shirts',
    status: 'ACTIVE',
    tags: ['linen', ' summer ', 'Linen', ''],
    category: { id: 'gid://shopify/TaxonomyCategory/aa-1-13-7', fullName: 'Apparel > Shirts' },
    seo: { title: 'Linen Shirt | Acme', description: null },
    images: [
      {
        mediaId: 'gid://shopify/MediaImage/1',
        url: 'https://cdn.shopify.com/s/files/shirt.jpg',
        altText: 'Front',
      },
      {
        mediaId: 'gid://shopify/MediaImage/2',
        url: 'https://cdn.shopify.com/s/files/back.jpg',
        altText: null,
      },
      { mediaId: 'gid://shopify/MediaImage/3', url: 'javascript:alert(1)', altText: 'never' },
    ],
    options: ['Size', 'Color'],
    variants: [
      {
        price: '45.00',
        sku: 'LS-M-W',
        barcode: null,
        selectedOptions: [
          { name: 'Size', value: 'M' },
          { name: 'Color', value: 'White' },
        ],
      },
      {
        price: '47.50',
        sku: 'LS-S-W',
        barcode: '4006381333931',
        selectedOptions: [
          { name: 'Size', value: 'S' },
          { name: 'Color', value: 'White' },
        ],
      },
    ],
    ...extra,
  };
}

function imported(extra: Partial<StoreCatalogueProduct> = {}, position = 3) {
  const event = importedFromStore(SHOP, product(extra), position);
  if (event.kind !== 'product') throw new Error(`skipped: ${event.reason}`);
  return event.product;
}

describe('a store product made into an imported product', () => {
  it('keeps shop + GID as its key, its text as plain text, its SEO and its images', () => {
    const result = imported();
    expect(result).toMatchObject({
      key: 'acme.myshopify.com/gid://shopify/Product/101',
      line: 3,
      title: 'Linen Shirt',
      description: 'Soft linen & shell buttons.\n\n- Loose',
      tags: ['linen', 'summer'],
      category: 'gid://shopify/TaxonomyCategory/aa-1-13-7',
      seoTitle: 'Linen Shirt | Acme',
      seoDescription: '',
      storeStatus: 'active',
      price: 45,
      images: [
        { url: 'https://cdn.shopify.com/s/files/shirt.jpg', alt: 'Front' },
        { url: 'https://cdn.shopify.com/s/files/back.jpg', alt: '' },
      ],
    });
    expect(storeSourceKey(SHOP, 'gid://shopify/Product/101')).toBe(result.key);
  });

  it('orders variants by their options and keeps valid barcodes only', () => {
    const { variants } = imported();
    expect(variants?.options).toEqual([
      { name: 'Size', values: ['M', 'S'] },
      { name: 'Color', values: ['White'] },
    ]);
    expect(variants?.rows.map((row) => [row.values, row.price, row.sku, row.barcode])).toEqual([
      [['M', 'White'], 45, 'LS-M-W', null],
      [['S', 'White'], 47.5, 'LS-S-W', '4006381333931'],
    ]);
  });

  it("reads Shopify's single 'Default Title' variant as no variants", () => {
    const result = imported({
      options: ['Title'],
      variants: [
        {
          price: '12.00',
          sku: null,
          barcode: null,
          selectedOptions: [{ name: 'Title', value: 'Default Title' }],
        },
      ],
    });
    expect([result.variants, result.price]).toEqual([null, 12]);
  });

  it('falls back on the product type without a category, and keeps draft and archived', () => {
    expect(imported({ category: null }).category).toBe('Shirts');
    expect(imported({ category: null, productType: ' ' }).category).toBeNull();
    expect(imported({ status: 'DRAFT' }).storeStatus).toBe('draft');
    expect(imported({ status: 'ARCHIVED' }).storeStatus).toBe('archived');
    expect(imported({ status: 'UNLISTED' }).storeStatus).toBe('active');
  });

  it('skips a product the library cannot keep, with its key and the reason', () => {
    expect(importedFromStore(SHOP, product({ title: '  ' }), 7)).toEqual({
      kind: 'skipped',
      line: 7,
      key: 'acme.myshopify.com/gid://shopify/Product/101',
      reason: 'Title is empty.',
    });
  });
});
