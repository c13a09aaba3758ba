/**
 * The library audit (issue 25): what a product's listing lacks, each gap with an id the API and
 * the address use and a short label for the seller. The rules apply to every library product,
 * imported or drafted here: one rule for the whole library is simpler to read and to filter, and
 * a product Listsmith drafted rarely has a gap (when it has, the seller wants to know too).
 *
 * The library filters and counts gaps in SQL (library-repository.ts); the patterns below are
 * the ones those queries use, so the card's chips and the filter agree. 'Duplicate title' looks
 * at the whole library, so it is the caller's to say (the server answers it per page).
 */
import { z } from 'zod';

export const CATALOGUE_GAPS = [
  'no-description',
  'short-description',
  'no-seo',
  'no-alt-text',
  'no-category',
  'no-tags',
  'title-in-capitals',
  'duplicate-title',
] as const;
export type CatalogueGap = (typeof CATALOGUE_GAPS)[number];
export const catalogueGapSchema = z.enum(CATALOGUE_GAPS);

/**
 * Fewer words than this is a short description. 30 words is two or three sentences: enough to
 * say what the product is, its material and size and who it is for; below that a store page
 * looks empty and search engines treat it as thin content. Higher would flag terse but complete
 * listings (a print: size, paper, framing) that need no more.
 */
export const SHORT_DESCRIPTION_WORDS = 30;

export const GAP_LABELS: Record<CatalogueGap, string> = {
  'no-description': 'No description',
  'short-description': `Short description (under ${SHORT_DESCRIPTION_WORDS} words)`,
  'no-seo': 'No SEO title or description',
  'no-alt-text': 'Images without alt text',
  'no-category': 'No category',
  'no-tags': 'No tags',
  'title-in-capitals': 'Title in capitals',
  'duplicate-title': 'Duplicate title',
};

/** How an empty filter reads: 'No products with no description'. */
export const GAP_PHRASES: Record<CatalogueGap, string> = {
  'no-description': 'no description',
  'short-description': 'a short description',
  'no-seo': 'no SEO title or description',
  'no-alt-text': 'images without alt text',
  'no-category': 'no category',
  'no-tags': 'no tags',
  'title-in-capitals': 'a title in capitals',
  'duplicate-title': 'a duplicate title',
};

/** How many library products have each gap. */
export const gapCountsSchema = z.record(catalogueGapSchema, z.number().int().nonnegative());
export type GapCounts = z.infer<typeof gapCountsSchema>;

/**
 * What separates words: the white space both databases' regular expressions and JavaScript read
 * alike (literal characters, no escapes), with the no-break space HTML descriptions are full of.
 */
const SPACE = ' \t\n\r\f\v\u00a0';

/** Matches text with at least one visible character: blank text does not match. */
export const HAS_TEXT_PATTERN = `[^${SPACE}]`;

/** Matches a text of at least {@link SHORT_DESCRIPTION_WORDS} words (reads no further). */
export const ENOUGH_WORDS_PATTERN = `^[${SPACE}]*(?:[^${SPACE}]+[${SPACE}]+){${SHORT_DESCRIPTION_WORDS - 1}}[^${SPACE}]`;

const hasText = new RegExp(HAS_TEXT_PATTERN, 'u');
const enoughWords = new RegExp(ENOUGH_WORDS_PATTERN, 'u');

/** The fields the rules read, as a product (src/domain/products.ts) holds them. */
export interface GapSubject {
  title: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  altText: string;
  category: unknown;
  tags: readonly string[];
}

/** Letters, none of them lower case ('VINTAGE LAMP', not 'USB-C lamp' nor '1234'). */
export function isTitleInCapitals(title: string): boolean {
  return /\p{Lu}/u.test(title) && !/\p{Ll}/u.test(title);
}

/** The product's gaps, in {@link CATALOGUE_GAPS} order. */
export function productGaps(product: GapSubject, duplicateTitle: boolean): CatalogueGap[] {
  const described = hasText.test(product.description);
  const found: Record<CatalogueGap, boolean> = {
    'no-description': !described,
    'short-description': described && !enoughWords.test(product.description),
    // A search listing needs both: either missing is a gap.
    'no-seo': !hasText.test(product.seoTitle) || !hasText.test(product.seoDescription),
    'no-alt-text': !hasText.test(product.altText),
    'no-category': product.category === null,
    'no-tags': product.tags.length === 0,
    'title-in-capitals': isTitleInCapitals(product.title),
    'duplicate-title': duplicateTitle,
  };
  return CATALOGUE_GAPS.filter((gap) => found[gap]);
}
