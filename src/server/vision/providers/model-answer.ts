/**
 * What a vision model is asked to answer, and how that answer becomes a ListingDraft.
 *
 * The answer schema mirrors ListingDraft except for the category, where the model gives a
 * taxonomy path in words (it cannot know ids) that is mapped onto a real entry here. Limits are
 * stated in the descriptions rather than as JSON Schema keywords (see strict-json-schema.ts),
 * so the answer is first brought into shape (trimmed, cut, deduped, rounded) and only then
 * validated: a too-long title is fixed, a negative price is not.
 */
import { z } from 'zod';
import {
  LISTING_DRAFT_LIMITS as LIMITS,
  cleanTags,
  fitText,
  guidanceItemSchema,
  listingDraftSchema,
  toPlainParagraphs,
  type GuidanceItem,
  type ListingDraft,
  type RegenerateField,
} from '#domain/listing-draft.js';
import { seoDescriptionFrom, seoTitleFrom } from '#domain/seo.js';
import { withoutPluralTwins } from '#domain/text/noun-phrases.js';
import type { Taxonomy } from '../taxonomy.js';

const TITLE_RULE = `one line, at most ${LIMITS.titleMax} characters, no price, no emoji`;
const DESCRIPTION_RULE =
  '2 or 3 short paragraphs of plain text separated by a blank line; no HTML, no Markdown';

const SEO_TITLE_RULE = `one line, at most ${LIMITS.seoTitleMax} characters, naming the product as shoppers search for it`;
const SEO_DESCRIPTION_RULE = `one or two sentences on one line, at most ${LIMITS.seoDescriptionMax} characters, only facts the listing states`;

export const describeAnswerSchema = z.object({
  title: z.string().describe(`Product title: ${TITLE_RULE}`),
  description: z.string().describe(`Product description: ${DESCRIPTION_RULE}`),
  price: z.object({
    suggested: z.number().describe('Suggested retail price in US dollars, ≥ 0'),
    low: z.number().describe('Low end of what comparable products sell for, US dollars'),
    high: z.number().describe('High end of what comparable products sell for, US dollars'),
    currency: z.literal('USD'),
    basis: z.string().describe('One sentence: what the price estimate is based on'),
  }),
  category: z.object({
    fullName: z
      .string()
      .describe(
        "Most specific Shopify Standard Product Taxonomy category, full path joined by ' > '",
      ),
    confidence: z.number().describe('How sure you are of the category, 0 to 1'),
  }),
  tags: z.array(z.string()).describe(`Up to ${LIMITS.tagsMax} short search tags`),
  attributes: z.object({
    colors: z
      .array(z.string())
      .describe(`Visible colours, common names, at most ${LIMITS.colorsMax}`),
    material: z.string().nullable().describe('Only if identifiable in the photo, otherwise null'),
    brand: z
      .string()
      .nullable()
      .describe('Only if printed on the product or label, otherwise null'),
    size: z.string().nullable().describe('Only if printed on the product or label, otherwise null'),
  }),
  altText: z
    .string()
    .describe(
      `One sentence describing the photo for screen readers, at most ${LIMITS.altTextMax} characters`,
    ),
  // Advisory like the guidance: an answer without them gets them from the title and description.
  seoTitle: z.string().default('').describe(`Title for search engine results: ${SEO_TITLE_RULE}`),
  seoDescription: z
    .string()
    .default('')
    .describe(`Description for search engine results: ${SEO_DESCRIPTION_RULE}`),
  guidance: z
    .array(
      z.object({
        kind: guidanceItemSchema.shape.kind,
        text: z.string().describe('A short instruction to the seller, one sentence'),
      }),
    )
    // Advisory: a model without strict JSON output that leaves it out still gives a draft.
    .default([])
    .describe(
      `What the seller should check or add because the photo cannot show it (brand, material, size, condition, an unsure category or colour, a better photo); at most ${LIMITS.guidanceMax} items, one per kind; never part of the listing`,
    ),
});
export type DescribeAnswer = z.infer<typeof describeAnswerSchema>;

/**
 * 'What is this product?': the listing copy written again around the seller's words; the
 * category is theirs already and the price follows it, so neither is asked for.
 */
export const identifyAnswerSchema = describeAnswerSchema.pick({
  title: true,
  description: true,
  seoTitle: true,
  seoDescription: true,
  tags: true,
  altText: true,
  guidance: true,
});
export type IdentifyAnswer = z.infer<typeof identifyAnswerSchema>;

export const regenerateAnswerSchema = z.object({
  text: z.string().describe('The new text for the requested field only'),
});

export const FIELD_RULES: Record<RegenerateField | 'seoTitle' | 'seoDescription', string> = {
  title: TITLE_RULE,
  description: DESCRIPTION_RULE,
  seoTitle: SEO_TITLE_RULE,
  seoDescription: SEO_DESCRIPTION_RULE,
};

