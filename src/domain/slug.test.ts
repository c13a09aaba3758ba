import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, MAX_SLUG_LENGTH, slugify, uniqueSlugs } from './slug';

describe('slugify', () => {
  it.each([
    ['Handmade Ceramic Mug', 'handmade-ceramic-mug'],
    ['  --Hello,   World!--  ', 'hello-world'],
    ['Lithograph - Height: 9" x Width: 12"', 'lithograph-height-9-x-width-12'],
    ["Women's T-Shirt (XL)", 'women-s-t-shirt-xl'],
    ['snake_case_title', 'snake-case-title'],
    ['Café Crème', 'cafe-creme'],
    ['Über Straße Ærø Łódź', 'uber-strasse-aero-lodz'],
    ['Ｆｕｌｌｗｉｄｔｈ ﬁne', 'fullwidth-fine'],
    ['Mug ☕ 2024 🎉', 'mug-2024'],
    ['100% Cotton', '100-cotton'],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('is never empty', () => {
    expect(slugify('')).toBe(FALLBACK_SLUG);
    expect(slugify('!!! ---')).toBe(FALLBACK_SLUG);
    expect(slugify('日本のマグカップ')).toBe(FALLBACK_SLUG);
    expect(FALLBACK_SLUG).toBe('product');
  });

  it('only ever contains a-z, 0-9 and inner single hyphens', () => {
    for (const title of ['A — B', 'x\ny\tz', '"quoted"', 'émoji 🎉 end', '=cmd|x']) {
      expect(slugify(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('is limited to MAX_SLUG_LENGTH without a trailing hyphen', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^word(-word)+$/);
  });
});

describe('uniqueSlugs', () => {
  it('suffixes repeats with -2, -3 in order', () => {
    expect(uniqueSlugs(['Mug', 'mug', 'MUG!', 'Plate'])).toEqual([
      'mug',
      'mug-2',
      'mug-3',
      'plate',
    ]);
  });

  it('skips suffixes that another title already produced', () => {
    expect(uniqueSlugs(['Mug', 'Mug 2', 'Mug'])).toEqual(['mug', 'mug-2', 'mug-3']);
    expect(uniqueSlugs(['Mug 2', 'Mug', 'Mug'])).toEqual(['mug-2', 'mug', 'mug-3']);
    expect(uniqueSlugs(['', '???'])).toEqual(['product', 'product-2']);
  });

  it('keeps suffixed slugs within the length limit', () => {
    const long = 'a'.repeat(300);
    const [first, second] = uniqueSlugs([long, long]);
    expect(first).toHaveLength(MAX_SLUG_LENGTH);
    expect(second).toHaveLength(MAX_SLUG_LENGTH);
    expect(second!.endsWith('-2')).toBe(true);
  });
});
