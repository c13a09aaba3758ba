/**
 * SQL of the catalogue import: the import's own row, where imported products came from, and the
 * images each still has to fetch. Writes of one file take the transaction the service opened.
 * Every read by a seller is scoped by their id.
 */
import type { Insertable, Kysely } from 'kysely';
import type { CatalogueFormat } from '#domain/catalogue-import.js';
import type { Database, ProductsTable } from '../db/schema.js';

export interface ExistingSource {
  productId: string;
  sourceKey: string;
  imageUrls: string;
  title: string;
  description: string;
  photos: string;
}

export interface ImportItem {
  importId: string;
  productId: string;
  sourceKey: string;
  line: number;
  images: string;
}

/** Products read per query while an import's download streams. */
const EXPORT_BATCH = 200;

interface ExportCursor {
  position: number;
  id: string;
}

export function createImportRepository(db: Kysely<Database>) {
  function exportBatch(userId: string, importId: string, after: ExportCursor | null) {
    return db
      .selectFrom('productSources as s')
      .innerJoin('products as p', 'p.id', 's.productId')
      .selectAll('p')
      .select(['s.format as sourceFormat', 's.sourceKey', 's.identity as sourceIdentity'])
      .where('s.importId', '=', importId)
      .where('s.userId', '=', userId)
      .where('p.status', '<>', 'draft')
      .$if(after !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('p.batchPosition', '>', after!.position),
            eb.and([eb('p.batchPosition', '=', after!.position), eb('p.id', '>', after!.id)]),
          ]),
        ),
      )
      .orderBy('p.batchPosition')
      .orderBy('p.id')
      .limit(EXPORT_BATCH)
      .execute();
  }

  return {
    async createImport(
      trx: Kysely<Database>,
      row: { id: string; userId: string; fileName: string; createdAt: string },
    ): Promise<void> {
      await trx
        .insertInto('catalogueImports')
        .values({ ...row, format: null, state: 'importing' })
        .execute();
    },

    /** A store import's outcome so far, written with each page it read. */
    async saveOutcome(trx: Kysely<Database>, id: string, outcome: string): Promise<void> {
      await trx.updateTable('catalogueImports').set({ outcome }).where('id', '=', id).execute();
    },

    async finishImport(
      trx: Kysely<Database>,
      id: string,
      format: CatalogueFormat,
      outcome: string,
    ): Promise<void> {
      await trx
        .updateTable('catalogueImports')
        .set({ format, outcome, state: 'done', finishedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    findForUser(userId: string, id: string) {
      return db
        .selectFrom('catalogueImports')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** The products an earlier import of this seller made from these keys, with their texts. */
    existingSources(
      trx: Kysely<Database>,
      userId: string,
      format: CatalogueFormat,
      keys: readonly string[],
    ): Promise<ExistingSource[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return trx
        .selectFrom('productSources as s')
        .innerJoin('products as p', 'p.id', 's.productId')
        .select([
          's.productId',
          's.sourceKey',
          's.imageUrls',
          'p.title',
          'p.description',
          'p.photos',
        ])
        .where('s.userId', '=', userId)
        .where('s.format', '=', format)
        .where('s.sourceKey', 'in', keys)
        .execute();
    },

    async insertProducts(
      trx: Kysely<Database>,
      rows: Insertable<ProductsTable>[],
      sources: Insertable<Database['productSources']>[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await trx.insertInto('products').values(rows).execute();
      await trx
        .insertInto('productPhotos')
        .values(
          rows.map((row) => ({ imageId: row.imageId, productId: row.id, userId: row.userId })),
        )
        .execute();
      await trx.insertInto('productSources').values(sources).execute();
    },

    async updateProduct(
      trx: Kysely<Database>,
      userId: string,
      productId: string,
      columns: Partial<Insertable<ProductsTable>>,
      source: {
        importId: string;
        fileName: string;
        imageUrls: string;
        importedAt: string;
        identity: string;
        storeFields: string;
      },
    ): Promise<void> {
      await trx
        .updateTable('products')
        .set(columns)
        .where('id', '=', productId)
        .where('userId', '=', userId)
        .execute();
      await trx
        .updateTable('productSources')
        .set(source)
        .where('productId', '=', productId)
        .execute();
    },

    async recordVersions(
      trx: Kysely<Database>,
      versions: {
        productId: string;
        field: string;
        value: string;
        cause: string;
        replacedAt: string;
      }[],
    ): Promise<void> {
      if (versions.length > 0)
        await trx.insertInto('productFieldVersions').values(versions).execute();
    },

    async insertItems(trx: Kysely<Database>, items: ImportItem[]): Promise<void> {
      if (items.length > 0) {
        await trx
          .insertInto('catalogueImportItems')
          .values(items.map((item) => ({ ...item, state: 'pending' as const })))
          .execute();
      }
    },

    /** Takes the next pending item of an import for this process; undefined when none is left. */
    async claimNext(importId: string): Promise<(ImportItem & { userId: string }) | undefined> {
      for (;;) {
        const next = await db
          .selectFrom('catalogueImportItems as i')
          .innerJoin('catalogueImports as c', 'c.id', 'i.importId')
          .select(['i.importId', 'i.productId', 'i.sourceKey', 'i.line', 'i.images', 'c.userId'])
          .where('i.importId', '=', importId)
          .where('i.state', '=', 'pending')
          .limit(1)
          .executeTakeFirst();
        if (!next) return undefined;
        // Another process may take the same item: only the one whose update changed it runs it.
        const claimed = await db
          .updateTable('catalogueImportItems')
          .set({ state: 'fetching', claimedAt: new Date().toISOString() })
          .where('importId', '=', importId)
          .where('productId', '=', next.productId)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) return next;
      }
    },

    /** The product's images tried: how many were stored, and the ones that failed and why. */
    async finishItem(
      importId: string,
      productId: string,
      result: { fetched: number; failures: readonly { url: string; reason: string }[] },
    ): Promise<void> {
      await db
        .updateTable('catalogueImportItems')
        .set({
          state: 'done',
          failures: JSON.stringify(result.failures),
          fetched: result.fetched,
          failed: result.failures.length,
        })
        .where('importId', '=', importId)
        .where('productId', '=', productId)
        .execute();
    },

    /** Imports with images still to fetch (after a restart: the ones a stopped process held too). */
    async unfinishedImports(): Promise<string[]> {
      await db
        .updateTable('catalogueImportItems')
        .set({ state: 'pending', claimedAt: null })
        .where('state', '=', 'fetching')
        .execute();
      const rows = await db
        .selectFrom('catalogueImportItems')
        .select('importId')
        .distinct()
        .where('state', '=', 'pending')
        .execute();
      return rows.map((row) => row.importId);
    },

    /**
     * The products an import last wrote that are still in the seller's library, with their
     * sources, in the file's order, a batch at a time (keyset: memory stays flat).
     */
    async *exportBatches(userId: string, importId: string) {
      let after: ExportCursor | null = null;
      for (;;) {
        const rows = await exportBatch(userId, importId, after);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_BATCH) return;
        after = { position: last.batchPosition, id: last.id };
      }
    },

    /**
     * The image job's progress as counts summed in SQL (the web asks every second: reading
     * every item each time grew with the square of the catalogue), and the first products with
     * failed images, in the file's order.
     */
    async imageProgress(importId: string, listed: number) {
      const [counts, failed] = await Promise.all([
        db
          .selectFrom('catalogueImportItems')
          .select((eb) => [
            'state',
            eb.fn.countAll<string | number>().as('products'),
            eb.fn.sum<string | number | null>('fetched').as('fetched'),
            eb.fn.sum<string | number | null>('failed').as('failed'),
          ])
          .where('importId', '=', importId)
          .groupBy('state')
          .execute(),
        db
          .selectFrom('catalogueImportItems')
          .select(['productId', 'sourceKey', 'line', 'failures'])
          .where('importId', '=', importId)
          .where('state', '=', 'done')
          .where('failed', '>', 0)
          .orderBy('line')
          .limit(listed)
          .execute(),
      ]);
      return { counts, failed };
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;
