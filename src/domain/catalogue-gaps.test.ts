import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_GAPS,
  GAP_LABELS,
  isTitleInCapitals,
  productGaps,
  SHORT_DESCRIPTION_WORDS,
  type GapSubject,
} from './catalogue-gaps';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

const complete: GapSubject = {
  title: 'Stoneware mug',
  description: words(SHORT_DESCRIPTION_WORDS),
  seoTitle: 'Stoneware mug',
  seoDescription: 'A handmade mug.',
  altText: 'A blue mug on a table',
  category: { id: 'gid://shopify/TaxonomyCategory/hg-11', fullName: 'Mugs' },
  tags: ['mug'],
};

describe('catalogue gaps', () => {
  it('finds nothing on a complete listing', () => {
    expect(productGaps(complete, false)).toEqual([]);
  });

  it('finds every gap of an empty listing, in order', () => {
    const empty = {
      title: 'OLD STOCK MUG',
      description: ' \n\u00a0',
      seoTitle: '',
      seoDescription: '',
      altText: '  ',
      category: null,
      tags: [],
    };
    expect(productGaps(empty, true)).toEqual(
      CATALOGUE_GAPS.filter((g) => g !== 'short-description'),
    );
  });

  it(`counts a description under ${SHORT_DESCRIPTION_WORDS} words as short, whatever separates them`, () => {
    const short = words(SHORT_DESCRIPTION_WORDS - 1).replaceAll(' ', ' \n\t\u00a0');
    expect(productGaps({ ...complete, description: short }, false)).toEqual(['short-description']);
    expect(productGaps({ ...complete, description: `  ${short}  ` }, false)).toEqual([
      'short-description',
    ]);
    const enough = `\n${words(SHORT_DESCRIPTION_WORDS).replaceAll(' ', '\u00a0\u00a0')}`;
    expect(productGaps({ ...complete, description: enough }, false)).toEqual([]);
  });

  it('needs both SEO fields', () => {
    expect(productGaps({ ...complete, seoTitle: '' }, false)).toEqual(['no-seo']);
    expect(productGaps({ ...complete, seoDescription: ' ' }, false)).toEqual(['no-seo']);
  });

  it('reads a title in capitals only when it has letters and none is lower case', () => {
    expect(isTitleInCapitals('VINTAGE LAMP 1970')).toBe(true);
    expect(isTitleInCapitals('ÉTÉ CAFÉ')).toBe(true);
    expect(isTitleInCapitals('USB-C lamp')).toBe(false);
    expect(isTitleInCapitals('1234')).toBe(false);
    expect(isTitleInCapitals('')).toBe(false);
  });

  it('takes the duplicate title from the caller', () => {
    expect(productGaps(complete, true)).toEqual(['duplicate-title']);
  });

  it('has a label for each gap', () => {
    expect(GAP_LABELS['short-description']).toBe('Short description (under 30 words)');
    expect(Object.keys(GAP_LABELS)).toEqual([...CATALOGUE_GAPS]);
  });
});
