/**
 * Searching the Shopify product taxonomy, so a seller can set any category (not only the
 * draft's alternatives). Shared by the server (which validates the query) and the web app
 * (which validates the answer).
 *
 * Route (needs a signed-in session):
 * - GET /api/taxonomy/categories?q=<text>  → {@link TaxonomySearchResponse}, best first
 *   400 `{ error }` when q is missing, shorter than 2 or longer than 80 characters (trimmed).
 *   With `as=kind`, q is the seller's words for a product ('gold wristwatch'): when no category
 *   has all of them, the categories of its head noun ('wristwatch', then 'watch').
 */
import { z } from 'zod';
import { TAXONOMY_CATEGORY_GID_PATTERN } from './listing-draft';
import { hasNoControlCharacter, INVALID_SEARCH_MESSAGE } from './request-text';

export const TAXONOMY_SEARCH_LIMITS = {
  queryMin: 2,
  queryMax: 80,
  /** Categories in one answer. */
  results: 20,
} as const;

export const TAXONOMY_SEARCH_QUERY_MESSAGE = `Please type ${TAXONOMY_SEARCH_LIMITS.queryMin} to ${TAXONOMY_SEARCH_LIMITS.queryMax} characters to search the categories.`;

export const taxonomySearchQuerySchema = z.object({
  q: z
    .string({ error: TAXONOMY_SEARCH_QUERY_MESSAGE })
    .trim()
    .min(TAXONOMY_SEARCH_LIMITS.queryMin, TAXONOMY_SEARCH_QUERY_MESSAGE)
    .max(TAXONOMY_SEARCH_LIMITS.queryMax, TAXONOMY_SEARCH_QUERY_MESSAGE)
    .refine(hasNoControlCharacter, INVALID_SEARCH_MESSAGE),
  as: z.literal('kind').optional(),
});

export const taxonomySearchResultSchema = z.object({
  /** The GID, as PATCH /api/product/:id `categoryId` takes it. */
  id: z.string().regex(TAXONOMY_CATEGORY_GID_PATTERN),
  /** 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Water Bottles'. */
  fullName: z.string(),
});
export type TaxonomySearchResult = z.infer<typeof taxonomySearchResultSchema>;

export const taxonomySearchResponseSchema = z.object({
  categories: z.array(taxonomySearchResultSchema).max(TAXONOMY_SEARCH_LIMITS.results),
});
export type TaxonomySearchResponse = z.infer<typeof taxonomySearchResponseSchema>;
