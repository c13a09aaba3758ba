import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  WOOCOMMERCE_CSV_HEADERS,
  woocommerceCsv,
  woocommerceCsvWriter,
} from './export-woocommerce';
import type { ExportProduct } from './product';

/**
 * The columns WooCommerce's importer maps by default (its
 * `includes/admin/importers/mappings/default.php`, English names; units in the dimension columns
 * vary by store and are not ours to write), plus the numbered attribute columns.
 */
const IMPORTER_COLUMNS = new Set([
  'ID',
  'Type',
  'SKU',
  'GTIN, UPC, EAN, or ISBN',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'Tax status',
  'Tax class',
  'In stock?',
  'Stock',
  'Backorders allowed?',
  'Low stock amount',
  'Sold individually?',
  'Allow customer reviews?',
  'Purchase note',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Shipping class',
  'Images',
  'Download limit',
  'Download expiry days',
  'Parent',
  'Upsells',
  'Cross-sells',
  'Grouped products',
  'External URL',
  'Button text',
  'Position',
]);
const ATTRIBUTE_COLUMN = /^Attribute \d+ (name|value\(s\)|visible|global|default)$/;

const products: ExportProduct[] = [
  {
    title: 'Stoneware Mug',
    description: 'Hand-thrown.\n\n"Dishwasher" safe, = glazed.',
    price: 18,
    images: ['https://cdn.test/mug-1.jpg', 'https://cdn.test/mug,2.jpg'],
    seoDescription: 'A hand-thrown stoneware mug.',
    category: { fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs' },
    tags: ['mug', 'stoneware'],
    barcode: '4006381333931',
  },
  {
    title: 'Linen Shirt',
    description: 'Washed linen.',
    price: 60,
    images: ['https://cdn.test/shirt.jpg'],
    category: { fullName: 'Apparel & Accessories > Clothing > Shirts, Tops & Blouses' },
    storeStatus: 'draft',
    variants: [
      {
        options: [
          { name: 'Color', value: 'Sand, light' },
          { name: 'Size', value: 'M' },
        ],
        sku: 'LS-M',
      },
      {
        options: [
          { name: 'Color', value: 'Sand, light' },
          { name: 'Size', value: 'L' },
        ],
        price: 64,
        sku: 'LS-L',
        barcode: '12345670',
      },
      {
        options: [
          { name: 'Color', value: 'Ink' },
          { name: 'Size', value: 'M' },
        ],
        sku: 'LS-IM',
      },
    ],
  },
  // Never named: left out.
  { title: '', description: 'A guess', price: 5, images: [] },
  { title: '=Stoneware Mug', description: '', price: null, images: [], storeStatus: 'archived' },
];

const parsed = () =>
  parse(woocommerceCsv(products), { columns: true, bom: false }) as Record<string, string>[];

describe('WooCommerce product CSV', () => {
  it('matches the golden file', async () => {
    await expect(woocommerceCsv(products)).toMatchFileSnapshot(
      './test-support/golden/woocommerce-products.csv',
    );
  });

  it('writes only columns WooCommerce’s importer maps', () => {
    for (const header of WOOCOMMERCE_CSV_HEADERS) {
      expect(IMPORTER_COLUMNS.has(header) || ATTRIBUTE_COLUMN.test(header), header).toBe(true);
    }
  });

  it('parses back: a simple product, a variable one with a row per variation', () => {
    const rows = parsed();
    expect(rows.map((row) => [row.Type, row.SKU, row.Name, row.Parent])).toEqual([
      ['simple', 'stoneware-mug', 'Stoneware Mug', ''],
      ['variable', 'linen-shirt', 'Linen Shirt', ''],
      ['variation', 'LS-M', 'Linen Shirt - Sand, light, M', 'linen-shirt'],
      ['variation', 'LS-L', 'Linen Shirt - Sand, light, L', 'linen-shirt'],
      ['variation', 'LS-IM', 'Linen Shirt - Ink, M', 'linen-shirt'],
      // The formula guard's apostrophe, which WooCommerce's importer removes again.
      ['simple', 'stoneware-mug-2', "'=Stoneware Mug", ''],
    ]);
    const [mug, shirt, m, l] = rows;
    expect(mug).toMatchObject({
      Published: '1',
      'Regular price': '18.00',
      'Sale price': '',
      'GTIN, UPC, EAN, or ISBN': '4006381333931',
      Categories: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs',
      Tags: 'mug, stoneware',
      Images: 'https://cdn.test/mug-1.jpg, https://cdn.test/mug%2C2.jpg',
      'Short description': '<p>A hand-thrown stoneware mug.</p>',
      Description: '<p>Hand-thrown.</p><p>&quot;Dishwasher&quot; safe, = glazed.</p>',
    });
    expect(shirt).toMatchObject({
      Published: '-1',
      'Regular price': '',
      Categories: 'Apparel & Accessories > Clothing > Shirts\\, Tops & Blouses',
      'Attribute 1 name': 'Color',
      'Attribute 1 value(s)': 'Sand\\, light, Ink',
      'Attribute 1 visible': '1',
      'Attribute 1 global': '0',
      'Attribute 2 name': 'Size',
      'Attribute 2 value(s)': 'M, L',
    });
    expect(m).toMatchObject({ 'Regular price': '60.00', 'Attribute 1 value(s)': 'Sand\\, light' });
    expect(l).toMatchObject({
      'Regular price': '64.00',
      'GTIN, UPC, EAN, or ISBN': '12345670',
      'Attribute 2 value(s)': 'L',
      Position: '2',
    });
    expect(rows.at(-1)).toMatchObject({ Published: '0', 'Regular price': '' });
  });

  it('the writer fed one product at a time writes the same file', () => {
    const writer = woocommerceCsvWriter();
    expect(writer.header + products.map(writer.product).join('')).toBe(woocommerceCsv(products));
  });
});