/** Models sometimes wrap a one-liner in quotes: "Black T-Shirt". */
function unquote(text: string): string {
  const trimmed = text.trim();
  const match = /^(["'“‘])([\s\S]*)(["'”’])$/.exec(trimmed);
  return match && match[2]!.trim() !== '' ? match[2]!.trim() : trimmed;
}

function oneLine(text: string, max: number): string {
  return fitText(toPlainParagraphs(unquote(text)), max);
}

function paragraphs(text: string): string {
  const plain = toPlainParagraphs(text);
  if (plain.length <= LIMITS.descriptionMax) return plain;
  const cut = plain.slice(0, LIMITS.descriptionMax - 1);
  return toPlainParagraphs(`${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`);
}

/** Words models use for "I can't tell"; the draft says null instead. */
const UNKNOWN = /^(unknown|n\/?a|none|not visible|not specified|unspecified|null|-)$/i;

function visibleOrNull(value: string | null): string | null {
  if (value === null) return null;
  const text = oneLine(value, LIMITS.attributeMax);
  return text === '' || UNKNOWN.test(text) ? null : text;
}

/**
 * A model always names what it sees: an empty title is a broken answer, to ask again, not an
 * unnamed product (only the local analyzer may leave the title empty, with guidance).
 */
const modelTitleSchema = listingDraftSchema.shape.title.refine((title) => title !== '', {
  message: 'a model answer must name the product',
});
const modelDraftSchema = listingDraftSchema.extend({ title: modelTitleSchema });

/** One item per kind (the first), each one line, empty ones dropped, at most the draft's limit. */
function guidanceOf(items: DescribeAnswer['guidance']): GuidanceItem[] {
  const byKind = new Map<GuidanceItem['kind'], string>();
  for (const item of items) {
    const text = oneLine(item.text, LIMITS.guidanceTextMax);
    if (text !== '' && !byKind.has(item.kind)) byKind.set(item.kind, text);
  }
  return [...byKind].map(([kind, text]) => ({ kind, text })).slice(0, LIMITS.guidanceMax);
}

const cents = (amount: number) => Math.round(amount * 100) / 100;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * Shapes a model answer into a draft and validates it. The price range is widened to contain
 * the suggestion (models slip there) but a negative price stays negative and fails.
 */
export function answerToDraft(
  answer: DescribeAnswer,
  taxonomy: Taxonomy,
): z.ZodSafeParseResult<ListingDraft> {
  const title = oneLine(answer.title, LIMITS.titleMax);
  const description = paragraphs(answer.description);
  const suggested = cents(answer.price.suggested);
  const [low, high] = [answer.price.low, answer.price.high].map(cents).sort((a, b) => a - b);
  const match = taxonomy.match(answer.category.fullName);
  const altText = oneLine(answer.altText, LIMITS.altTextMax);
  return modelDraftSchema.safeParse({
    title,
    description,
    price: {
      suggested,
      low: Math.min(low!, suggested),
      high: Math.max(high!, suggested),
      currency: answer.price.currency,
      basis: oneLine(answer.price.basis, LIMITS.basisMax),
    },
    category: {
      id: match.category.gid,
      fullName: match.category.fullName,
      // A loose match lowers how sure we are of the model's own guess.
      confidence: cents(clamp01(answer.category.confidence) * match.score),
    },
    tags: withoutPluralTwins(cleanTags(answer.tags)),
    attributes: {
      colors: cleanTags(answer.attributes.colors)
        .map((color) => fitText(color, LIMITS.attributeMax))
        .slice(0, LIMITS.colorsMax),
      material: visibleOrNull(answer.attributes.material),
      brand: visibleOrNull(answer.attributes.brand),
      size: visibleOrNull(answer.attributes.size),
    },
    altText: altText === '' ? title : altText,
    ...seoOf(answer, title, description),
    guidance: guidanceOf(answer.guidance),
  });
}

/** The answer's SEO fields in one line each, or written from the title and description. */
function seoOf(
  answer: Pick<DescribeAnswer, 'seoTitle' | 'seoDescription'>,
  title: string,
  description: string,
) {
  return {
    seoTitle: oneLine(answer.seoTitle, LIMITS.seoTitleMax) || seoTitleFrom([title]),
    seoDescription:
      oneLine(answer.seoDescription.replace(/\s+/g, ' '), LIMITS.seoDescriptionMax) ||
      seoDescriptionFrom(description),
  };
}

const identifiedSchema = z.object({
  title: modelTitleSchema,
  description: listingDraftSchema.shape.description,
  seoTitle: listingDraftSchema.shape.seoTitle,
  seoDescription: listingDraftSchema.shape.seoDescription,
  tags: listingDraftSchema.shape.tags,
  altText: listingDraftSchema.shape.altText,
  guidance: listingDraftSchema.shape.guidance,
});
export type IdentifiedCopy = z.infer<typeof identifiedSchema>;

/** Shapes an identify answer as a describe answer is shaped, and validates it. */
export function answerToIdentified(answer: IdentifyAnswer): z.ZodSafeParseResult<IdentifiedCopy> {
  const title = oneLine(answer.title, LIMITS.titleMax);
  const description = paragraphs(answer.description);
  const altText = oneLine(answer.altText, LIMITS.altTextMax);
  return identifiedSchema.safeParse({
    title,
    description,
    ...seoOf(answer, title, description),
    tags: withoutPluralTwins(cleanTags(answer.tags)),
    altText: altText === '' ? title : altText,
    guidance: guidanceOf(answer.guidance),
  });
}

/** Shapes regenerated text for its field and validates it with that field's draft rule. */
export function answerToFieldText(
  field: RegenerateField,
  text: string,
): z.ZodSafeParseResult<string> {
  const shaped = field === 'title' ? oneLine(text, LIMITS.titleMax) : paragraphs(unquote(text));
  return (field === 'title' ? modelTitleSchema : listingDraftSchema.shape[field]).safeParse(shaped);
}
