/**
 * 'Improve' (issue 25): the library's products, imported or drafted, given better listing fields
 * as suggestions the seller accepts or rejects field by field, before anything changes.
 *
 * - The seller picks fields ({@link IMPROVE_FIELDS}) and a mode: 'fill-empty' suggests only for
 *   fields that are empty now; 'rewrite' suggests new text for each field picked.
 * - The suggestions rest on the product's photos and on what the seller wrote: the title names
 *   the product, and a material or a size the old description states is kept as a fact, its
 *   evidence quoting the description ('Why?').
 * - One credit per product improved, charged once: running it again on a product whose photos
 *   and text did not change costs nothing (accepting a suggestion is not a change of the
 *   seller's: the product stays paid for).
 *
 * Routes (need a signed-in Premium session with an editable library):
 * - POST /api/library/improve-runs { selection, fields, mode }: a background run with progress
 *   (src/domain/improve-run.ts, ADR 048)
 * - POST /api/library/bulk { selection, action: { type: 'suggestions', decision } } → BulkReply
 * - POST /api/product/:id/suggestions {@link SuggestionDecisionRequest} → Product
 */
import { z } from 'zod';
import { draftCategorySchema, fieldEvidenceSchema } from './listing-draft';
import { confirmedAttributesSchema } from './product-attributes';

export const IMPROVE_FIELDS = [
  'description',
  'seo',
  'altText',
  'tags',
  'category',
  'attributes',
] as const;
export const improveFieldSchema = z.enum(IMPROVE_FIELDS);
export type ImproveField = z.infer<typeof improveFieldSchema>;

export const IMPROVE_FIELD_NAMES: Record<ImproveField, string> = {
  description: 'Description',
  seo: 'Search engine listing',
  altText: 'Image alt text',
  tags: 'Tags',
  category: 'Category',
  attributes: 'Attributes',
};

export const IMPROVE_MODES = ['fill-empty', 'rewrite'] as const;
export const improveModeSchema = z.enum(IMPROVE_MODES);
export type ImproveMode = z.infer<typeof improveModeSchema>;

export const IMPROVE_MODE_NAMES: Record<ImproveMode, string> = {
  'fill-empty': 'Fill empty fields only',
  rewrite: 'Rewrite',
};

/** What an Improve asks of each product: the fields picked and the mode. */
export interface ImproveAction {
  fields: readonly ImproveField[];
  mode: ImproveMode;
}

/** A product's fields a suggestion replaces: 'seo' suggests its title and description apart. */
export const SUGGESTION_FIELDS = [
  'description',
  'seoTitle',
  'seoDescription',
  'altText',
  'tags',
  'category',
  'attributes',
] as const;
export const suggestionFieldSchema = z.enum(SUGGESTION_FIELDS);
export type SuggestionField = z.infer<typeof suggestionFieldSchema>;

export const SUGGESTION_FIELD_NAMES: Record<SuggestionField, string> = {
  description: 'Description',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  altText: 'Image alt text',
  tags: 'Tags',
  category: 'Category',
  attributes: 'Attributes',
};

export const SUGGESTED_FIELDS: Record<ImproveField, readonly SuggestionField[]> = {
  description: ['description'],
  seo: ['seoTitle', 'seoDescription'],
  altText: ['altText'],
  tags: ['tags'],
  category: ['category'],
  attributes: ['attributes'],
};

const evidence = { evidence: fieldEvidenceSchema.optional() };
export const suggestionSchema = z.discriminatedUnion('field', [
  z.object({
    field: z.enum(['description', 'seoTitle', 'seoDescription', 'altText']),
    value: z.string(),
    ...evidence,
  }),
  z.object({ field: z.literal('tags'), value: z.array(z.string()), ...evidence }),
  z.object({
    field: z.literal('category'),
    value: draftCategorySchema.pick({ id: true, fullName: true }),
    ...evidence,
  }),
  z.object({ field: z.literal('attributes'), value: confirmedAttributesSchema, ...evidence }),
]);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionsSchema = z.array(suggestionSchema);

