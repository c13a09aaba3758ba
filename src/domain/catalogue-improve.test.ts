import { describe, expect, it } from 'vitest';
import {
  changesProduct,
  fieldsToSuggest,
  improveOutcomeMessage,
  remainingSuggestions,
  suggestionDecisionRequestSchema,
  type ImprovableProduct,
} from './catalogue-improve';

const product: ImprovableProduct = {
  description: 'A mug.',
  seoTitle: '',
  seoDescription: ' ',
  altText: '',
  tags: ['mug'],
  category: null,
  confirmedAttributes: [],
};

describe('Improve’s rules', () => {
  it('fill-empty asks only for the empty fields; rewrite for every field picked', () => {
    expect(
      fieldsToSuggest(product, ['description', 'seo', 'tags', 'category'], 'fill-empty'),
    ).toEqual(['seoTitle', 'seoDescription', 'category']);
    expect(fieldsToSuggest(product, ['description', 'tags'], 'rewrite')).toEqual([
      'description',
      'tags',
    ]);
  });

  it('a suggestion equal to what the product has is no change', () => {
    expect(changesProduct(product, { field: 'description', value: ' A mug. ' })).toBe(false);
    expect(changesProduct(product, { field: 'tags', value: ['MUG'] })).toBe(false);
    expect(changesProduct(product, { field: 'tags', value: ['mug', 'cup'] })).toBe(true);
  });

  it('a decision names a field once, and at least one', () => {
    expect(suggestionDecisionRequestSchema.safeParse({}).success).toBe(false);
    expect(
      suggestionDecisionRequestSchema.safeParse({ accept: ['tags'], reject: ['tags'] }).success,
    ).toBe(false);
    expect(suggestionDecisionRequestSchema.parse({ accept: ['tags'] })).toEqual({
      accept: ['tags'],
      reject: [],
    });
  });

  it('decided fields leave the list; the report says what was charged', () => {
    expect(
      remainingSuggestions(
        [
          { field: 'tags', value: ['a'] },
          { field: 'altText', value: 'b' },
        ],
        ['tags'],
      ),
    ).toEqual([{ field: 'altText', value: 'b' }]);
    expect(improveOutcomeMessage(['seoTitle', 'tags'], true)).toBe(
      '1 credit · suggested: SEO title, Tags.',
    );
  });
});
