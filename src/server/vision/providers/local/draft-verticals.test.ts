// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import { PURPOSES, VERTICALS, purposeOf, verticalOf } from './draft-verticals.js';

const taxonomy = loadTaxonomy();

describe('verticals and purposes', () => {
  it('names only real taxonomy branches', () => {
    const paths = new Set(taxonomy.categories.map((category) => category.fullName));
    for (const [prefix] of [...VERTICALS, ...PURPOSES]) expect(paths, prefix).toContain(prefix);
  });

  it('takes the longest matching branch, and only whole path segments', () => {
    expect(verticalOf('Apparel & Accessories > Shoes > Athletic Shoes')).toBe('footwear');
    expect(verticalOf('Apparel & Accessories > Jewelry > Watches')).toBe('jewellery');
    expect(verticalOf('Apparel & Accessories > Clothing > Dresses')).toBe('apparel');
    expect(verticalOf('Uncategorized')).toBe('general');
    expect(
      purposeOf(
        'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots > Teapots',
      ),
    ).toBe('for brewing and serving tea');
    expect(purposeOf('Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs')).toBe(
      'for hot drinks',
    );
    expect(purposeOf('Furniture > Chairs > Office Chairs')).toBe('for seating');
    expect(purposeOf('Furniture > Chairsides')).toBe('to furnish your home');
    expect(purposeOf('Hardware > Tools > Lighters & Matches')).toBeNull();
  });

  it('gives every taxonomy category a vertical', () => {
    const verticals = new Set(taxonomy.categories.map((category) => verticalOf(category.fullName)));
    expect(verticals.size).toBe(16);
  });
});
