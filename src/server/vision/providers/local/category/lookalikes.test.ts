// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import type { SellerCategoryExample } from '#server/vision/providers/vision-provider.js';
import { loadImagenetTaxonomy } from './imagenet-taxonomy.js';
import { findLookalikes } from './lookalikes.js';
import { rankCategories } from './rank-categories.js';

const taxonomy = loadTaxonomy();
const classMap = loadImagenetTaxonomy();
const TAPE_MEASURES = 'gid://shopify/TaxonomyCategory/ha-15-36-31';
const PLIERS = 'gid://shopify/TaxonomyCategory/ha-15-49';

/** A unit vector at `similarity` (cosine) from the first axis, in the model's 1000 dimensions. */
function alike(similarity: number, axis = 1): number[] {
  const vector = new Array<number>(1000).fill(0);
  vector[0] = similarity;
  vector[axis] = Math.sqrt(1 - similarity * similarity);
  return vector;
}
const photo = alike(1);
const example = (title: string, categoryId: string, similarity: number, axis = 1) =>
  ({ title, categoryId, appearance: alike(similarity, axis) }) satisfies SellerCategoryExample;

describe("the seller's lookalike products", () => {
  it('finds the closest confirmed products, at most two, by how alike the photos are', () => {
    const found = findLookalikes(
      photo,
      [
        example('Steel tape measure', TAPE_MEASURES, 0.9),
        example('Old pliers', PLIERS, 0.84, 2),
        example('Long tape', TAPE_MEASURES, 0.95, 3),
        example('Something else', PLIERS, 0.6, 4),
      ],
      taxonomy,
    );
    expect(found.map(({ title, categoryId }) => [title, categoryId])).toEqual([
      ['Long tape', 'ha-15-36-31'],
      ['Steel tape measure', 'ha-15-36-31'],
    ]);
    expect(found[0]!.similarity).toBeCloseTo(0.95, 6);
    // The more alike, the stronger, up to a label keyword's weight.
    expect(found[0]!.score).toBe(0.9);
    expect(found[1]!.score).toBeLessThan(found[0]!.score);
  });

  it('ignores products too little alike, unknown categories, and photos without appearance', () => {
    expect(findLookalikes(photo, [example('Pliers', PLIERS, 0.78)], taxonomy)).toEqual([]);
    expect(
      findLookalikes(
        photo,
        [example('Gone', 'gid://shopify/TaxonomyCategory/zz-9', 0.99)],
        taxonomy,
      ),
    ).toEqual([]);
    expect(findLookalikes(undefined, [example('Pliers', PLIERS, 0.99)], taxonomy)).toEqual([]);
    const broken = {
      title: 'Broken',
      categoryId: PLIERS,
      appearance: alike(0.99).fill(Number.NaN),
    };
    expect(findLookalikes(photo, [broken], taxonomy)).toEqual([]);
    expect(
      findLookalikes(photo, [{ title: 'Short', categoryId: PLIERS, appearance: [1, 0] }], taxonomy),
    ).toEqual([]);
  });

  it('files a photo the classifier cannot name under the category of the product it looks like', () => {
    // 'pencil sharpener' is what MobileNet sees in a tape measure; the seller filed one already.
    const classes = [{ index: 710, label: 'pencil sharpener', score: 0.42 }];
    const lookalikes = findLookalikes(
      photo,
      [example('Steel tape measure', TAPE_MEASURES, 0.9)],
      taxonomy,
    );
    const without = rankCategories({ classes, labels: [], classMap, taxonomy });
    expect(without.chosen.category.name).toBe('Pencil Sharpeners');
    const { chosen, alternatives } = rankCategories({
      classes,
      labels: [],
      lookalikes,
      classMap,
      taxonomy,
    });
    expect(chosen.category.name).toBe('Tape Measures');
    expect(chosen.noun).toBe('tape measure');
    expect(chosen.lookalikes.map((match) => match.title)).toEqual(['Steel tape measure']);
    expect(alternatives.map((a) => a.category.name)).toContain('Pencil Sharpeners');
  });
});
