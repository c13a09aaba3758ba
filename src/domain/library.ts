/**
 * The premium library as the API serves it: one schema the server builds its replies from and
 * the web app parses. The library is the server's (no item cap); it is paged and searched on the
 * server, so the browser never holds more than the pages it shows.
 *
 * A product's life: `draft` (in the review list, /productlibrary) → `saved` (in the library) →
 * `published` (sent to a store). Premium sellers' products are saved as they are generated; a
 * free seller's drafts are saved when they upgrade from the review screen.
 *
 * Routes (all need a signed-in session; the library ones a premium plan or a read-only library):
 * - GET  /api/library?q=&gap=&cursor=|offset=&limit= → {@link LibraryPage} (`gap`: one of
 *        CATALOGUE_GAPS, src/domain/catalogue-gaps.ts: only products with that gap; `offset`:
 *        the page starting at that position, for a seller who jumps far down the list)
 * - GET  /api/library/gaps?q=                     → {@link LibraryGaps} (the audit's counts; a
 *        request of their own, so counting never slows the page a keystroke asks for)
 * - GET  /api/library/export/:platform?q=&gap=|ids= → text/csv attachment, streamed row by row
 * - POST /api/library/export/:platform {selection} → the same, for a long selection
 * - POST /api/library/bulk  {@link BulkRequest}   → {@link BulkReply}
 * - POST /api/library/readiness { selection } → {@link ScopeReadiness} (asked before a
 *        download: how many of a selection need attention, how many have no name)
 * - POST /api/products/review/finish              → {@link FinishReviewReply} (premium: the review
 *        list is closed, its products are in the library already)
 * Errors answer `{ error, code? }` (error-reply.ts); a free seller without a library gets 403
 * with code 'premium-required'. After premium ends the library is read-only for 30 days
 * (`access.mode`): downloads work; bulk actions, and PATCH/DELETE/regenerate of a saved product,
 * answer 403 with code 'library-read-only'. Subscribing again makes it editable; after the 30
 * days it is deleted.
 */
import { z } from 'zod';
import { catalogueGapSchema, gapCountsSchema } from './catalogue-gaps';
import { suggestionsActionSchema } from './catalogue-improve';
import { CHANNEL_NEEDS } from './channels';
import { EXPORT_PLATFORMS } from './export-common';
import { productSchema, storeStatusSchema } from './products';
import { hasNoControlCharacter, INVALID_SEARCH_MESSAGE, opaqueIdSchema } from './request-text';

export { STORE_STATUSES, type StoreStatus } from './product-status';

/** How long a library stays, read-only, after premium ended; then it is deleted. */
export const LIBRARY_READ_ONLY_DAYS = 30;

/** When a library kept after premium ended at `endedAt` is deleted. */
export function libraryDeleteAfter(endedAt: Date): Date {
  return new Date(endedAt.getTime() + LIBRARY_READ_ONLY_DAYS * 24 * 60 * 60 * 1000);
}

export const LIBRARY_PAGE_SIZE = 50;
export const LIBRARY_PAGE_SIZE_MAX = 100;
/** Furthest position a page may start at (far beyond any library; keeps the query bounded). */
export const LIBRARY_OFFSET_MAX = 1_000_000;
/** Longest search term kept; longer input is cut, not refused (it is typed in a search box). */
export const LIBRARY_SEARCH_MAX = 200;
/** Most products one bulk request may name by id ('select this page' stays far below). */
export const BULK_IDS_MAX = 1000;
/**
 * Most products one 'regenerate' drafts again: each is a call to the model, answered in the
 * same request. A larger selection is refused with a message saying so.
 */
export const BULK_REGENERATE_MAX = 100;

/** Trimmed; blank means "everything". Case and accents never matter to the match. */
export const librarySearchTermSchema = z
  .string()
  .refine(hasNoControlCharacter, INVALID_SEARCH_MESSAGE)
  .transform((text) => text.trim().slice(0, LIBRARY_SEARCH_MAX));

export const libraryQuerySchema = z
  .object({
    q: librarySearchTermSchema.default(''),
    /** Only the products with this gap (the audit; GET /api/library/gaps counts them all). */
    gap: catalogueGapSchema.optional(),
    /** Opaque keyset cursor from the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
    /**
     * The page starting at this position (0 is the first product): a jump far down the list,
     * where following cursors page by page would take hundreds of requests. Not with `cursor`.
     */
    offset: z.coerce.number().int().min(0).max(LIBRARY_OFFSET_MAX).optional(),
    limit: z.coerce.number().int().min(1).max(LIBRARY_PAGE_SIZE_MAX).default(LIBRARY_PAGE_SIZE),
  })
  .strict()
  .refine((query) => query.cursor === undefined || query.offset === undefined, {
    message: 'Ask for a page either after a cursor or at an offset, not both.',
  });
export type LibraryQuery = z.infer<typeof libraryQuerySchema>;

