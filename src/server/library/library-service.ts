/**
 * The premium library as the routes see it (contract: src/domain/library.ts): who may open it,
 * its pages and search, its CSV exports streamed product by product, and closing the review
 * list. Bulk actions are in library-bulk.ts. Every call is scoped to the signed-in seller.
 */
import { addToShortfall, channelNeeds } from '#domain/channels.js';
import { EXPORT_PLATFORMS, isExportable, type ExportPlatform } from '#domain/export-common.js';
import { csvChunks, inBatches } from '#domain/export-writers.js';
import {
  type FinishReviewReply,
  type LibraryAccess,
  type LibraryGaps,
  type LibraryPage,
  type LibraryQuery,
  type LibrarySelection,
  type ScopeReadiness,
} from '#domain/library.js';
import { readinessNeeds } from '#domain/readiness.js';
import { toExportProduct } from '#domain/products.js';
import type { DatabaseHandle } from '../db/connection.js';
import {
  isoString,
  libraryAccessOf,
  libraryReadOnly,
  premiumRequired,
  toProduct,
  type ProductRow,
  type SellerRepository,
} from '../catalog/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { saveReviewDrafts, type LibraryRepository } from './library-repository.js';

export const PREMIUM_REQUIRED_MESSAGE =
  'The product library is part of Premium. Upgrade to save every product you generate.';

/** Products written per chunk of an export stream (and looked up for their sources at once). */
const EXPORT_CHUNK_PRODUCTS = 200;

export interface LibraryServiceDeps {
  database: DatabaseHandle;
  library: LibraryRepository;
  sellers: Pick<SellerRepository, 'standing'>;
  appUrl: string;
  now: () => Date;
}

export function createLibraryService({
  database,
  library,
  sellers,
  appUrl,
  now,
}: LibraryServiceDeps) {
  /** What the seller may do with their library; 403 'premium-required' without one. */
  async function access(userId: string): Promise<LibraryAccess> {
    const mode = libraryAccessOf(await sellers.standing(userId), now());
    if (mode) return mode;
    throw premiumRequired(PREMIUM_REQUIRED_MESSAGE);
  }

  /** As {@link access}, for a change: a read-only library answers 403. */
  async function editable(userId: string): Promise<void> {
    if ((await access(userId)).mode === 'read-only') throw libraryReadOnly();
  }

  /** The rows a selection names, newest first; another seller's ids are simply absent. */
  function selected(userId: string, selection: LibrarySelection): AsyncIterable<ProductRow> {
    if (selection.kind === 'search') {
      return library.matchingRows(userId, { q: selection.q, gap: selection.gap });
    }
    return (async function* () {
      yield* await library.withIds(userId, selection.ids);
    })();
  }

  return {
    access,
    editable,
    selected,

    async page(
      userId: string,
      { q, gap, cursor, offset, limit }: LibraryQuery,
    ): Promise<LibraryPage> {
      const after = decodeCursor(cursor);
      const mode = await access(userId);
      const filter = { q, gap };
      // One more than asked tells whether a next page exists without counting. The total is
      // the first page's (or an offset page's); later pages carry it in their cursor.
      const [rows, total] = await Promise.all([
        library.page(userId, filter, after, limit + 1, offset),
        after?.total ?? library.count(userId, filter),
      ]);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return {
        duplicateTitleIds: await library.duplicateTitleIds(
          userId,
          shown.map((row) => row.id),
        ),
        products: shown.map(toProduct),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ libraryAddedAt: isoString(last.libraryAddedAt!), id: last.id, total })
            : null,
        total,
        access: mode,
      };
    },

    /** The audit's count of each gap over a search (the whole library when `q` is blank). */
    async gaps(userId: string, q: string): Promise<LibraryGaps> {
      await access(userId);
      return { gaps: await library.gapCounts(userId, q) };
    },

    /**
     * The store's import file of the whole library, a search or a selection, as chunks of text:
     * the header, then each batch's rows as they are read. A product imported from a file of
     * this format keeps its handle / store ids (ADR 046): each batch's sources are read at once.
     */
    async exportCsv(
      userId: string,
      platform: ExportPlatform,
      selection: LibrarySelection,
    ): Promise<AsyncIterable<string>> {
      await access(userId);
      const batches = inBatches(selected(userId, selection), EXPORT_CHUNK_PRODUCTS);
      return csvChunks(
        platform,
        (async function* () {
          for await (const rows of batches) {
            const sources = await library.sourcesOf(
              userId,
              rows.map((row) => row.id),
            );
            yield rows.map((row) => ({
              ...toExportProduct(toProduct(row), appUrl),
              source: sources.get(row.id) ?? null,
            }));
          }
        })(),
      );
    },

    /**
     * How ready a download's products are, asked before it starts (POST /api/library/readiness):
     * read row by row like the export, so a whole library never sits in memory.
     */
    async readiness(userId: string, selection: LibrarySelection): Promise<ScopeReadiness> {
      await access(userId);
      const count: ScopeReadiness = {
        total: 0,
        ready: 0,
        untitled: 0,
        channels: { shopify: [], squarespace: [], woocommerce: [] },
      };
      for await (const row of selected(userId, selection)) {
        const product = toProduct(row);
        count.total += 1;
        if (readinessNeeds(product).length === 0) count.ready += 1;
        if (!isExportable(product)) {
          count.untitled += 1;
          continue;
        }
        const exported = toExportProduct(product, appUrl);
        for (const platform of EXPORT_PLATFORMS) {
          addToShortfall(count.channels[platform], channelNeeds(exported, platform));
        }
      }
      return count;
    },

    /** Premium: the review list is closed; its generated products are in the library. */
    async finishReview(userId: string): Promise<FinishReviewReply> {
      await editable(userId);
      const saved = await database.db
        .transaction()
        .execute((trx) => saveReviewDrafts(trx, userId, now()));
      return { saved };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
