import { describe, expect, it } from 'vitest';
import {
  SHOPIFY_CSV_FILE_NAME,
  SHOPIFY_CSV_HEADERS,
  shopifyCsv,
  shopifyCsvFileName,
} from './export-shopify';
import type { ExportProduct } from './product';
import { readFixture, SHOPIFY_2023_FIXTURE, SHOPIFY_FIXTURE } from './test-support/fixtures';
import { parseCsv, parseCsvObjects } from './test-support/parse-csv';

const mug: ExportProduct = {
  title: 'Handmade Ceramic Mug',
  description: 'A sturdy stoneware mug.\n\nDishwasher safe.',
  price: 12.5,
  images: [
    'https://cdn.test/mug-1.jpg',
    'https://cdn.test/mug-2.jpg',
    'https://cdn.test/mug-3.jpg',
  ],
  imageAltText: 'White ceramic mug on a table',
  category: { fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs' },
  tags: ['mug', 'kitchen', 'gift'],
};

function product(overrides: Partial<ExportProduct>): ExportProduct {
  return { title: 'Thing', description: 'Desc', price: 10, images: [], ...overrides };
}

function rowsOf(products: ExportProduct[], options?: { vendor?: string }) {
  return parseCsvObjects(shopifyCsv(products, options));
}

function nonEmptyColumns(row: Record<string, string>): string[] {
  return Object.keys(row).filter((key) => row[key] !== '');
}

describe('shopifyCsv: file shape', () => {
  it('has exactly the 48 headers of Shopify’s template, in order', () => {
    const [fixtureHeader] = parseCsv(readFixture(SHOPIFY_FIXTURE));
    const [header] = parseCsv(shopifyCsv([mug]));
    expect(fixtureHeader).toHaveLength(48);
    expect(header).toEqual(fixtureHeader);
    expect([...SHOPIFY_CSV_HEADERS]).toEqual(fixtureHeader);
    expect(parseCsv(shopifyCsv([]))).toEqual([fixtureHeader]);
  });

  it('quotes every cell, uses CRLF separators and a trailing CRLF, and no BOM', () => {
    const text = shopifyCsv([mug, product({ title: 'Line\nbreak' })]);
    expect(text.startsWith('"Handle","Title","Body (HTML)",')).toBe(true);
    expect(text.endsWith('"\r\n')).toBe(true);
    // Outside quoted cells every line break is CRLF; every record starts and ends with a quote.
    const records = text.slice(0, -2).split(/\r\n(?=")/);
    expect(records).toHaveLength(1 + 3 + 1);
    for (const record of records) expect(record).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  });

  it('gives every row the header’s field count', () => {
    const rows = parseCsv(
      shopifyCsv([
        mug,
        product({
          variants: [
            { options: [{ name: 'Size', value: 'S' }] },
            { options: [{ name: 'Size', value: 'M' }] },
          ],
        }),
      ]),
    );
    expect(rows.length).toBe(1 + 3 + 2);
    for (const row of rows) expect(row).toHaveLength(48);
  });

  it('names the file shopify-products.csv', () => {
    expect(shopifyCsvFileName()).toBe('shopify-products.csv');
    expect(SHOPIFY_CSV_FILE_NAME).toBe('shopify-products.csv');
  });
});

describe('shopifyCsv: a simple product', () => {
  const [first, ...rest] = rowsOf([mug]);

  it('writes the product fields on the first row', () => {
    expect(first).toMatchObject({
      Handle: 'handmade-ceramic-mug',
      Title: 'Handmade Ceramic Mug',
      'Body (HTML)': '<p>A sturdy stoneware mug.</p><p>Dishwasher safe.</p>',
      Vendor: 'Listsmith',
      Type: 'Mugs',
      Tags: 'mug, kitchen, gift',
      Published: 'TRUE',
      'Option1 Name': 'Title',
      'Option1 Value': 'Default Title',
      'Option2 Name': '',
      'Variant Price': '12.50',
      'Variant Inventory Policy': 'deny',
      'Variant Fulfillment Service': 'manual',
      'Variant Inventory Tracker': '',
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Image Src': 'https://cdn.test/mug-1.jpg',
      'Image Position': '1',
      'Image Alt Text': 'White ceramic mug on a table',
      'Gift Card': 'FALSE',
      'SEO Title': 'Handmade Ceramic Mug',
      'SEO Description': 'A sturdy stoneware mug. Dishwasher safe.',
      'Variant Weight Unit': 'g',
      'Google Shopping / Google Product Category': '',
      Status: 'active',
    });
  });

  it('adds one image row per further image with only Handle, Image Src, Position and Alt', () => {
    expect(rest).toHaveLength(2);
    expect(rest.map((row) => [row['Image Src'], row['Image Position']])).toEqual([
      ['https://cdn.test/mug-2.jpg', '2'],
      ['https://cdn.test/mug-3.jpg', '3'],
    ]);
    for (const row of rest) {
      expect(nonEmptyColumns(row)).toEqual([
        'Handle',
        'Image Src',
        'Image Position',
        'Image Alt Text',
      ]);
      expect(row.Handle).toBe('handmade-ceramic-mug');
      expect(row['Image Alt Text']).toBe('White ceramic mug on a table');
    }
  });

  it('fills the same columns as the image-only row in Shopify’s own sample', () => {
    const sample = parseCsvObjects(readFixture(SHOPIFY_2023_FIXTURE));
    const imageOnly = sample.filter((row) => row.Title === '' && row['Option1 Value'] === '');
    expect(imageOnly).toHaveLength(1);
    expect(nonEmptyColumns(imageOnly[0]!)).toEqual(nonEmptyColumns(rest[0]!));
  });
});

describe('shopifyCsv: variants', () => {
  const shirt = product({
    title: 'Linen Shirt',
    price: 30,
    images: ['https://cdn.test/shirt-1.jpg', 'https://cdn.test/shirt-2.jpg'],
    variants: [
      {
        options: [
          { name: 'Size', value: 'Small' },
          { name: 'Color', value: 'Sand' },
        ],
        sku: 'LS-S',
      },
      {
        options: [
          { name: 'Size', value: 'Medium' },
          { name: 'Color', value: 'Sand' },
        ],
        price: 32,
      },
      {
        options: [
          { name: 'Size', value: 'Large' },
          { name: 'Color', value: 'Sand' },
        ],
        price: null,
      },
    ],
  });
  const rows = rowsOf([shirt]);

  it('writes one row per variant, then the extra image rows', () => {
    expect(rows).toHaveLength(3 + 1);
    expect(rows.map((row) => row.Handle)).toEqual(Array(4).fill('linen-shirt'));
    expect(rows.map((row) => row['Option1 Value'])).toEqual(['Small', 'Medium', 'Large', '']);
    expect(rows.map((row) => row['Option2 Value'])).toEqual(['Sand', 'Sand', 'Sand', '']);
    expect(rows.map((row) => row['Variant Price'])).toEqual(['30.00', '32.00', '30.00', '']);
    expect(rows.map((row) => row['Variant SKU'])).toEqual(['LS-S', '', '', '']);
    expect(rows[3]?.['Image Src']).toBe('https://cdn.test/shirt-2.jpg');
    expect(rows[3]?.['Image Position']).toBe('2');
  });

  it('puts option names and product fields on the first row only', () => {
    expect(rows[0]).toMatchObject({
      'Option1 Name': 'Size',
      'Option2 Name': 'Color',
      Title: 'Linen Shirt',
    });
    expect(rows[0]?.['Option3 Name']).toBe('');
    for (const row of rows.slice(1, 3)) {
      expect(row).toMatchObject({
        Title: '',
        'Body (HTML)': '',
        Vendor: '',
        Published: '',
        'Option1 Name': '',
        'Option2 Name': '',
        'Image Src': '',
        'Gift Card': '',
        Status: '',
        'Variant Inventory Policy': 'deny',
        'Variant Fulfillment Service': 'manual',
        'Variant Requires Shipping': 'TRUE',
        'Variant Taxable': 'TRUE',
        'Variant Weight Unit': 'g',
      });
    }
  });

  it('fills no column on variant rows that Shopify’s sample leaves empty there', () => {
    const sample = parseCsvObjects(readFixture(SHOPIFY_FIXTURE));
    const sampleColumns = new Set(nonEmptyColumns(sample[1]!));
    sampleColumns.add('Option2 Value'); // the sample's products have one option only
    for (const column of nonEmptyColumns(rows[1]!)) expect(sampleColumns).toContain(column);
  });
});

describe('shopifyCsv: values', () => {
  it.each([
    'Mug "The Classic", 12 oz',
    'Two\nlines, "quoted"',
    'Café Crème — naïve 日本 🎉👍🏽',
    "O'Brien's ,,, mug",
  ])('round-trips the title %j', (title) => {
    const [row] = rowsOf([product({ title })]);
    expect(row?.Title).toBe(title);
  });

  it('guards titles and tags that would start a formula, on every text column', () => {
    const [row] = rowsOf([product({ title: '=HYPERLINK("http://evil")', tags: ['-1', '@x'] })]);
    expect(row?.Title).toBe(`'=HYPERLINK("http://evil")`);
    expect(row?.['SEO Title']).toBe(`'=HYPERLINK("http://evil")`);
    expect(row?.['Image Alt Text']).toBe('');
    expect(row?.Tags).toBe("'-1, @x");
    expect(row?.Handle).toBe('hyperlink-http-evil');
  });

  it('writes the price with two decimals only when valid', () => {
    const rows = rowsOf([
      product({ title: 'a', price: 12.5 }),
      product({ title: 'b', price: 0 }),
      product({ title: 'c', price: null }),
      product({ title: 'd', price: NaN }),
      product({ title: 'e', price: -5 }),
      product({ title: 'f', price: 7 }),
    ]);
    expect(rows.map((row) => row['Variant Price'])).toEqual(['12.50', '0.00', '', '', '', '7.00']);
  });

  it('de-duplicates handles within one export', () => {
    const rows = rowsOf([
      product({ title: 'Mug', images: ['https://cdn.test/1.jpg', 'https://cdn.test/2.jpg'] }),
      product({ title: 'mug' }),
      product({ title: 'MUG!' }),
    ]);
    expect(rows.map((row) => row.Handle)).toEqual(['mug', 'mug', 'mug-2', 'mug-3']);
  });

  it('leaves out a product without a name (Shopify refuses a blank Title)', () => {
    const rows = rowsOf([
      product({ title: 'Mug' }),
      product({ title: '  ' }),
      product({ title: '' }),
    ]);
    expect(rows.map((row) => row.Title)).toEqual(['Mug']);
  });

  it('uses the vendor option, falling back to Listsmith', () => {
    expect(rowsOf([mug], { vendor: 'Acme Ceramics' })[0]?.Vendor).toBe('Acme Ceramics');
    expect(rowsOf([mug], { vendor: '  ' })[0]?.Vendor).toBe('Listsmith');
  });

  it('leaves image and type columns empty when the product has none', () => {
    const [row, ...rest] = rowsOf([product({ images: [], category: null, tags: undefined })]);
    expect(rest).toHaveLength(0);
    expect(row).toMatchObject({
      'Image Src': '',
      'Image Position': '',
      'Image Alt Text': '',
      Type: '',
      Tags: '',
    });
  });

  it('HTML-escapes the body and truncates SEO fields to 70/320 characters', () => {
    const long = `${'Lovely <handmade> & "glazed" mug. '.repeat(20)}`;
    const row = rowsOf([product({ title: 'Big '.repeat(30), description: long })])[0]!;
    expect(
      row['Body (HTML)']!.startsWith('<p>Lovely &lt;handmade&gt; &amp; &quot;glazed&quot; mug.'),
    ).toBe(true);
    expect(row['SEO Title']).toBe(`${'Big '.repeat(17).trim()}…`);
    expect(Array.from(row['SEO Description']!).length).toBeLessThanOrEqual(320);
    expect(row['SEO Description']!.endsWith('…')).toBe(true);
    expect(row['SEO Description']!.startsWith('Lovely <handmade> & "glazed" mug.')).toBe(true);
  });

  it('writes the product’s own SEO title and description when it has them', () => {
    const row = rowsOf([
      product({
        title: 'Mug',
        description: 'A mug.',
        seoTitle: 'Handmade Stoneware Mug',
        seoDescription: 'A stoneware mug, glazed by hand.',
      }),
    ])[0]!;
    expect(row['SEO Title']).toBe('Handmade Stoneware Mug');
    expect(row['SEO Description']).toBe('A stoneware mug, glazed by hand.');
    const blank = rowsOf([product({ title: 'Mug', description: 'A mug.', seoTitle: ' ' })])[0]!;
    expect(blank['SEO Title']).toBe('Mug');
    expect(blank['SEO Description']).toBe('A mug.');
  });
});

describe('shopifyCsv: barcode', () => {
  it('writes the GTIN in Variant Barcode of the single default variant', () => {
    const [row, ...images] = rowsOf([{ ...mug, barcode: '0012345678905' }]);
    expect(row?.['Variant Barcode']).toBe('0012345678905');
    for (const image of images) expect(image['Variant Barcode']).toBe('');
  });

  it('leaves it empty without a barcode and on products with variants', () => {
    const rows = rowsOf([
      product({ title: 'a', barcode: null }),
      product({ title: 'b', barcode: '  ' }),
      product({
        title: 'c',
        barcode: '4006381333931',
        variants: [
          { options: [{ name: 'Size', value: 'S' }] },
          { options: [{ name: 'Size', value: 'M' }] },
        ],
      }),
    ]);
    expect(rows.map((row) => row['Variant Barcode'])).toEqual(['', '', '', '']);
  });
});
