import { describe, expect, it } from 'vitest';
import { shopifyCsv } from './export-shopify';
import { exportSourceOf, sourceVariantId, type ExportSource } from './export-source';
import { squarespaceCsv } from './export-squarespace';
import { woocommerceCsv } from './export-woocommerce';
import type { ExportProduct } from './product';
import { parseCsvObjects } from './test-support/parse-csv';

function mug(source?: ExportSource | null, extra: Partial<ExportProduct> = {}): ExportProduct {
  return {
    title: 'Ceramic Mug',
    description: 'Stoneware.',
    price: 12.5,
    images: [],
    ...(source === undefined ? {} : { source }),
    ...extra,
  };
}

const sized = {
  variants: [
    { options: [{ name: 'Size', value: 'Small' }], price: 10, sku: 'MUG-S' },
    { options: [{ name: 'Size', value: 'Large' }], price: 12, sku: 'MUG-L' },
  ],
};

describe('exportSourceOf: a stored source as the writers read it', () => {
  it('reads each format’s key and identity; a store read through its API has none', () => {
    expect(exportSourceOf('shopify', 'example-hat', '{"sku":"HAT"}')).toEqual({
      format: 'shopify',
      handle: 'example-hat',
      sku: 'HAT',
    });
    expect(exportSourceOf('woocommerce', 'id:44', '{"sku":"tee","type":"variable"}')).toEqual({
      format: 'woocommerce',
      id: '44',
      sku: 'tee',
      type: 'variable',
    });
    expect(exportSourceOf('woocommerce', 'sku:tee', '{"sku":"tee","type":"simple"}')).toEqual({
      format: 'woocommerce',
      id: '',
      sku: 'tee',
      type: 'simple',
    });
    expect(exportSourceOf('squarespace', 'id:5f1', '{"url":"bar","variantIds":[]}')).toEqual({
      format: 'squarespace',
      productId: '5f1',
      url: 'bar',
      sku: '',
      variantIds: [],
    });
    expect(exportSourceOf('squarespace', 'url:foo', 'not json')).toMatchObject({
      productId: '',
      url: 'foo',
    });
    expect(exportSourceOf('shopify-store', 'shop.myshopify.com/gid://1', '{}')).toBeNull();
  });

  it('finds a variant’s ID by its option values, whatever their case', () => {
    const ids = [
      { values: ['Small', '', ''], id: 'v1' },
      { values: ['Large', '', ''], id: 'v2' },
    ];
    expect(sourceVariantId(ids, ['large'])).toBe('v2');
    expect(sourceVariantId(ids, ['Medium'])).toBe('');
    expect(sourceVariantId([{ values: ['', '', ''], id: 'only' }], [])).toBe('only');
  });
});

describe('Shopify: Handle', () => {
  it('keeps an imported handle, and no new product takes it', () => {
    const rows = parseCsvObjects(
      shopifyCsv([
        mug({ format: 'shopify', handle: 'old-mug', sku: 'OLD-1' }),
        mug(undefined, { title: 'Old Mug' }),
        mug(),
      ]),
    );
    expect(rows.filter((row) => row.Title).map((row) => row.Handle)).toEqual([
      'old-mug',
      'old-mug-2',
      'ceramic-mug',
    ]);
  });

  it('writes a single-variant product’s SKU as imported; variants keep their own', () => {
    const source: ExportSource = { format: 'shopify', handle: 'old-mug', sku: 'OLD-1' };
    const [single] = parseCsvObjects(shopifyCsv([mug(source)]));
    expect(single!['Variant SKU']).toBe('OLD-1');
    const rows = parseCsvObjects(shopifyCsv([mug(source, sized)]));
    expect(rows.map((row) => row['Variant SKU'])).toEqual(['MUG-S', 'MUG-L']);
  });

  it('gives a product from another store’s file a new handle', () => {
    const rows = parseCsvObjects(
      shopifyCsv([
        mug({ format: 'squarespace', productId: 'p1', url: 'x', sku: '', variantIds: [] }),
      ]),
    );
    expect(rows[0]!.Handle).toBe('ceramic-mug');
  });
});

describe('WooCommerce: ID, SKU and Type', () => {
  it('writes an imported simple product’s ID, SKU and Type as the file had them', () => {
    const source: ExportSource = {
      format: 'woocommerce',
      id: '46',
      sku: 'hoodie',
      type: 'simple, virtual',
    };
    const [row] = parseCsvObjects(woocommerceCsv([mug(source)]));
    expect([row!.ID, row!.SKU, row!.Type]).toEqual(['46', 'hoodie', 'simple, virtual']);
  });

  it('keeps a variable product variable, and never writes a slug as its SKU', () => {
    const source: ExportSource = { format: 'woocommerce', id: '44', sku: '', type: 'variable' };
    const [row] = parseCsvObjects(woocommerceCsv([mug(source)]));
    expect([row!.ID, row!.SKU, row!.Type]).toEqual(['44', '', 'variable']);
  });

  it('names the parent of new variations by its SKU, or by id: without one', () => {
    const bySku = parseCsvObjects(
      woocommerceCsv([
        mug({ format: 'woocommerce', id: '44', sku: 'tee', type: 'variable' }, sized),
      ]),
    );
    expect(bySku.map((row) => [row.ID, row.Type, row.SKU, row.Parent])).toEqual([
      ['44', 'variable', 'tee', ''],
      ['', 'variation', 'MUG-S', 'tee'],
      ['', 'variation', 'MUG-L', 'tee'],
    ]);
    const byId = parseCsvObjects(
      woocommerceCsv([mug({ format: 'woocommerce', id: '44', sku: '', type: 'variable' }, sized)]),
    );
    expect(byId.map((row) => row.Parent)).toEqual(['', 'id:44', 'id:44']);
  });

  it('a product matched by SKU alone has no ID; a new one keeps today’s slug SKU', () => {
    const rows = parseCsvObjects(
      woocommerceCsv([
        mug({ format: 'woocommerce', id: '', sku: 'ceramic-mug', type: 'simple' }),
        mug(),
      ]),
    );
    expect(rows.map((row) => [row.ID, row.SKU])).toEqual([
      ['', 'ceramic-mug'],
      ['', 'ceramic-mug-2'],
    ]);
  });
});

describe('Squarespace: Product ID, Variant IDs and Product URL', () => {
  it('writes the imported Product ID on the first row and each variant’s own Variant ID', () => {
    const source: ExportSource = {
      format: 'squarespace',
      productId: '5f1',
      url: 'old-mug',
      sku: '',
      variantIds: [
        { values: ['Small', '', ''], id: 'v-small' },
        { values: ['Large', '', ''], id: 'v-large' },
      ],
    };
    const rows = parseCsvObjects(squarespaceCsv([mug(source, sized), mug()]));
    expect(
      rows.map((row) => [
        row['Product ID [Non Editable]'],
        row['Variant ID [Non Editable]'],
        row['Product URL'],
      ]),
    ).toEqual([
      ['5f1', 'v-small', 'old-mug'],
      ['', 'v-large', ''],
      ['', '', 'ceramic-mug'],
    ]);
  });

  it('a variant the store does not have yet gets no Variant ID', () => {
    const source: ExportSource = {
      format: 'squarespace',
      productId: '5f1',
      url: 'mug',
      sku: '',
      variantIds: [{ values: ['Small', '', ''], id: 'v-small' }],
    };
    const rows = parseCsvObjects(squarespaceCsv([mug(source, sized)]));
    expect(rows.map((row) => row['Variant ID [Non Editable]'])).toEqual(['v-small', '']);
  });
});
