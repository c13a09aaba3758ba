import { describe, expect, it } from 'vitest';
import {
  answerToDraft,
  answerToFieldText,
  type DescribeAnswer,
} from '#server/vision/providers/model-answer.js';
import { buildTaxonomy } from '#server/vision/taxonomy.js';
import { extractJson } from '#server/vision/providers/openai-provider.js';
import { validDraftAnswer } from '../support/fake-openai.js';

const taxonomy = buildTaxonomy('test', [
  ['aa', 'Apparel & Accessories'],
  ['aa-1', 'Clothing'],
  ['aa-1-13', 'Clothing Tops'],
  ['aa-1-13-8', 'T-Shirts'],
  ['na', 'Uncategorized'],
]);

function answer(patch: Partial<DescribeAnswer> = {}): DescribeAnswer {
  return { ...validDraftAnswer(), ...patch };
}

function draftOf(value: DescribeAnswer) {
  const result = answerToDraft(value, taxonomy);
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

describe('answerToDraft', () => {
  it('fixes what it safely can: long titles, tag noise, quotes, markup, unknown attributes', () => {
    const draft = draftOf(
      answer({
        title: `"${'Soft '.repeat(80)}Tee"`,
        description: '<p>Soft tee.</p>\n\n\n<p>Crew neck.</p>',
        tags: ['#tee', 'Tee', ' black ', 'a, b', ...Array.from({ length: 20 }, (_, i) => `t${i}`)],
        attributes: {
          colors: ['Black', 'black', 'white'],
          material: 'unknown',
          brand: 'N/A',
          size: ' M ',
        },
        altText: '',
      }),
    );
    expect(draft.title.length).toBeLessThanOrEqual(255);
    expect(draft.title.startsWith('Soft Soft')).toBe(true);
    expect(draft.description).toBe('Soft tee.\n\nCrew neck.');
    expect(draft.tags.slice(0, 4)).toEqual(['tee', 'black', 'a', 'b']);
    expect(draft.tags).toHaveLength(13);
    expect(draft.attributes).toEqual({
      colors: ['Black', 'white'],
      material: null,
      brand: null,
      size: 'M',
    });
    expect(draft.altText).toBe(draft.title);
  });

  it('rounds to cents and widens the range to contain the suggestion', () => {
    const draft = draftOf(
      answer({
        price: { suggested: 19.999, low: 40, high: 25.004, currency: 'USD', basis: 'similar tees' },
      }),
    );
    expect(draft.price).toMatchObject({ suggested: 20, low: 20, high: 40 });
  });

  it('scales the model’s confidence by how well the category matched', () => {
    const exact = draftOf(answer());
    expect(exact.category).toMatchObject({
      id: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
      confidence: 0.9,
    });
    const unknown = draftOf(answer({ category: { fullName: 'Spaceships', confidence: 0.95 } }));
    expect(unknown.category).toEqual({
      id: 'gid://shopify/TaxonomyCategory/na',
      fullName: 'Uncategorized',
      confidence: 0,
    });
  });

  it('does not repair a negative price or an empty title', () => {
    const negative = answer({ price: { ...validDraftAnswer().price, suggested: -1, low: -1 } });
    expect(answerToDraft(negative, taxonomy).success).toBe(false);
    expect(answerToDraft(answer({ title: '  ' }), taxonomy).success).toBe(false);
  });
});

describe('answerToFieldText', () => {
  it('makes a title one line and a description plain paragraphs', () => {
    expect(answerToFieldText('title', '“Black\nTee”')).toMatchObject({ data: 'Black Tee' });
    expect(answerToFieldText('description', 'One.\n\n\n\nTwo <b>bold</b>.')).toMatchObject({
      data: 'One.\n\nTwo bold.',
    });
    expect(answerToFieldText('description', '<p></p>').success).toBe(false);
  });
});

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['```json\n{"a":1}\n```', { a: 1 }],
    ['```\n{"a":1}\n```', { a: 1 }],
    ['Sure! Here it is: {"a":1} Hope that helps.', { a: 1 }],
  ])('reads %j', (content, value) => {
    expect(extractJson(content)).toEqual(value);
  });

  it('throws when there is no JSON', () => {
    expect(() => extractJson('no json here')).toThrow(SyntaxError);
  });
});
