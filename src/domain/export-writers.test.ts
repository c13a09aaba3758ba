import { describe, expect, it } from 'vitest';
import { shopifyCsv, shopifyCsvWriter } from './export-shopify';
import { squarespaceCsv, squarespaceCsvWriter } from './export-squarespace';
import type { ExportProduct } from './product';
import { parseCsvObjects } from './test-support/parse-csv';

const products: ExportProduct[] = [
  {
    title: 'Ceramic Mug',
    description: 'Stoneware.\n\n"Dishwasher" safe, = glazed.',
    price: 12.5,
    images: ['https://cdn.test/mug-1.jpg', 'https://cdn.test/mug-2.jpg'],
    tags: ['mug'],
  },
  { title: 'Ceramic Mug', description: 'Another one', price: 9, images: [], storeStatus: 'draft' },
  // Never named: left out of both files, by the writers as by the whole-list exporters.
  { title: ' ', description: 'A guess', price: 5, images: ['https://cdn.test/guess.jpg'] },
  {
    title: 'Lamp',
    description: '',
    price: null,
    images: ['https://cdn.test/lamp.jpg'],
    storeStatus: 'archived',
    variants: [
      { options: [{ name: 'Colour', value: 'Red' }], price: 20 },
      { options: [{ name: 'Colour', value: 'Blue' }], price: 21 },
    ],
  },
];

function written(writer: { header: string; product: (p: ExportProduct) => string }) {
  return writer.header + products.map(writer.product).join('');
}

describe('CSV writers fed one product at a time', () => {
  it('Shopify: the same file as the whole-list exporter, unique handles included', () => {
    expect(written(shopifyCsvWriter({ vendor: 'Shop' }))).toBe(
      shopifyCsv(products, { vendor: 'Shop' }),
    );
    const rows = parseCsvObjects(written(shopifyCsvWriter()));
    expect(rows.filter((row) => row.Title).map((row) => [row.Handle, row.Status])).toEqual([
      ['ceramic-mug', 'active'],
      ['ceramic-mug-2', 'draft'],
      ['lamp', 'archived'],
    ]);
  });

  it('Squarespace: the same file; only active products are visible', () => {
    expect(written(squarespaceCsvWriter())).toBe(squarespaceCsv(products));
    const rows = parseCsvObjects(written(squarespaceCsvWriter()));
    expect(rows.filter((row) => row.Title).map((row) => [row['Product URL'], row.Visible])).toEqual(
      [
        ['ceramic-mug', 'Yes'],
        ['ceramic-mug-2', 'No'],
        ['lamp', 'No'],
      ],
    );
  });

  it('leaves a product without a name out of both files', () => {
    for (const file of [written(shopifyCsvWriter()), written(squarespaceCsvWriter())]) {
      expect(file).not.toContain('guess');
      expect(file).not.toContain('A guess');
    }
  });
});
