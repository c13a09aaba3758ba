/**
 * What a vision provider returns for one photo: the listing draft a seller reviews.
 *
 * The schema states the invariants every draft satisfies, whichever provider made it (local
 * analyzer or a vision model). Providers bring raw model output into this shape with the pure
 * helpers below (`cleanTags`, `toPlainParagraphs`, `fitText`) and then validate with the schema.
 *
 * Category ids are full Shopify GIDs (`gid://shopify/TaxonomyCategory/aa-1-13-8`): the Admin
 * API's `productSet.category` takes exactly that, and the short id is its last path segment.
 */
import { z } from 'zod';
import { normalizeTags, truncateText } from './export-common';

export const LISTING_DRAFT_LIMITS = {
  titleMax: 255,
  descriptionMax: 5000,
  priceMax: 1_000_000,
  basisMax: 300,
  categoryNameMax: 500,
  /** Shopify's limit per product. */
  tagsMax: 13,
  tagMax: 255,
  colorsMax: 5,
  attributeMax: 80,
  /** Shopify's `Image Alt Text` limit. */
  altTextMax: 512,
  categoryAlternativesMax: 3,
  evidenceSourcesMax: 6,
  evidenceSourceMax: 200,
  guidanceMax: 8,
  guidanceTextMax: 200,
  /** Shopify's search engine listing limits ('70 characters or less', '320 characters or less'). */
  seoTitleMax: 70,
  seoDescriptionMax: 320,
} as const;

export const TAXONOMY_CATEGORY_GID_PREFIX = 'gid://shopify/TaxonomyCategory/';
export const TAXONOMY_CATEGORY_GID_PATTERN = /^gid:\/\/shopify\/TaxonomyCategory\/[a-z]{2}(-\d+)*$/;

/** HTML or XML markup: a tag (`<p>`, `</b>`, `<br/>`) or a comment opener. */
const MARKUP_PATTERN = /<\/?[a-z][^<>]*>|<!--/i;

export function hasMarkup(text: string): boolean {
  return MARKUP_PATTERN.test(text);
}

/**
 * Canonical plain-text description: markup removed (`<br>` and paragraph ends become line
 * breaks first, so structure survives), lines trimmed with inner runs of spaces collapsed, empty
 * lines between paragraphs reduced to exactly one blank line. Single line breaks inside a
 * paragraph stay (the exporters turn them into `<br>`). Idempotent.
 */
export function toPlainParagraphs(text: string): string {
  let plain = text
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p\s*>/gi, '\n\n');
  // Stripping can expose new markup (`<<b>b>` → `<b>`), so repeat until nothing changes.
  for (let previous = ''; previous !== plain;) {
    previous = plain;
    plain = plain.replace(/<\/?[a-z][^<>]*>/gi, '').replace(/<!--[\s\S]*?(-->|$)/g, '');
  }
  return plain
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
        .filter((line) => line !== '')
        .join('\n'),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/**
 * One line of text no longer than `max` UTF-16 units (what `z.string().max()` counts), cut at
 * a word boundary with '…' when it has to be shortened.
 */
export function fitText(text: string, max: number): string {
  let budget = max;
  let fitted = truncateText(text, budget);
  // truncateText counts code points; astral characters (emoji) count twice in UTF-16.
  while (fitted.length > max && budget > 1) fitted = truncateText(text, --budget);
  return fitted;
}

/**
 * Store-ready tags: '#' prefixes dropped, commas split into separate tags (both stores split
 * on them), whitespace collapsed, empty and duplicate (ignoring case) tags dropped, at most
 * {@link LISTING_DRAFT_LIMITS.tagsMax} kept in the given order.
 */
