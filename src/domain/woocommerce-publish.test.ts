import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS } from './channels';
import {
  categoryPath,
  normalizeStoreUrl,
  unescapeHtml,
  variationKey,
  wooProductInput,
  wooTagNames,
  wooVariations,
} from './woocommerce-publish';

describe('normalizeStoreUrl', () => {
  it('keeps https, the folder WordPress lives in, and drops the rest', () => {
    expect(normalizeStoreUrl('Shop.Example.com')).toBe('https://shop.example.com');
    expect(normalizeStoreUrl(' https://example.com/shop/?x=1#y ')).toBe('https://example.com/shop');
    expect(normalizeStoreUrl('https://shop.example.com:8443/')).toBe(
      'https://shop.example.com:8443',
    );
  });

  it('refuses http unless allowed for the host, credentials, other schemes and bare names', () => {
    expect(normalizeStoreUrl('http://shop.example.com')).toBeNull();
    expect(normalizeStoreUrl('http://127.0.0.1:8080/wp', (host) => host === '127.0.0.1')).toBe(
      'http://127.0.0.1:8080/wp',
    );
    expect(normalizeStoreUrl('https://user:pass@shop.example.com')).toBeNull();
    expect(normalizeStoreUrl('ftp://shop.example.com')).toBeNull();
    expect(normalizeStoreUrl('intranet')).toBeNull();
    expect(normalizeStoreUrl('')).toBeNull();
  });
});

describe('the product as WooCommerce takes it', () => {
  const product = {
    title: ' Canvas Tote ',
    description: 'Sturdy.\n\nWashable & strong.',
    price: 20,
    images: ['https://app.example/api/images/a/display.jpg'],
    seoDescription: 'A sturdy canvas tote.',
    category: { fullName: 'Luggage & Bags > Tote Bags' },
    barcode: '4006381333931',
  };

  it('a simple product: regular price, GTIN, tags by id, no attributes', () => {
    const input = wooProductInput(product, {
      sku: 'p-1',
      status: 'active',
      categoryIds: [7],
      tagIds: [11, 12],
    });
    expect(input).toEqual({
      name: 'Canvas Tote',
      type: 'simple',
      status: 'publish',
      sku: 'p-1',
      description: '<p>Sturdy.</p><p>Washable &amp; strong.</p>',
      short_description: '<p>A sturdy canvas tote.</p>',
      regular_price: '20.00',
      global_unique_id: '4006381333931',
      categories: [{ id: 7 }],
      tags: [{ id: 11 }, { id: 12 }],
      attributes: [],
    });
    expect(wooVariations(product)).toEqual([]);
  });

  it('a variable product: attributes for variations, one variation per row', () => {
    const variable = {
      ...product,
      variants: [
        { options: [{ name: 'Color', value: 'Olive' }], price: 22, sku: 'T-O' },
        { options: [{ name: 'Color', value: 'Sand' }], price: null },
      ],
    };
    const input = wooProductInput(variable, {
      sku: 'p-2',
      status: 'draft',
      categoryIds: [],
      tagIds: [],
    });
    expect(input).toMatchObject({
      type: 'variable',
      status: 'draft',
      // Sent even when empty: a re-publish replaces the store's list, clearing removed tags.
      tags: [],
      attributes: [
        { name: 'Color', position: 0, visible: true, variation: true, options: ['Olive', 'Sand'] },
      ],
    });
    expect(input).not.toHaveProperty('regular_price');
    expect(wooVariations(variable)).toEqual([
      { regular_price: '22.00', sku: 'T-O', attributes: [{ name: 'Color', option: 'Olive' }] },
      { regular_price: '20.00', attributes: [{ name: 'Color', option: 'Sand' }] },
    ]);
  });

  it('tag names: each once ignoring case, commas split, cut to a term name, capped', () => {
    expect(
      wooTagNames({ ...product, tags: [' Tote ', 'tote', 'canvas, Bags', '', 'TOTE'] }),
    ).toEqual(['Tote', 'canvas', 'Bags']);
    expect(wooTagNames(product)).toEqual([]);
    const long = wooTagNames({ ...product, tags: [`${'a'.repeat(150)} ${'b'.repeat(100)}`] });
    expect(long).toEqual([`${'a'.repeat(150)}…`]);
    const many = Array.from({ length: 20 }, (_, i) => `tag ${i}`);
    const { tagsMax } = CHANNEL_LIMITS.woocommerce;
    expect(wooTagNames({ ...product, tags: many })).toEqual(many.slice(0, tagsMax));
  });

  it('category paths, variation keys and escaped names', () => {
    expect(categoryPath({ fullName: 'A >  B > C ' })).toEqual(['A', 'B', 'C']);
    expect(categoryPath(null)).toEqual([]);
    expect(
      variationKey([
        { name: 'Size', option: 'M' },
        { name: 'Color', option: 'Red' },
      ]),
    ).toBe(
      variationKey([
        { name: 'color', option: 'red' },
        { name: 'size', option: 'm' },
      ]),
    );
    expect(unescapeHtml('Home &amp; Garden &gt; Mugs')).toBe('Home & Garden > Mugs');
  });
});
