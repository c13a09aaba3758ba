/** A product's variants through `toExportProduct` into both import files, read back. */
import { describe, expect, it } from 'vitest';
import { shopifyCsv } from './export-shopify';
import { squarespaceCsv } from './export-squarespace';
import { toExportProduct, type Product } from './products';
import { parseCsvObjects } from './test-support/parse-csv';
import { makeProduct } from './test-support/product';
import { setPriceForValue, updateRow, withOptions, NO_VARIANTS } from './variants';

const ORIGIN = 'https://app.test';

function tshirt(): Product {
  let variants = withOptions(NO_VARIANTS, [
    { name: 'Size', values: ['S', 'M', 'XL'] },
    { name: 'Color', values: ['Olive', 'Black'] },
    { name: 'Material', values: ['Cotton'] },
  ]);
  variants = setPriceForValue(variants, 0, 'XL', 24);
  variants = updateRow(variants, 0, { sku: 'TS-S-OLV', barcode: '4006381333931' });
  return makeProduct({
    title: 'Organic Cotton T-Shirt',
    description: 'Soft and light.',
    price: { suggested: 20, low: 15, high: 25, basis: null },
    category: {
      id: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
      fullName: 'Apparel & Accessories > Clothing > T-Shirts',
      confidence: 1,
    },
    barcode: '0012345678905',
    tags: [],
    variants,
    altText: '',
    seoTitle: '',
    seoDescription: '',
    images: ['/api/images/i1/display.jpg', '/api/images/i2/display.jpg'],
    fileName: 'shirt.jpg',
  });
}

describe('variants in the exports', () => {
  it('maps each row to an export variant with its options, price, SKU and barcode', () => {
    const exported = toExportProduct(tshirt(), ORIGIN);
    expect(exported.variants).toHaveLength(6);
    expect(exported.variants?.[0]).toEqual({
      options: [
        { name: 'Size', value: 'S' },
        { name: 'Color', value: 'Olive' },
        { name: 'Material', value: 'Cotton' },
      ],
      price: null,
      sku: 'TS-S-OLV',
      barcode: '4006381333931',
    });
    expect(toExportProduct({ ...tshirt(), variants: NO_VARIANTS }, ORIGIN).variants).toEqual([]);
  });

  it('Shopify: one row per variant, option names on the first row only, then the images', () => {
    const rows = parseCsvObjects(shopifyCsv([toExportProduct(tshirt(), ORIGIN)]));
    expect(rows).toHaveLength(7);
    const variantRows = rows.slice(0, 6);
    expect(variantRows.map((row) => row['Option1 Value'])).toEqual([
      'S',
      'S',
      'M',
      'M',
      'XL',
      'XL',
    ]);
    expect(variantRows.map((row) => row['Option2 Value'])).toEqual([
      'Olive',
      'Black',
      'Olive',
      'Black',
      'Olive',
      'Black',
    ]);
    expect(variantRows.every((row) => row['Option3 Value'] === 'Cotton')).toBe(true);
    expect(rows[0]).toMatchObject({
      'Option1 Name': 'Size',
      'Option2 Name': 'Color',
      'Option3 Name': 'Material',
      'Variant SKU': 'TS-S-OLV',
      // The variant's own GTIN, not the product's.
      'Variant Barcode': '4006381333931',
      'Image Src': `${ORIGIN}/api/images/i1/display.jpg`,
    });
    for (const row of rows.slice(1)) {
      expect([row['Option1 Name'], row['Option2 Name'], row['Option3 Name']]).toEqual(['', '', '']);
    }
    expect(variantRows.map((row) => row['Variant Price'])).toEqual([
      '20.00',
      '20.00',
      '20.00',
      '20.00',
      '24.00',
      '24.00',
    ]);
    expect(variantRows.slice(1).map((row) => row['Variant Barcode'])).toEqual(['', '', '', '', '']);
    expect(rows[6]).toMatchObject({
      'Option1 Value': '',
      'Variant Price': '',
      'Image Src': `${ORIGIN}/api/images/i2/display.jpg`,
      'Image Position': '2',
    });
  });

  it('Squarespace: one row per variant, option names and values on each', () => {
    const rows = parseCsvObjects(squarespaceCsv([toExportProduct(tshirt(), ORIGIN)]));
    expect(rows).toHaveLength(6);
    expect(
      rows.map((row) => [
        row['Option Name 1'],
        row['Option Value 1'],
        row['Option Name 2'],
        row['Option Value 2'],
        row['Option Name 3'],
        row['Option Value 3'],
        row.SKU,
        row.Price,
      ]),
    ).toEqual([
      ['Size', 'S', 'Color', 'Olive', 'Material', 'Cotton', 'TS-S-OLV', '20.00'],
      ['Size', 'S', 'Color', 'Black', 'Material', 'Cotton', '', '20.00'],
      ['Size', 'M', 'Color', 'Olive', 'Material', 'Cotton', '', '20.00'],
      ['Size', 'M', 'Color', 'Black', 'Material', 'Cotton', '', '20.00'],
      ['Size', 'XL', 'Color', 'Olive', 'Material', 'Cotton', '', '24.00'],
      ['Size', 'XL', 'Color', 'Black', 'Material', 'Cotton', '', '24.00'],
    ]);
    expect(rows[0]!.Title).toBe('Organic Cotton T-Shirt');
    expect(rows.slice(1).every((row) => row.Title === '' && row['Hosted Image URLs'] === '')).toBe(
      true,
    );
  });

  it('a product without variants stays one default variant with the product barcode', () => {
    const product = { ...tshirt(), variants: NO_VARIANTS };
    const [row] = parseCsvObjects(shopifyCsv([toExportProduct(product, ORIGIN)]));
    expect(row).toMatchObject({
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Variant Barcode': '0012345678905',
      'Variant Price': '20.00',
    });
  });
});