export function cleanTags(tags: readonly string[]): string[] {
  return normalizeTags(tags.map((tag) => tag.replace(/(^|,)\s*#+/g, '$1')))
    .map((tag) => fitText(tag, LISTING_DRAFT_LIMITS.tagMax))
    .slice(0, LISTING_DRAFT_LIMITS.tagsMax);
}

function isSingleLine(text: string): boolean {
  return !/[\r\n]/.test(text);
}

function isUniqueIgnoringCase(values: readonly string[]): boolean {
  return new Set(values.map((value) => value.toLowerCase())).size === values.length;
}

const singleLineText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isSingleLine, 'must be a single line')
    .refine((text) => !hasMarkup(text), 'must not contain markup');

/** One line of listing copy that may be empty (an unnamed product has no SEO title). */
const seoText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(isSingleLine, 'must be a single line')
    .refine((text) => !hasMarkup(text), 'must not contain markup');

const amount = z.number().min(0).max(LISTING_DRAFT_LIMITS.priceMax);

/**
 * A suggested price and the range it comes from, or none (all three null) when nothing comparable
 * is known: the basis then says why, and the seller sets the price.
 */
export const draftPriceSchema = z
  .object({
    suggested: amount.nullable(),
    low: amount.nullable(),
    high: amount.nullable(),
    currency: z.literal('USD'),
    /** What the estimate rests on, e.g. "comparable new cotton T-shirts", or why there is none. */
    basis: singleLineText(LISTING_DRAFT_LIMITS.basisMax),
  })
  .refine(
    ({ low, suggested, high }) =>
      suggested === null
        ? low === null && high === null
        : low !== null && high !== null && low <= suggested && suggested <= high,
    {
      message: 'price must satisfy low ≤ suggested ≤ high, or be none at all',
      path: ['suggested'],
    },
  );

export const draftCategorySchema = z.object({
  id: z.string().regex(TAXONOMY_CATEGORY_GID_PATTERN, 'must be a Shopify taxonomy category GID'),
  /** Full taxonomy path, e.g. 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts'. */
  fullName: singleLineText(LISTING_DRAFT_LIMITS.categoryNameMax),
  confidence: z.number().min(0).max(1),
});

/** Only what can be seen; `null` when the photo does not show it. */
export const draftAttributesSchema = z.object({
  colors: z
    .array(singleLineText(LISTING_DRAFT_LIMITS.attributeMax))
    .max(LISTING_DRAFT_LIMITS.colorsMax)
    .refine(isUniqueIgnoringCase, 'colors must be unique'),
  material: singleLineText(LISTING_DRAFT_LIMITS.attributeMax).nullable(),
  brand: singleLineText(LISTING_DRAFT_LIMITS.attributeMax).nullable(),
  size: singleLineText(LISTING_DRAFT_LIMITS.attributeMax).nullable(),
});

/**
 * Why a drafted field says what it says: how sure the provider is and what it rests on, in
 * words a seller understands ('from the label: "Polaroid One Step"', 'looks like: backpack (82%)').
 * The review card shows it beside the field.
 */
export const fieldEvidenceSchema = z.object({
  confidence: z.number().min(0).max(1),
  sources: z
    .array(singleLineText(LISTING_DRAFT_LIMITS.evidenceSourceMax))
    .max(LISTING_DRAFT_LIMITS.evidenceSourcesMax),
});
export type FieldEvidence = z.infer<typeof fieldEvidenceSchema>;

/** Evidence per drafted field; a provider that cannot say (a remote model) leaves it empty. */
export const draftEvidenceSchema = z
  .object({
    title: fieldEvidenceSchema,
    description: fieldEvidenceSchema,
    category: fieldEvidenceSchema,
    price: fieldEvidenceSchema,
    tags: fieldEvidenceSchema,
  })
  .partial();
export type DraftEvidence = z.infer<typeof draftEvidenceSchema>;

/** A GTIN read from the photo's barcode (EAN-8, UPC-A, EAN-13, GTIN-14), check digit valid. */
export const gtinSchema = z.string().regex(/^(\d{8}|\d{12,14})$/, 'must be a GTIN');

/**
 * What the seller should check or add before publishing: never listing copy, never exported.
 * One item per kind; `text` is a short instruction the review card shows.
 */
const GUIDANCE_KINDS = [
  'name-product',
  'confirm-category',
  'confirm-colour',
  'add-brand',
  'add-material',
  'add-size',
  'add-condition',
  'improve-photo',
] as const;
export const guidanceItemSchema = z.object({
  kind: z.enum(GUIDANCE_KINDS),
  text: singleLineText(LISTING_DRAFT_LIMITS.guidanceTextMax),
});
export type GuidanceItem = z.infer<typeof guidanceItemSchema>;

export const guidanceListSchema = z
  .array(guidanceItemSchema)
  .max(LISTING_DRAFT_LIMITS.guidanceMax)
  .refine(
    (items) => new Set(items.map((item) => item.kind)).size === items.length,
    'one guidance item per kind',
  );

export const listingDraftSchema = z.object({
  /**
   * Empty when the provider cannot tell what the product is: no title beats a colour and
   * 'Item'; the guidance then holds a 'name-product' item.
   */
  title: z
    .string()
    .trim()
    .max(LISTING_DRAFT_LIMITS.titleMax)
    .refine(isSingleLine, 'must be a single line')
    .refine((text) => !hasMarkup(text), 'must not contain markup'),
  /** Plain paragraphs separated by one blank line; the exporters escape and wrap it in HTML. */
  description: z
    .string()
    .min(1)
    .max(LISTING_DRAFT_LIMITS.descriptionMax)
    .refine((text) => toPlainParagraphs(text) === text, {
      message: 'description must be plain paragraphs separated by blank lines, without markup',
    }),
  price: draftPriceSchema,
  category: draftCategorySchema,
  tags: z
    .array(
      singleLineText(LISTING_DRAFT_LIMITS.tagMax).refine((tag) => !tag.includes(','), {
        message: 'a tag must not contain a comma',
      }),
    )
    .max(LISTING_DRAFT_LIMITS.tagsMax)
    .refine(isUniqueIgnoringCase, 'tags must be unique'),
  attributes: draftAttributesSchema,
  altText: singleLineText(LISTING_DRAFT_LIMITS.altTextMax),
  /**
   * The search engine listing, listing copy like the title and description; empty when the
   * provider wrote none (the exporter then uses the title and description, as Shopify does).
   */
  seoTitle: seoText(LISTING_DRAFT_LIMITS.seoTitleMax).default(''),
  seoDescription: seoText(LISTING_DRAFT_LIMITS.seoDescriptionMax).default(''),
  /** Up to 3 other likely categories, best first, never the chosen one again. */
  categoryAlternatives: z
    .array(draftCategorySchema)
    .max(LISTING_DRAFT_LIMITS.categoryAlternativesMax)
    .default([]),
  barcode: gtinSchema.nullable().default(null),
  evidence: draftEvidenceSchema.default({}),
  /** What the seller should check or add; a provider that cannot say leaves it empty. */
  guidance: guidanceListSchema.default([]),
});

export type ListingDraft = z.infer<typeof listingDraftSchema>;
/** What a provider may hand back: alternatives, barcode and evidence may be left out. */
export type ListingDraftInput = z.input<typeof listingDraftSchema>;
export type DraftPrice = ListingDraft['price'];
export type DraftCategory = ListingDraft['category'];

/** The fields a seller can ask to regenerate one at a time (spec: per-field regenerate). */
export const REGENERATE_FIELDS = ['title', 'description'] as const;
export const regenerateFieldSchema = z.enum(REGENERATE_FIELDS);
export type RegenerateField = (typeof REGENERATE_FIELDS)[number];
