import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TAXONOMY_CATEGORY_GID_PATTERN } from '#domain/listing-draft.js';
import { buildTaxonomy, loadTaxonomy } from '#server/vision/taxonomy.js';

const taxonomy = loadTaxonomy();

describe('shipped taxonomy', () => {
  it('holds the 2024-10 release: 10,365 categories under 25 verticals', () => {
    expect(taxonomy.version).toBe('2024-10');
    expect(taxonomy.categories).toHaveLength(10_365);
    expect(taxonomy.verticals).toHaveLength(25);
    expect(taxonomy.verticals).toContain('Home & Garden');
  });

  it('rebuilds the same full names as Shopify’s own categories.txt', () => {
    const official = new URL(
      '../../../shared/data/shopify-taxonomy/categories.txt',
      import.meta.url,
    );
    if (!existsSync(official)) return; // only checkable where the shared data is mounted
    const lines = readFileSync(official, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('gid:'));
    // Lines look like `gid://shopify/TaxonomyCategory/aa-1    : Apparel & Accessories > Clothing`.
    const expected = new Map(
      lines.map((line) => {
        const [, gid, fullName] = /^(\S+)\s+:\s+(.*)$/.exec(line)!;
        return [gid!, fullName!.trim()];
      }),
    );
    expect(expected.size).toBe(taxonomy.categories.length);
    for (const category of taxonomy.categories) {
      expect(category.fullName).toBe(expected.get(category.gid));
    }
  });

  it('uses GIDs the draft schema accepts', () => {
    for (const category of taxonomy.categories) {
      expect(category.gid).toMatch(TAXONOMY_CATEGORY_GID_PATTERN);
    }
  });

  it('ships the MIT licence next to the data', () => {
    const licence = new URL('../../src/server/vision/shopify-taxonomy/LICENSE', import.meta.url);
    expect(readFileSync(licence, 'utf8')).toMatch(
      /Copyright \(c\) Shopify[\s\S]*Permission is hereby granted/,
    );
  });
});

describe('taxonomy.match', () => {
  it.each([
    ['Apparel & Accessories > Clothing > Clothing Tops > T-Shirts', 'aa-1-13-8', 'exact'],
    ['apparel and accessories > clothing > clothing tops > t-shirts', 'aa-1-13-8', 'exact'],
    ['gid://shopify/TaxonomyCategory/hg-11-10-5-5', 'hg-11-10-5-5', 'id'],
    ['aa-2-6', 'aa-2-6', 'id'],
    // A path from a newer release: the last segment still finds the 2024-10 entry.
    ['Apparel & Accessories > Shirts & Tops > T-Shirts', 'aa-1-13-8', 'last-segment'],
    ['Mugs', 'hg-11-10-5-5', 'last-segment'],
    ['Backpacks', 'lb-1', 'last-segment'],
    ['Hoodie', 'aa-1-13-13', 'token-overlap'],
    ['Home & Garden > Kitchen > Coffee Mugs', 'hg-11-10-5-5', 'token-overlap'],
    ['aviator sunglasses', 'aa-2-27', 'token-overlap'],
    // Plurals the stem must undo: -ves, -oes, -ses.
    ['Kitchen Knife', 'hg-11-8-39', 'token-overlap'],
    ['Wall Shelf', 'fr-19-2', 'token-overlap'],
    ['Tomato', 'fb-2-10-8-51', 'token-overlap'],
    ['Camera Lens', 'co-1-2-1', 'token-overlap'],
  ])('%j → %s (%s)', (text, id, kind) => {
    const match = taxonomy.match(text);
    expect(match.category.id).toBe(id);
    expect(match.kind).toBe(kind);
  });

  it('picks the parent that fits among same-named categories', () => {
    // Five categories are called "T-Shirts"; the rest of the path decides which one.
    const maternity = taxonomy.match('Clothing > Maternity > T-Shirts');
    expect(maternity).toMatchObject({ kind: 'last-segment', category: { id: 'aa-1-7-8-8' } });
    const sportsFan = taxonomy.match('Sports Fan Accessories > T-Shirts');
    expect(sportsFan.category.id).toBe('ae-2-2-10-1-15');
    // Nothing else to go on: the most general one.
    expect(taxonomy.match('T-Shirts').category.id).toBe('aa-1-13-8');
  });

  it('scores exact above last segment above token overlap', () => {
    const exact = taxonomy.match('Luggage & Bags > Backpacks').score;
    const named = taxonomy.match('Bags > Backpacks').score;
    const fuzzy = taxonomy.match('hiking backpack').score;
    expect(exact).toBe(1);
    expect(named).toBeLessThan(exact);
    expect(fuzzy).toBeLessThan(named);
    expect(fuzzy).toBeGreaterThan(0);
  });

  it('falls back to Uncategorized with score 0', () => {
    expect(taxonomy.match('xyzzy plugh')).toMatchObject({
      kind: 'none',
      score: 0,
      category: { id: 'na', fullName: 'Uncategorized' },
    });
    expect(taxonomy.match('').category.id).toBe('na');
  });
});

describe('buildTaxonomy', () => {
  it('derives parents and full names from the ids', () => {
    const small = buildTaxonomy('test', [
      ['hg', 'Home & Garden'],
      ['hg-1', 'Kitchen'],
      ['hg-1-2', 'Mugs'],
    ]);
    expect(small.byId('hg-1-2')).toMatchObject({
      fullName: 'Home & Garden > Kitchen > Mugs',
      depth: 2,
      gid: 'gid://shopify/TaxonomyCategory/hg-1-2',
    });
  });

  it('refuses a child listed before its parent', () => {
    expect(() => buildTaxonomy('test', [['hg-1', 'Kitchen']])).toThrow(/before its parent/);
  });
});
