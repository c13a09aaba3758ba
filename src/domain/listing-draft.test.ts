import { describe, expect, it } from 'vitest';
import {
  LISTING_DRAFT_LIMITS,
  cleanTags,
  fitText,
  hasMarkup,
  listingDraftSchema,
  regenerateFieldSchema,
  toPlainParagraphs,
  type ListingDraft,
} from './listing-draft';

function validDraft(): ListingDraft {
  return {
    categoryAlternatives: [],
    barcode: null,
    suggestedKinds: [],
    evidence: {},
    title: 'Black Crew Neck Cotton T-Shirt',
    description: 'A plain black T-shirt with a crew neck.\n\nShort sleeves and a straight hem.',
    price: { suggested: 18, low: 12, high: 25, currency: 'USD', basis: 'comparable plain tees' },
    category: {
      id: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
      fullName: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
      confidence: 0.8,
    },
    tags: ['t-shirt', 'black', 'basics'],
    attributes: { colors: ['black'], material: null, brand: null, size: null },
    altText: 'Black short-sleeved T-shirt laid flat on a white background',
    seoTitle: 'Black Crew Neck Cotton T-Shirt',
    seoDescription: 'A plain black T-shirt with a crew neck. Short sleeves and a straight hem.',
    guidance: [],
  };
}

function issuesOf(value: unknown): string[] {
  const result = listingDraftSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('listingDraftSchema', () => {
  it('accepts a well-formed draft unchanged', () => {
    expect(listingDraftSchema.parse(validDraft())).toEqual(validDraft());
  });

  it('allows an empty title: an unnamed product has none, and guidance asks for a name', () => {
    const parsed = listingDraftSchema.parse({
      ...validDraft(),
      title: '   ',
      guidance: [{ kind: 'name-product', text: 'Say what this product is.' }],
    });
    expect(parsed.title).toBe('');
    expect(parsed.guidance).toEqual([{ kind: 'name-product', text: 'Say what this product is.' }]);
  });

  it('trims single-line fields', () => {
    const parsed = listingDraftSchema.parse({ ...validDraft(), title: '  Mug  ' });
    expect(parsed.title).toBe('Mug');
  });

  it.each([
    ['negative price', { price: { ...validDraft().price, suggested: -1, low: -2 } }, 'price'],
    ['suggested above high', { price: { ...validDraft().price, suggested: 30 } }, 'price'],
    ['other currency', { price: { ...validDraft().price, currency: 'EUR' } }, 'price'],
    ['long title', { title: 'x'.repeat(256) }, 'title'],
    ['multi-line title', { title: 'A\nB' }, 'title'],
    ['markup in title', { title: 'Mug <b>sale</b>' }, 'title'],
    ['markup in description', { description: '<p>Nice mug</p>' }, 'description'],
    ['triple newline in description', { description: 'One\n\n\nTwo' }, 'description'],
    ['14 tags', { tags: Array.from({ length: 14 }, (_, i) => `tag${i}`) }, 'tags'],
    ['duplicate tags', { tags: ['Mug', 'mug'] }, 'tags'],
    ['tag with comma', { tags: ['a,b'] }, 'tags'],
    ['short category id', { category: { ...validDraft().category, id: 'aa-1-13-8' } }, 'category'],
    ['confidence above 1', { category: { ...validDraft().category, confidence: 1.5 } }, 'category'],
    ['long alt text', { altText: 'a'.repeat(513) }, 'altText'],
    [
      'two guidance items of one kind',
      {
        guidance: [
          { kind: 'add-size', text: 'Add the size.' },
          { kind: 'add-size', text: 'Add the size again.' },
        ],
      },
      'guidance',
    ],
    [
      'unknown guidance kind',
      { guidance: [{ kind: 'add-price', text: 'Add a price.' }] },
      'guidance',
    ],
  ])('rejects %s', (_label, patch, field) => {
    const issues = issuesOf({ ...validDraft(), ...patch });
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((path) => path.startsWith(field))).toBe(true);
  });

  it('rejects missing attributes and unknown colours shape', () => {
    const { attributes: _omitted, ...withoutAttributes } = validDraft();
    expect(issuesOf(withoutAttributes)).toEqual(['attributes']);
    expect(
      issuesOf({ ...validDraft(), attributes: { ...validDraft().attributes, colors: 'red' } }),
    ).not.toEqual([]);
  });
});

describe('toPlainParagraphs', () => {
  it('turns HTML paragraphs and line breaks into plain text structure', () => {
    expect(toPlainParagraphs('<p>One <b>bold</b> line</p><p>Two<br/>Three</p>')).toBe(
      'One bold line\n\nTwo\nThree',
    );
  });

  it('normalises blank lines, CRLF and spaces', () => {
    expect(toPlainParagraphs('  A   b \r\n\r\n\r\n\n  C\t d \n\n')).toBe('A b\n\nC d');
  });

  it('keeps text that only looks like comparisons', () => {
    expect(toPlainParagraphs('Fits cups < 8 cm and > 5 cm <3')).toBe(
      'Fits cups < 8 cm and > 5 cm <3',
    );
  });

  it('removes markup revealed by a first pass and is idempotent', () => {
    const once = toPlainParagraphs('<<b>script>alert(1)<</b>/script> done <!-- note -->');
    expect(hasMarkup(once)).toBe(false);
    expect(toPlainParagraphs(once)).toBe(once);
  });
});

describe('cleanTags', () => {
  it('trims, drops hashes and empties, splits commas, dedupes ignoring case, keeps order', () => {
    expect(cleanTags([' #Mug ', 'mug', '', 'coffee, tea', '##Gift'])).toEqual([
      'Mug',
      'coffee',
      'tea',
      'Gift',
    ]);
  });

  it(`keeps at most ${LISTING_DRAFT_LIMITS.tagsMax}`, () => {
    const tags = cleanTags(Array.from({ length: 20 }, (_, i) => `tag ${i}`));
    expect(tags).toHaveLength(LISTING_DRAFT_LIMITS.tagsMax);
    expect(tags[0]).toBe('tag 0');
  });
});

describe('fitText', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(fitText('Short title', 20)).toBe('Short title');
    const cut = fitText('word '.repeat(100), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('counts UTF-16 units like zod does, so emoji never push it over', () => {
    expect(fitText('🎉'.repeat(20), 10).length).toBeLessThanOrEqual(10);
  });
});

describe('regenerateFieldSchema', () => {
  it('allows only title and description', () => {
    expect(regenerateFieldSchema.options).toEqual(['title', 'description']);
    expect(regenerateFieldSchema.safeParse('price').success).toBe(false);
  });
});
