/**
 * 'Update in Shopify' (issue 25, 'Send it back'; ADR 045): products imported from a connected
 * Shopify store sent back with only the fields the seller changed since the store last had them.
 *
 * Route (a signed-in Premium session, as imports need):
 * - POST /api/catalogue-imports/shopify/update {@link StoreUpdateRequest} → {@link StoreUpdateReply}
 *   The selection's products imported from `shop` (the others, and another seller's ids, are
 *   left out and counted as `notFromStore`), each with its outcome. 404 'store-not-found' for a
 *   shop that is not one of the seller's connected stores, 409 'store-reconnect' for one to
 *   connect again, 403 'premium-required' without Premium.
 */
import { z } from 'zod';
import { librarySelectionSchema } from './library';
import { STORE_UPDATE_FIELDS } from './store-fields';
import { formatCount } from './text/english';

export const storeUpdateRequestSchema = z
  .object({
    selection: librarySelectionSchema,
    /** The connected store the products came from. */
    shop: z.string().trim().min(1).max(255),
  })
  .strict();
export type StoreUpdateRequest = z.infer<typeof storeUpdateRequestSchema>;

/** Products sent to the store in one request at most; the rest wait for the next one. */
export const STORE_UPDATE_MAX = 250;

export const STORE_UPDATE_OUTCOMES = [
  'updated',
  'up-to-date',
  'deleted',
  'failed',
  'not-sent',
] as const;
export type StoreUpdateOutcome = (typeof STORE_UPDATE_OUTCOMES)[number];

export const storeUpdateResultSchema = z.object({
  productId: z.string(),
  title: z.string(),
  outcome: z.enum(STORE_UPDATE_OUTCOMES),
  /** The fields sent (updated), or that would have been (failed, not sent). */
  fields: z.array(z.enum(STORE_UPDATE_FIELDS)),
  /** Why it failed or was not sent, or what the store could not take; null otherwise. */
  message: z.string().nullable(),
});
export type StoreUpdateResult = z.infer<typeof storeUpdateResultSchema>;

export const storeUpdateReplySchema = z.object({
  shop: z.string(),
  results: z.array(storeUpdateResultSchema),
  counts: z.object({
    updated: z.number().int().nonnegative(),
    upToDate: z.number().int().nonnegative(),
    deleted: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    notSent: z.number().int().nonnegative(),
    /** Selected products that did not come from this store: left as they are. */
    notFromStore: z.number().int().nonnegative(),
  }),
});
export type StoreUpdateReply = z.infer<typeof storeUpdateReplySchema>;

export const STORE_UPDATE_FIELD_NAMES: Record<(typeof STORE_UPDATE_FIELDS)[number], string> = {
  title: 'title',
  description: 'description',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  tags: 'tags',
  category: 'category',
  altText: 'image alt text',
};

export const STORE_UPDATE_MESSAGES = {
  deleted: 'Deleted in your store: it was not created again.',
  partlyKnown:
    'Imported before Listsmith kept what your store had of it: only its title and description are compared and sent.',
  untitled: 'This product has no name yet. Name it before updating it in your store.',
  tooMany: `Not sent: at most ${STORE_UPDATE_MAX} products are updated at a time. Update again to send the rest.`,
  /** After Shopify stopped answering: the products after it are not tried. */
  stopped: (reason: string) => `Not sent: ${reason}`,
  altTextKept: (reason: string) =>
    `The other fields were updated; the image alt text was not: ${reason}`,
  failed: 'Failed to update your products in Shopify. Please try again.',
} as const;

/** 'Update 3 products in alder-grove.myshopify.com?' */
export function storeUpdateQuestion(count: number | null, shop: string): string {
  if (count === null) return `Update the selected products from ${shop} in your store?`;
  return `Update ${formatCount(count)} ${count === 1 ? 'product' : 'products'} in ${shop}?`;
}

/** '2 updated · 1 up to date · 1 deleted in your store' (the parts that are not zero). */
export function storeUpdateSummary(counts: StoreUpdateReply['counts']): string {
  const parts = [
    [counts.updated, 'updated'],
    [counts.upToDate, 'up to date'],
    [counts.deleted, 'deleted in your store'],
    [counts.failed, 'failed'],
    [counts.notSent, 'not sent'],
  ] as const;
  const said = parts.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
  return said.length > 0 ? said.join(' · ') : 'No products from this store were selected.';
}
