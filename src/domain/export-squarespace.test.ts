import { describe, expect, it } from 'vitest';
import {
  SQUARESPACE_CSV_FILE_NAME,
  SQUARESPACE_CSV_HEADERS,
  squarespaceCsv,
  squarespaceCsvFileName,
} from './export-squarespace';
import type { ExportProduct } from './product';
import { readFixture, SQUARESPACE_FIXTURE } from './test-support/fixtures';
import { parseCsv, parseCsvObjects } from './test-support/parse-csv';

const mug: ExportProduct = {
  title: 'Handmade Ceramic Mug',
  description: 'A sturdy stoneware mug.\nDishwasher safe.',
  price: 12.5,
  images: ['https://cdn.test/mug-1.jpg', 'https://cdn.test/mug-2.jpg'],
  category: { fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs' },
  tags: ['mug', 'gift'],
};

function product(overrides: Partial<ExportProduct>): ExportProduct {
  return { title: 'Thing', description: 'Desc', price: 10, images: [], ...overrides };
}

function rowsOf(products: ExportProduct[]) {
  return parseCsvObjects(squarespaceCsv(products));
}

function nonEmptyColumns(row: Record<string, string>): string[] {
  return Object.keys(row).filter((key) => row[key] !== '');
}

describe('squarespaceCsv: file shape', () => {
  it('has exactly the 26 headers of the Squarespace import file, in order', () => {
    const [fixtureHeader] = parseCsv(readFixture(SQUARESPACE_FIXTURE));
    const [header] = parseCsv(squarespaceCsv([mug]));
    expect(fixtureHeader).toHaveLength(26);
    expect(header).toEqual(fixtureHeader);
    expect([...SQUARESPACE_CSV_HEADERS]).toEqual(fixtureHeader);
  });

  it('quotes every cell, separates and terminates records with CRLF, no BOM', () => {
    const text = squarespaceCsv([mug]);
    expect(text.startsWith('"Product ID [Non Editable]","Variant ID [Non Editable]",')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toMatch(/^"[^"]*"(,"[^"]*")*$/);
  });

  it('gives every row the header’s field count', () => {
    const rows = parseCsv(
      squarespaceCsv([
        mug,
        product({
          variants: [1, 2, 3].map((n) => ({ options: [{ name: 'Size', value: `S${n}` }] })),
        }),
      ]),
    );
    expect(rows).toHaveLength(1 + 1 + 3);
    for (const row of rows) expect(row).toHaveLength(26);
  });

  it('names the file squarespace-products.csv', () => {
    expect(squarespaceCsvFileName()).toBe('squarespace-products.csv');
    expect(SQUARESPACE_CSV_FILE_NAME).toBe('squarespace-products.csv');
  });
});

describe('squarespaceCsv: a simple product', () => {
  it('writes one row with the product fields', () => {
    const rows = rowsOf([mug]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      'Product ID [Non Editable]': '',
      'Variant ID [Non Editable]': '',
      'Product Type [Non Editable]': 'PHYSICAL',
      'Product Page': 'shop',
      'Product URL': 'handmade-ceramic-mug',
      Title: 'Handmade Ceramic Mug',
      Description: '<p>A sturdy stoneware mug.<br>Dishwasher safe.</p>',
      SKU: '',
      'Option Name 1': '',
      'Option Value 1': '',
      'Option Name 2': '',
      'Option Value 2': '',
      'Option Name 3': '',
      'Option Value 3': '',
      Price: '12.50',
      'Sale Price': '0.00',
      'On Sale': 'No',
      Stock: 'Unlimited',
      Categories: 'Mugs',
      Tags: 'mug, gift',
      Weight: '0.0',
      Length: '0.0',
      Width: '0.0',
      Height: '0.0',
      Visible: 'Yes',
      'Hosted Image URLs': 'https://cdn.test/mug-1.jpg https://cdn.test/mug-2.jpg',
    });
  });

  it('fills at least the columns the fixture’s simple product fills', () => {
    const [fixtureSimple] = parseCsvObjects(readFixture(SQUARESPACE_FIXTURE));
    const ours = new Set(
      nonEmptyColumns(rowsOf([{ ...mug, variants: [{ options: [], sku: 'MUG' }] }])[0]!),
    );
    for (const column of nonEmptyColumns(fixtureSimple!)) expect(ours).toContain(column);
  });

  it('has no barcode column, so a product’s GTIN changes nothing', () => {
    expect(squarespaceCsv([{ ...mug, barcode: '0012345678905' }])).toBe(squarespaceCsv([mug]));
  });
});

