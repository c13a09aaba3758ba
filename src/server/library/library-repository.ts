/**
 * Queries of the premium library: a seller's saved products, paged newest first (keyset on
 * libraryAddedAt, id), searched with each database's full-text index (ADR 018) and filtered by
 * an audit gap (gap-conditions.ts, ADR 043). Every query is scoped by userId; the library is the
 * products whose status is not 'draft'.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { CATALOGUE_GAPS, type CatalogueGap, type GapCounts } from '#domain/catalogue-gaps.js';
import { exportSourceOf, type ExportSource } from '#domain/export-source.js';
import type { StoreStatus } from '#domain/products.js';
import { libraryDeleteAfter } from '#domain/library.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { type ProductRow, storedPhotos } from '../catalog/index.js';
import {
  fts5Query,
  searchTokens,
  substringPattern,
  SUBSTRING_MIN_LENGTH,
  tsQuery,
} from './search-terms.js';
import { gapConditions, gapCountColumns } from './gap-conditions.js';

/** Which products a list or an action takes: a search (blank: all), and an audit gap. */
export interface LibraryFilter {
  q: string;
  gap?: CatalogueGap | undefined;
}

/** Where a page starts: after this product in the library's order. */
export interface LibraryCursor {
  libraryAddedAt: string;
  id: string;
  /** The search's count, from its first page: later pages do not count again. */
  total?: number;
}

/** Products read per query while an export streams: memory stays flat however big the file. */
const EXPORT_BATCH = 500;

export function createLibraryRepository({ db, kind }: DatabaseHandle) {
  /**
   * The columns a library read returns: all of them, but PostgreSQL's search vector (as large
   * as the text it indexes, and of no use outside the index). Read from the database once, so
   * columns added later are read without a change here.
   */
  let columns: Promise<string[]> | undefined;
  function productColumns(): Promise<string[]> {
    columns ??= db.introspection
      .getTables()
      .then((tables) =>
        (tables.find((table) => table.name === 'products')?.columns ?? [])
          .map((column) => column.name)
          .filter((name) => name !== 'searchVector'),
      );
    return columns;
  }

  async function rowsOf(query: ReturnType<typeof library>) {
    const all = query.selectAll('products');
    if (kind === 'sqlite') return all;
    const names = await productColumns();
    return query.select(
      names.map((name) => sql.ref(`products.${name}`).as(name)),
    ) as unknown as typeof all;
  }

  /** The search as a condition on `products`, or undefined when it is blank. */
  function matching(term: string): Expression<SqlBool> | undefined {
    const tokens = searchTokens(term);
    if (tokens === null) return undefined;
    if (tokens.length === 0) return sql<SqlBool>`1 = 0`;
    if (kind === 'sqlite') {
      return sql<SqlBool>`"products".rowid in (select rowid from "productsFts"
        where "productsFts" match ${fts5Query(tokens)})`;
    }
    const words = sql<SqlBool>`"products"."searchVector" @@ to_tsquery('listsmith_search', ${tsQuery(tokens)})`;
    // Substrings such as part of a SKU or a code in the title: the trigram index.
    if (term.trim().length < SUBSTRING_MIN_LENGTH) return words;
    return sql<SqlBool>`(${words} or ("products"."title" || ' ' || "products"."tags")
      ilike ${substringPattern(term)})`;
  }

  function library(userId: string, { q, gap }: LibraryFilter) {
    const condition = matching(q);
    return db
      .selectFrom('products')
      .where('products.userId', '=', userId)
      .where('products.status', '<>', 'draft')
      .$if(condition !== undefined, (query) => query.where(condition!))
      .$if(gap !== undefined, (query) => query.where(gapConditions(kind, userId)[gap!]));
  }

  function newestFirst<T extends { orderBy: (column: 'libraryAddedAt' | 'id', dir: 'desc') => T }>(
    query: T,
  ): T {
    return query.orderBy('libraryAddedAt', 'desc').orderBy('id', 'desc');
  }

  function after(cursor: LibraryCursor | undefined) {
    return <Q extends ReturnType<typeof library>>(query: Q): Q =>
      cursor === undefined
        ? query
        : (query.where((eb) =>
            eb.or([
              eb('products.libraryAddedAt', '<', cursor.libraryAddedAt),
              eb.and([
                eb('products.libraryAddedAt', '=', cursor.libraryAddedAt),
                eb('products.id', '<', cursor.id),
              ]),
            ]),
          ) as Q);
  }

  return {
    /**
     * One page (`limit` rows at most) of the seller's library matching `filter`: after a keyset
     * cursor, or `offset` rows into the list (a jump far down it; reads past the skipped rows'
     * index entries, a few milliseconds at 10,000 products).
     */
    async page(
      userId: string,
      filter: LibraryFilter,
      cursor: LibraryCursor | undefined,
      limit: number,
      offset = 0,
    ): Promise<ProductRow[]> {
      const matches = after(cursor)(library(userId, filter));
      if (kind === 'sqlite' || searchTokens(filter.q) === null) {
        return newestFirst(await rowsOf(matches))
          .limit(limit)
          .offset(offset)
          .execute();
      }
      // A PostgreSQL search sorts every match: sorting ids, then reading the page's rows, moves
      // far less than sorting whole rows (a common word matches most of a library). SQLite
      // reads rows in process; there the two steps measured slower than one.
      const ids = newestFirst(matches.select('products.id')).limit(limit).offset(offset);
      return newestFirst(
        await rowsOf(library(userId, { q: '' }).where('products.id', 'in', ids)),
      ).execute();
    },

    async count(userId: string, filter: LibraryFilter): Promise<number> {
      const row = await library(userId, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** How many products of the search `q` have each gap: one pass over them. */
    async gapCounts(userId: string, q: string): Promise<GapCounts> {
      const row = await library(userId, { q })
        .select(gapCountColumns(gapConditions(kind, userId)))
        .executeTakeFirstOrThrow();
      const counts = row as Record<CatalogueGap, number | string | null>;
      return Object.fromEntries(
        CATALOGUE_GAPS.map((gap) => [gap, Number(counts[gap] ?? 0)]),
      ) as GapCounts;
    },

    /** Which of `ids` share their title with another of the seller's library products. */
    async duplicateTitleIds(userId: string, ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      // A twin looked up per product through the (userId, lower(title)) index: grouping the
      // whole library, as the count does, would cost a page far more than its 50 rows. The page
      // is found by id: SQLite, without statistics, would rather walk the seller's whole index
      // for `userId = ?`, which the unary plus (SQLite's idiom) keeps it from using.
      const owner =
        kind === 'sqlite'
          ? sql<SqlBool>`+"products"."userId" = ${userId}`
          : sql<SqlBool>`"products"."userId" = ${userId}`;
      const rows = await db
        .selectFrom('products')
        .select('products.id')
        .where('products.id', 'in', ids)
        .where(owner)
        .where('products.status', '<>', 'draft')
        .where('products.title', '<>', '')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('products as twin')
              .select(sql`1`.as('one'))
              .where('twin.userId', '=', userId)
              .where('twin.status', '<>', 'draft')
              .whereRef('twin.id', '<>', 'products.id')
              .where(sql`lower("twin"."title")`, '=', sql`lower("products"."title")`),
          ),
        )
        .execute();
      return rows.map((row) => row.id);
    },

    /** Every product matching `filter`, newest first, read a batch at a time. */
    async *matchingRows(userId: string, filter: LibraryFilter): AsyncGenerator<ProductRow> {
      const batch = (cursor?: LibraryCursor) => {
        const rows = this.page(userId, filter, cursor, EXPORT_BATCH);
        // Awaited below; a download abandoned meanwhile must not leave it unhandled.
        rows.catch(() => undefined);
        return rows;
      };
      let next = batch();
      for (;;) {
        const rows = await next;
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return yield* rows;
        // The next batch is read while this one is written out.
        next = batch({ libraryAddedAt: toIso(last.libraryAddedAt!), id: last.id });
        yield* rows;
      }
    },

    /** Where the products among `ids` were imported from, as the store files write it back. */
    async sourcesOf(userId: string, ids: readonly string[]): Promise<Map<string, ExportSource>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('productSources')
        .select(['productId', 'format', 'sourceKey', 'identity'])
        .where('userId', '=', userId)
        .where('productId', 'in', ids)
        .execute();
      const sources = new Map<string, ExportSource>();
      for (const row of rows) {
        const source = exportSourceOf(row.format, row.sourceKey, row.identity);
        if (source) sources.set(row.productId, source);
      }
      return sources;
    },

    /** The seller's library products among `ids` (another user's ids are simply absent). */
    async withIds(userId: string, ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return newestFirst(
        await rowsOf(library(userId, { q: '' }).where('products.id', 'in', ids)),
      ).execute();
    },

    setStoreStatus(userId: string, ids: readonly string[], storeStatus: StoreStatus) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .updateTable('products')
        .set({ storeStatus, updatedAt: new Date().toISOString() })
        .where('userId', '=', userId)
        .where('status', '<>', 'draft')
        .where('id', 'in', ids)
        .returningAll()
        .execute();
    },

    /** Sellers whose read-only library is due for deletion at `at` (not premium again). */
    async dueForDeletion(at: Date): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('libraryDeleteAfter', '<=', at.toISOString())
        .where('planName', '<>', 'premium')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Deletes the seller's library products; returns their images to remove. */
    async deleteLibrary(userId: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .deleteFrom('products')
          .where('userId', '=', userId)
          .where('status', '<>', 'draft')
          .returning(['imageId', 'photos', 'fileName'])
          .execute();
        await trx
          .updateTable('users')
          .set({ libraryDeleteAfter: null })
          .where('id', '=', userId)
          .where('planName', '<>', 'premium')
          .execute();
        return rows.flatMap((row) => storedPhotos(row).map((photo) => photo.imageId));
      });
    },
  };
}