/**
 * What the seller may do with their library: `editable` while premium; `read-only` for 30 days
 * after premium ended (downloads still work), with the date it will be deleted.
 */
export const libraryAccessSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('editable') }),
  z.object({ mode: z.literal('read-only'), deleteAfter: z.string() }),
]);
export type LibraryAccess = z.infer<typeof libraryAccessSchema>;

/** Newest first (by `libraryAddedAt`: the time the product was saved or published). */
export const libraryPageSchema = z.object({
  products: z.array(productSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many products match the search and the gap (all of the library when neither). */
  total: z.number().int(),
  access: libraryAccessSchema,
  /** The page's products whose title another library product has too. */
  duplicateTitleIds: z.array(z.string()),
});
export type LibraryPage = z.infer<typeof libraryPageSchema>;

export const libraryGapsQuerySchema = z.object({ q: librarySearchTermSchema.default('') }).strict();

/** How many products of the search (the library when `q` is blank) have each gap. */
export const libraryGapsSchema = z.object({ gaps: gapCountsSchema });
export type LibraryGaps = z.infer<typeof libraryGapsSchema>;

/** Which products an action applies to: the ones ticked, or every result of a search. */
export const librarySelectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ids'),
    ids: z.array(opaqueIdSchema(128)).min(1).max(BULK_IDS_MAX),
  }),
  z.object({
    kind: z.literal('search'),
    q: librarySearchTermSchema,
    gap: catalogueGapSchema.optional(),
  }),
]);
export type LibrarySelection = z.infer<typeof librarySelectionSchema>;

export const readinessRequestSchema = z.object({ selection: librarySelectionSchema }).strict();

/**
 * How ready the products a download or publish would take are (src/domain/readiness.ts):
 * `untitled` ones are left out of every file and never sent to a store.
 */
export const scopeReadinessSchema = z.object({
  total: z.number().int().nonnegative(),
  ready: z.number().int().nonnegative(),
  untitled: z.number().int().nonnegative(),
  /** Per file format, how many of the named products lack each thing its channel needs. */
  channels: z
    .record(
      z.enum(EXPORT_PLATFORMS),
      z.array(z.object({ need: z.enum(CHANNEL_NEEDS), count: z.number().int().positive() })),
    )
    .default({ shopify: [], squarespace: [], woocommerce: [] }),
});
export type ScopeReadiness = z.infer<typeof scopeReadinessSchema>;

/**
 * GET /api/library/export/:platform: `?q=` (a search, `&gap=` with a gap) or `?ids=a,b` (a
 * selection), or neither (the whole library).
 */
export const libraryExportQuerySchema = z
  .object({
    q: librarySearchTermSchema.optional(),
    gap: catalogueGapSchema.optional(),
    ids: z
      .string()
      .transform((text) => [
        ...new Set(
          text
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ])
      .pipe(z.array(opaqueIdSchema(128)).min(1, 'Choose at least one product.').max(BULK_IDS_MAX))
      .optional(),
  })
  .strict()
  .refine((query) => (query.q === undefined && query.gap === undefined) || !query.ids, {
    message: 'Export either a search or a selection, not both.',
  })
  .transform(({ q, gap, ids }): LibrarySelection =>
    ids ? { kind: 'ids', ids } : { kind: 'search', q: q ?? '', ...(gap ? { gap } : {}) },
  );

/** POST /api/library/export/:platform: a selection too long for an address (1,000 ids ~ 37 KB). */
export const libraryExportBodySchema = z.object({ selection: librarySelectionSchema }).strict();

export const bulkActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delete') }),
  z.object({ type: z.literal('set-status'), status: storeStatusSchema }),
  /** Drafts title and description again, leaving every field the seller edited as it is. */
  z.object({ type: z.literal('regenerate') }),
  /** Every pending suggestion of the selection accepted, or rejected. */
  suggestionsActionSchema,
]);
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const bulkRequestSchema = z
  .object({ selection: librarySelectionSchema, action: bulkActionSchema })
  .strict();
export type BulkRequest = z.infer<typeof bulkRequestSchema>;

/** One line of a bulk action's report: what happened to this product, in words a seller reads. */
export const bulkOutcomeSchema = z.object({
  id: z.string(),
  title: z.string(),
  outcome: z.enum(['done', 'skipped', 'failed']),
  message: z.string(),
});
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const bulkReplySchema = z.object({ results: z.array(bulkOutcomeSchema) });
export type BulkReply = z.infer<typeof bulkReplySchema>;

/** Why a saved product cannot be changed once premium ended (403, code 'library-read-only'). */
export const LIBRARY_READ_ONLY_MESSAGE =
  'Your library is read-only because your Premium subscription ended. Subscribe again to edit it; you can still download it.';

export const finishReviewReplySchema = z.object({ saved: z.number().int() });
export type FinishReviewReply = z.infer<typeof finishReviewReplySchema>;
