/**
 * Importing from a connected Shopify store (issue 25, ADR 044; Premium, free of credits). The
 * request checks the plan and that the shop is one of the seller's connected stores, creates
 * the import and answers; the store's products are then read in batches (pages, or a bulk
 * operation's result for a large store: the Shopify capability's catalogue port decides and
 * waits out throttling) and each batch is written in its own short transaction by the import
 * writer the file import uses, keyed by shop and product GID: a store imported again updates
 * its products, never duplicates them. The outcome so far is saved with each batch, so the
 * progress shows as the file import's does, and images are fetched by the same image job as
 * batches land. A failure ends the import with the reason; what was read before it stays, and
 * importing again picks everything up (the keys make it safe).
 */
import { randomUUID } from 'node:crypto';
import { CATALOGUE_IMPORT_MESSAGES, type CatalogueImport } from '#domain/catalogue-import.js';
import { importedFromStore } from '#domain/shopify-catalogue.js';
import type { ImportedProduct } from '#domain/catalogue-rows.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import type { CatalogAccess } from '../catalog/index.js';
import type { StoreCatalogue, StoreCatalogueReader } from '../shopify/index.js';
import type { ImportRepository } from './import-repository.js';
import type { ImportOutcome } from './import-view.js';
import { skip, type Counts, type ImportWriter } from './import-writer.js';

const FORMAT = 'shopify-store';
const FAILED_MESSAGE = 'The store could not be read to the end. Import it again to continue.';
const INTERRUPTED_MESSAGE =
  'The import was interrupted (the server restarted). Import the store again to continue.';
export const STORE_IMPORT_RUNNING_MESSAGE =
  'This store is being imported already. Wait for that import to finish.';

export interface StoreImportDeps {
  database: DatabaseHandle;
  access: CatalogAccess;
  imports: ImportRepository;
  writer: ImportWriter;
  catalogue: StoreCatalogue;
  fetchImagesOf(importId: string): void;
  importOf(userId: string, id: string): Promise<CatalogueImport>;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

export function createStoreImport(deps: StoreImportDeps) {
  const { database, imports, writer, log } = deps;
  /** Stores being read by this process, by seller and shop: one import of a store at a time. */
  const running = new Map<string, Promise<void>>();
  /** Aborted at shutdown: each import stops after the batch it is on. */
  const stopping = new AbortController();

  async function readStore(
    userId: string,
    importId: string,
    reader: StoreCatalogueReader,
  ): Promise<void> {
    const at = deps.now().toISOString();
    const counts: Counts = { created: 0, updated: 0, skippedCount: 0, skipped: [] };
    const outcome = (error: string | null): string =>
      JSON.stringify({
        created: counts.created,
        updated: counts.updated,
        skipped: counts.skipped,
        error,
      } satisfies ImportOutcome);
    const context = { userId, importId, fileName: reader.shop, format: FORMAT, at } as const;
    let position = 0;
    let failure: string | null = null;
    try {
      for await (const products of reader.batches(stopping.signal)) {
        const batch: ImportedProduct[] = [];
        for (const product of products) {
          position += 1;
          const event = importedFromStore(reader.shop, product, position);
          if (event.kind === 'skipped') skip(counts, event);
          else batch.push(event.product);
        }
        await database.db.transaction().execute(async (trx) => {
          await writer.writeBatch(trx, context, batch, counts);
          await imports.saveOutcome(trx, importId, outcome(null));
        });
        deps.fetchImagesOf(importId);
      }
    } catch (error) {
      // Shopify's refusals (reconnect, unreachable, busy) are told as they are; the rest logged.
      if (stopping.signal.aborted) failure = INTERRUPTED_MESSAGE;
      else if (error instanceof HttpError) failure = error.message;
      else {
        log.error({ err: error, importId }, 'store import failed');
        failure = FAILED_MESSAGE;
      }
    }
    await imports.finishImport(database.db, importId, FORMAT, outcome(failure));
  }

  return {
    /** Starts importing the seller's connected store `shop`; answers with the import begun. */
    async importStore(userId: string, shop: string): Promise<CatalogueImport> {
      await deps.access.requirePremium(userId, CATALOGUE_IMPORT_MESSAGES.premium);
      const reader = await deps.catalogue.open(userId, shop);
      const key = `${userId}/${reader.shop}`;
      if (running.has(key)) {
        throw new HttpError(409, STORE_IMPORT_RUNNING_MESSAGE, 'import-running');
      }
      // Held from here on, before anything is awaited: two requests at once start one import.
      let release = () => {};
      running.set(key, new Promise<void>((resolve) => (release = resolve)));
      const done = () => {
        running.delete(key);
        release();
      };
      const importId = randomUUID();
      try {
        await imports.createImport(database.db, {
          id: importId,
          userId,
          fileName: reader.shop,
          createdAt: deps.now().toISOString(),
        });
      } catch (error) {
        done();
        throw error;
      }
      void readStore(userId, importId, reader)
        .catch((error: unknown) => log.error({ err: error, importId }, 'store import failed'))
        .finally(done);
      return deps.importOf(userId, importId);
    },

    /** Resolves once no store is being read (tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },

    /** Shutdown: each import stops after the batch it is on, told as interrupted. */
    async close(): Promise<void> {
      stopping.abort();
      await this.idle();
    },
  };
}

export type StoreImport = ReturnType<typeof createStoreImport>;