/** PostgreSQL gives Date objects, SQLite the ISO strings we wrote. */
function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Saves the seller's generated review drafts to the library and takes them off the review list,
 * inside the caller's transaction (the plan change, or 'Finish review'). Products still being
 * generated or failed stay on the review list. Returns how many left it.
 */
export async function saveReviewDrafts(
  trx: Kysely<Database>,
  userId: string,
  at: Date,
): Promise<number> {
  const now = at.toISOString();
  const result = await trx
    .updateTable('products')
    .set({
      status: sql`case when "status" = 'draft' then 'saved' else "status" end`,
      savedAt: sql`coalesce("savedAt", ${now})`,
      libraryAddedAt: sql`coalesce("libraryAddedAt", ${now})`,
      inReview: 0,
      updatedAt: now,
    })
    .where('userId', '=', userId)
    .where('inReview', '=', 1)
    .where('generationState', '=', 'ready')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Premium ended (inside the caller's transaction): the library is kept read-only for
 * LIBRARY_READ_ONLY_DAYS, then deleted. Subscribing again clears it ({@link keepLibrary}).
 */
export async function holdLibrary(trx: Kysely<Database>, userId: string, at: Date): Promise<void> {
  const deleteAfter = libraryDeleteAfter(at);
  await trx
    .updateTable('users')
    .set({ libraryDeleteAfter: deleteAfter.toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Premium again: the library is the seller's to edit, and no longer due for deletion. */
export async function keepLibrary(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ libraryDeleteAfter: null })
    .where('id', '=', userId)
    .execute();
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
