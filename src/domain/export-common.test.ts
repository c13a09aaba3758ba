import { describe, expect, it } from 'vitest';
import {
  descriptionToHtml,
  escapeHtml,
  exportFileName,
  exportImages,
  formatPrice,
  imageAltText,
  isValidPrice,
  normalizeTags,
  normalizeVariants,
  productTypeFromCategory,
  truncateText,
} from './export-common';
import type { ExportProduct } from './product';

const base: ExportProduct = { title: 'Mug', description: '', price: 12.5, images: [] };

describe('formatPrice', () => {
  it.each([
    [12.5, '12.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [25, '25.00'],
    [19.999, '20.00'],
    [1.005, '1.01'],
    [1.004, '1.00'],
    [0.1 + 0.2, '0.30'],
    [1e-7, '0.00'],
    [1234567.891, '1234567.89'],
  ])('%s → %j', (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });

  it.each([null, undefined, NaN, Infinity, -1, -0.01, '12.50', 1e20])(
    'writes nothing for an invalid price: %s',
    (price) => {
      expect(isValidPrice(price)).toBe(false);
      expect(formatPrice(price)).toBe('');
    },
  );
});

describe('descriptionToHtml', () => {
  it('wraps the description in a paragraph tag', () => {
    expect(descriptionToHtml('A sturdy mug.')).toBe('<p>A sturdy mug.</p>');
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<b>&"'`)).toBe('&lt;b&gt;&amp;&quot;&#39;');
    expect(descriptionToHtml('<script>alert(1)</script> & more')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>',
    );
  });

  it('turns blank lines into paragraphs and single line breaks into <br>', () => {
    expect(descriptionToHtml('First line\nsecond line\r\n\r\nNew paragraph\n \n\n\nThird')).toBe(
      '<p>First line<br>second line</p><p>New paragraph</p><p>Third</p>',
    );
  });

  it('gives an empty string for an empty description', () => {
    expect(descriptionToHtml('')).toBe('');
    expect(descriptionToHtml(' \n\n ')).toBe('');
  });
});

describe('truncateText', () => {
  it('keeps short text (whitespace collapsed)', () => {
    expect(truncateText('  Hello\n world ', 70)).toBe('Hello world');
  });

  it('cuts at a word boundary and ends with an ellipsis within the limit', () => {
    const text = 'The quick brown fox jumps over the lazy dog, again and again and again';
    const cut = truncateText(text, 30);
    expect(cut).toBe('The quick brown fox jumps…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(30);
  });

  it('cuts inside a long word when there is no late boundary', () => {
    expect(truncateText('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcdefghi…');
  });

  it('never splits an emoji', () => {
    const cut = truncateText('🎉'.repeat(20), 5);
    expect(cut).toBe('🎉🎉🎉🎉…');
  });
});

describe('normalizeTags', () => {
  it('trims, splits commas, drops empties and case-insensitive duplicates', () => {
    expect(normalizeTags([' mug ', 'Kitchen, Gift', '', 'MUG', 'gift'])).toEqual([
      'mug',
      'Kitchen',
      'Gift',
    ]);
    expect(normalizeTags(undefined)).toEqual([]);
  });
});

describe('productTypeFromCategory', () => {
  it('uses the last segment of the taxonomy path', () => {
    expect(
      productTypeFromCategory({
        fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs',
      }),
    ).toBe('Mugs');
    expect(productTypeFromCategory({ fullName: 'Apparel & Accessories' })).toBe(
      'Apparel & Accessories',
    );
    expect(productTypeFromCategory(null)).toBe('');
    expect(productTypeFromCategory(undefined)).toBe('');
    expect(productTypeFromCategory({ fullName: '  ' })).toBe('');
  });
});

describe('exportImages', () => {
  it('trims, drops empties and duplicates, encodes spaces', () => {
    expect(
      exportImages([' https://x.test/a.jpg', '', 'https://x.test/a.jpg', 'https://x.test/b c.jpg']),
    ).toEqual(['https://x.test/a.jpg', 'https://x.test/b%20c.jpg']);
  });
});

describe('imageAltText', () => {
  it('uses the alt text or falls back to the title', () => {
    expect(imageAltText({ ...base, imageAltText: 'A white mug' })).toBe('A white mug');
    expect(imageAltText(base)).toBe('Mug');
  });
});

describe('normalizeVariants', () => {
  it('gives one default variant at the product price when there are no variants', () => {
    expect(normalizeVariants(base)).toEqual({
      optionNames: [],
      variants: [{ values: [], price: 12.5, sku: '', barcode: '' }],
    });
    expect(
      normalizeVariants({ ...base, variants: [{ options: [], sku: 'M-1', price: 9 }] }),
    ).toEqual({ optionNames: [], variants: [{ values: [], price: 9, sku: 'M-1', barcode: '' }] });
  });

  it('aligns values to option names, inherits prices, drops duplicates and empty options', () => {
    const result = normalizeVariants({
      ...base,
      variants: [
        {
          options: [
            { name: 'Size', value: 'S' },
            { name: 'Color', value: 'Red' },
          ],
          price: 10,
        },
        {
          options: [
            { name: 'color', value: 'Blue' },
            { name: 'size', value: 'M' },
          ],
        },
        {
          options: [
            { name: 'Size', value: 's' },
            { name: 'Color', value: 'red' },
          ],
        },
        { options: [{ name: 'Size', value: ' ' }] },
        { options: [{ name: 'Size', value: 'L' }], price: null, sku: ' L-1 ' },
      ],
    });
    expect(result).toEqual({
      optionNames: ['Size', 'Color'],
      variants: [
        { values: ['S', 'Red'], price: 10, sku: '', barcode: '' },
        { values: ['M', 'Blue'], price: 12.5, sku: '', barcode: '' },
        { values: ['L', ''], price: 12.5, sku: 'L-1', barcode: '' },
      ],
    });
  });

  it('keeps at most three option names', () => {
    const result = normalizeVariants({
      ...base,
      variants: [
        {
          options: ['A', 'B', 'C', 'D'].map((name) => ({ name, value: name.toLowerCase() })),
        },
      ],
    });
    expect(result.optionNames).toEqual(['A', 'B', 'C']);
    expect(result.variants[0]?.values).toEqual(['a', 'b', 'c']);
  });
});

describe('exportFileName', () => {
  it('names the file for the platform', () => {
    expect(exportFileName('shopify')).toBe('shopify-products.csv');
    expect(exportFileName('squarespace')).toBe('squarespace-products.csv');
  });
});