/** POST /api/product/:id/suggestions: the fields taken and the fields let go; both may be given. */
export const suggestionDecisionRequestSchema = z
  .object({
    accept: z.array(suggestionFieldSchema).max(SUGGESTION_FIELDS.length).default([]),
    reject: z.array(suggestionFieldSchema).max(SUGGESTION_FIELDS.length).default([]),
  })
  .strict()
  .refine((body) => body.accept.length + body.reject.length > 0, 'name a field to accept or reject')
  .refine(
    (body) => !body.accept.some((field) => body.reject.includes(field)),
    'a field cannot be both accepted and rejected',
  );
export type SuggestionDecisionRequest = z.infer<typeof suggestionDecisionRequestSchema>;

export const suggestionsActionSchema = z.object({
  type: z.literal('suggestions'),
  decision: z.enum(['accept', 'reject']),
});

/** The fields of a product as Improve reads and writes them. */
export interface ImprovableProduct {
  description: string;
  seoTitle: string;
  seoDescription: string;
  altText: string;
  tags: readonly string[];
  category: { id: string; fullName: string } | null;
  confirmedAttributes: readonly { name: string; value: string }[];
}

/** Whether a field holds nothing a store would show (blank text, no tag, no category). */
export function isEmptyField(product: ImprovableProduct, field: SuggestionField): boolean {
  switch (field) {
    case 'tags':
      return product.tags.length === 0;
    case 'category':
      return product.category === null;
    case 'attributes':
      return product.confirmedAttributes.length === 0;
    default:
      return product[field].trim() === '';
  }
}

/** The product's fields a request asks suggestions for. */
export function fieldsToSuggest(
  product: ImprovableProduct,
  fields: readonly ImproveField[],
  mode: ImproveMode,
): SuggestionField[] {
  const asked = [...new Set(fields.flatMap((field) => SUGGESTED_FIELDS[field]))];
  return mode === 'rewrite' ? asked : asked.filter((field) => isEmptyField(product, field));
}

/** The value a suggestion would replace, in the suggestion's own shape. */
export function currentValue(product: ImprovableProduct, field: SuggestionField): unknown {
  if (field === 'category') {
    return product.category
      ? { id: product.category.id, fullName: product.category.fullName }
      : null;
  }
  if (field === 'tags') return [...product.tags];
  if (field === 'attributes')
    return product.confirmedAttributes.map(({ name, value }) => ({ name, value }));
  return product[field];
}

/** A suggestion that would change nothing is not one. */
export function changesProduct(product: ImprovableProduct, suggestion: Suggestion): boolean {
  const before = currentValue(product, suggestion.field);
  if (suggestion.field === 'category') {
    return (before as { id: string } | null)?.id !== suggestion.value.id;
  }
  if (suggestion.field === 'tags') {
    const lower = (list: readonly string[]) => list.map((tag) => tag.toLowerCase()).join('\n');
    return lower(before as string[]) !== lower(suggestion.value);
  }
  if (suggestion.field === 'attributes') {
    return JSON.stringify(before) !== JSON.stringify(suggestion.value);
  }
  return (before as string).trim() !== suggestion.value.trim();
}

/** Pending suggestions after a decision: the fields decided leave the list. */
export function remainingSuggestions(
  suggestions: readonly Suggestion[],
  decided: readonly SuggestionField[],
): Suggestion[] {
  return suggestions.filter((suggestion) => !decided.includes(suggestion.field));
}

/** A line of the Improve report, in words a seller reads. */
export function improveOutcomeMessage(
  suggested: readonly SuggestionField[],
  charged: boolean,
): string {
  if (suggested.length === 0)
    return 'Nothing to improve: the fields you picked are already filled.';
  const names = suggested.map((field) => SUGGESTION_FIELD_NAMES[field]).join(', ');
  return `${charged ? '1 credit' : 'No credit (improved before)'} · suggested: ${names}.`;
}
