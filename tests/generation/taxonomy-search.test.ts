import { describe, expect, it } from 'vitest';
import { buildTaxonomy, loadTaxonomy } from '#server/vision/taxonomy.js';
import { searchTaxonomy, searchTaxonomyForKind } from '#server/vision/taxonomy-search.js';

/** A small taxonomy whose order of entries says nothing about the expected ranking. */
const small = buildTaxonomy('test', [
  ['aa', 'Apparel & Accessories'],
  ['aa-1', 'Jewelry'],
  ['aa-1-1', 'Watch Accessories'],
  ['aa-1-1-1', 'Watch Bands'],
  ['aa-1-2', 'Smart Watches'],
  ['aa-1-3', 'Watches'],
  ['aa-1-4', 'Rings'],
  ['hg', 'Home & Garden'],
  ['hg-1', 'Décor & Crème'],
  ['hg-1-1', 'Water Spray Bottles'],
  ['hg-1-2', 'Water Bottles'],
  ['hg-1-3', 'Bottles'],
  ['sg', 'Sporting Goods'],
  ['sg-1', 'Stopwatches'],
  ['sg-2', 'Watchtower Models'],
  ['na', 'Uncategorized'],
]);

function names(query: string, limit?: number): string[] {
  return searchTaxonomy(small.categories, query, limit).map((category) => category.name);
}

describe('searchTaxonomy', () => {
  it('ranks the name equal to the query first, then whole words, prefixes, inside a word', () => {
    expect(names('watch')).toEqual([
      'Watches',
      // Same level and depth: names that begin with the word first.
      'Watch Accessories',
      'Smart Watches',
      'Watch Bands',
      'Watchtower Models',
      'Stopwatches',
    ]);
  });

  it('ranks a match in the own name above a match only in the ancestors', () => {
    // "Jewelry" itself first; its children only match through it.
    expect(names('jewelry')).toEqual([
      'Jewelry',
      'Rings',
      'Smart Watches',
      'Watch Accessories',
      'Watches',
      'Watch Bands',
    ]);
  });

  it('needs every query word somewhere in the full path', () => {
    expect(names('water bottle')).toEqual(['Water Bottles', 'Water Spray Bottles']);
    expect(names('garden bottle')).toEqual(['Bottles', 'Water Bottles', 'Water Spray Bottles']);
    expect(names('jewelry bottle')).toEqual([]);
  });

  it('ignores case, accents, "&" vs "and", plurals and word order', () => {
    expect(names('CREME and DECOR')).toEqual(['Décor & Crème', ...names('bottle')]);
    expect(names('Bottles Water')[0]).toBe('Water Bottles');
    expect(names('watches')[0]).toBe('Watches');
  });

  it('meets irregular plurals: a knife is among the Knives, a shelf among the Shelves', () => {
    const shipped = (query: string) =>
      searchTaxonomy(loadTaxonomy().categories, query, 4).map((category) => category.name);
    expect(shipped('knife')).toEqual(expect.arrayContaining(['Tool Knives']));
    expect(shipped('shelf')[0]).toBe('Shelves');
    expect(shipped('lens')[0]).toBe('Lenses');
    expect(shipped('tomato')[0]).toBe('Tomatoes');
  });

  it('finds words typed in part', () => {
    expect(names('wat')).toContain('Watches');
    expect(names('wat').indexOf('Water Bottles')).toBeGreaterThan(-1);
  });

  it('never answers Uncategorized, nor anything for a blank query', () => {
    expect(names('uncategorized')).toEqual([]);
    expect(names('  ')).toEqual([]);
    expect(names('& and of')).toEqual([]);
  });

  it('answers at most `limit` categories', () => {
    expect(names('wat', 3)).toHaveLength(3);
    expect(searchTaxonomy(loadTaxonomy().categories, 'accessories')).toHaveLength(20);
  });

  // Its speed is a benchmark's business (timed assertions fail on a loaded CI machine).
  it('finds real categories in the shipped taxonomy', () => {
    const { categories } = loadTaxonomy();
    const watch = searchTaxonomy(categories, 'watch');
    const bottle = searchTaxonomy(categories, 'water bottle');
    expect(watch[0]?.fullName).toBe('Apparel & Accessories > Jewelry > Watches');
    expect(bottle[0]?.fullName).toBe(
      'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
    );
  });
});

describe('searchTaxonomyForKind', () => {
  const kinds = (words: string) =>
    searchTaxonomyForKind(small.categories, words, 3).map((category) => category.name);

  it('takes all the words when a category has them all', () => {
    expect(kinds('water bottle')).toEqual(['Water Bottles', 'Water Spray Bottles']);
  });

  it('falls back to the head noun, then to the end of a compound head word', () => {
    expect(kinds('gold ring')).toEqual(['Rings']);
    expect(kinds('gold wristwatch')[0]).toBe('Watches');
    expect(kinds('shiny wristwatches')[0]).toBe('Watches');
  });

  it('never searches a leading word alone, and finds nothing for words it does not know', () => {
    // 'gold' alone would be no kind of product; 'zzqx' matches nothing.
    expect(kinds('jewelry zzqx')).toEqual([]);
    expect(kinds('zzqx')).toEqual([]);
  });
});