describe('squarespaceCsv: variants', () => {
  const bar = product({
    title: 'bar',
    price: 50,
    images: ['https://cdn.test/bar.jpg'],
    variants: [
      { options: [{ name: 'Size', value: 'Small' }], sku: 'bar1' },
      { options: [{ name: 'Size', value: 'Medium' }], sku: 'bar2', price: 55 },
      { options: [{ name: 'Size', value: 'Large' }], sku: 'bar3' },
    ],
  });
  const rows = rowsOf([bar, product({ title: 'After' })]);

  it('writes one row per variant with options, SKU, price and stock', () => {
    expect(rows).toHaveLength(4);
    expect(
      rows
        .slice(0, 3)
        .map((row) => [row.SKU, row['Option Name 1'], row['Option Value 1'], row.Price, row.Stock]),
    ).toEqual([
      ['bar1', 'Size', 'Small', '50.00', 'Unlimited'],
      ['bar2', 'Size', 'Medium', '55.00', 'Unlimited'],
      ['bar3', 'Size', 'Large', '50.00', 'Unlimited'],
    ]);
    expect(rows[3]).toMatchObject({ Title: 'After', 'Product URL': 'after' });
  });

  it('leaves the product columns empty on later variant rows, like the fixture', () => {
    const fixtureRows = parseCsvObjects(readFixture(SQUARESPACE_FIXTURE));
    expect(nonEmptyColumns(rows[1]!)).toEqual(nonEmptyColumns(fixtureRows[2]!));
    // The first row fills what the fixture's first variant row fills, plus our description.
    expect(nonEmptyColumns(rows[0]!)).toEqual(
      SQUARESPACE_CSV_HEADERS.filter(
        (column) => column === 'Description' || fixtureRows[1]![column] !== '',
      ),
    );
    for (const row of rows.slice(1, 3)) {
      expect(row).toMatchObject({
        'Product Type [Non Editable]': '',
        'Product Page': '',
        'Product URL': '',
        Title: '',
        Description: '',
        Visible: '',
        'Hosted Image URLs': '',
      });
    }
  });
});

describe('squarespaceCsv: values', () => {
  it.each(['Mug "The Classic", 12 oz', 'Two\r\nlines', 'Café Crème — 日本 🎉'])(
    'round-trips the title %j',
    (title) => {
      expect(rowsOf([product({ title })])[0]?.Title).toBe(title);
    },
  );

  it('guards a title starting with "="', () => {
    const [row] = rowsOf([product({ title: '=1+2' })]);
    expect(row?.Title).toBe("'=1+2");
    expect(row?.['Product URL']).toBe('1-2');
  });

  it('writes prices with two decimals only when valid', () => {
    const rows = rowsOf([
      product({ title: 'a', price: 12.5 }),
      product({ title: 'b', price: 0 }),
      product({ title: 'c', price: null }),
      product({ title: 'd', price: Number.NaN }),
    ]);
    expect(rows.map((row) => row.Price)).toEqual(['12.50', '0.00', '', '']);
  });

  it('de-duplicates product URLs within one export', () => {
    const rows = rowsOf([
      product({ title: 'Vase' }),
      product({ title: 'Vase' }),
      product({ title: 'vase 2' }),
    ]);
    expect(rows.map((row) => row['Product URL'])).toEqual(['vase', 'vase-2', 'vase-2-2']);
  });

  it('keeps commas out of the category', () => {
    const [row] = rowsOf([
      product({
        category: {
          fullName: 'Animals & Pet Supplies > Pet Supplies > Pet Bowls, Feeders & Waterers',
        },
      }),
    ]);
    expect(row?.Categories).toBe('Pet Bowls Feeders & Waterers');
  });
});
