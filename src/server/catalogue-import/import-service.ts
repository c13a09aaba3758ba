/**
 * Importing a catalogue file (contract: src/domain/catalogue-import.ts). The upload is first
 * spooled to a temporary file (disk, streamed: memory stays flat, and no database connection
 * waits on a slow client), then read and written in one transaction, in batches: a file refused
 * at any line leaves nothing behind. Products an earlier import of the same seller made from the
 * same format and handle/ID are updated, never added again. Images are fetched afterwards by the
 * image job (image-jobs.ts). Importing costs no credits.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Insertable, Kysely } from 'kysely';
import {
  CATALOGUE_IMPORT_MESSAGES,
  type CatalogueFormat,
  type CatalogueImport,
  type SkippedProduct,
} from '#domain/catalogue-import.js';
import { ImportFileError, type ImportedProduct } from '#domain/catalogue-rows.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Database, ProductsTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { notFound, type CatalogAccess } from '../catalog/index.js';
import type { Taxonomy } from '../vision/index.js';
import { readCatalogue } from './file-reader.js';
import type { ImportRepository } from './import-repository.js';
import { importView, type ImportOutcome } from './import-view.js';

/** Products written per statement: few round trips, and bounded statement sizes. */
const BATCH = 200;
/** Skipped products listed in the result at most (the count stays right beyond it). */
const SKIPPED_LISTED_MAX = 1000;

export interface ImportUpload {
  fileName: string;
  file: Readable;
  /** True once the upload was cut at the size limit. */
  truncated(): boolean;
}

export interface ImportServiceDeps {
  database: DatabaseHandle;
  access: CatalogAccess;
  imports: ImportRepository;
  taxonomy: () => Taxonomy;
  /** Hands an import whose images are to fetch to the image job. */
  fetchImagesOf(importId: string): void;
  now?: () => Date;
}

interface Counts {
  created: number;
  updated: number;
  skippedCount: number;
  skipped: SkippedProduct[];
}

function uuidOrNotFound(id: unknown): string {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  return id.toLowerCase();
}

export function createImportService(deps: ImportServiceDeps) {
  const { database, access, imports } = deps;
  const now = deps.now ?? (() => new Date());

  function categoryOf(product: ImportedProduct) {
    if (!product.category)
      return { categoryId: null, categoryFullName: null, categoryConfidence: null };
    const match = deps.taxonomy().match(product.category);
    if (match.kind !== 'id' && match.kind !== 'exact') {
      return { categoryId: null, categoryFullName: null, categoryConfidence: null };
    }
    return {
      categoryId: match.category.gid,
      categoryFullName: match.category.fullName,
      categoryConfidence: 1,
    };
  }

  /** The listing columns the file sets, on a new product and on one imported again alike. */
  function listingColumns(product: ImportedProduct, at: string) {
    return {
      title: product.title,
      description: product.description,
      tags: JSON.stringify(product.tags),
      priceCents: product.price === null ? null : Math.round(product.price * 100),
      ...categoryOf(product),
      seoTitle: product.seoTitle,
      seoDescription: product.seoDescription,
      altText: product.images[0]?.alt ?? '',
      storeStatus: product.storeStatus,
      variants: JSON.stringify(product.variants ?? { options: [], rows: [] }),
      updatedAt: at,
    };
  }

  async function writeBatch(
    trx: Kysely<Database>,
    context: {
      userId: string;
      importId: string;
      fileName: string;
      format: CatalogueFormat;
      at: string;
    },
    batch: ImportedProduct[],
    counts: Counts,
  ): Promise<void> {
    const { userId, importId, fileName, format, at } = context;
    const existing = await imports.existingSources(
      trx,
      userId,
      format,
      batch.map((p) => p.key),
    );
    const byKey = new Map(existing.map((source) => [source.sourceKey, source]));
    const rows: Insertable<ProductsTable>[] = [];
    const sources: Insertable<Database['productSources']>[] = [];
    const versions: Parameters<ImportRepository['recordVersions']>[1] = [];
    const items: Parameters<ImportRepository['insertItems']>[1] = [];
    for (const product of batch) {
      const imageUrls = JSON.stringify(product.images.map((image) => image.url));
      const columns = listingColumns(product, at);
      const item = {
        importId,
        sourceKey: product.key,
        line: product.line,
        images: JSON.stringify(product.images),
      };
      const found = byKey.get(product.key);
      if (!found) {
        const id = randomUUID();
        // The main photo's id is chosen now; the image job stores the first fetched image
        // (or a plain tile when none can be) under it.
        const imageId = randomUUID();
        rows.push({
          ...columns,
          id,
          userId,
          imageId,
          fileName,
          photos: JSON.stringify([{ imageId, fileName }]),
          batchPosition: product.line,
          generationState: 'ready',
          // An imported product was never drafted: it holds no credit.
          creditState: 'refunded',
          creditBucket: null,
          status: 'saved',
          inReview: 0,
          savedAt: at,
          libraryAddedAt: at,
          createdAt: at,
        });
        sources.push({
          productId: id,
          userId,
          format,
          sourceKey: product.key,
          fileName,
          importId,
          imageUrls,
          importedAt: at,
        });
        for (const field of ['title', 'description'] as const) {
          if (product[field].trim() !== '') {
            versions.push({
              productId: id,
              field,
              value: product[field],
              cause: 'import',
              replacedAt: at,
            });
          }
        }
        items.push({ ...item, productId: id });
        counts.created += 1;
        continue;
      }
      await imports.updateProduct(trx, userId, found.productId, columns, {
        importId,
        fileName,
        imageUrls,
        importedAt: at,
      });
      for (const field of ['title', 'description'] as const) {
        if (found[field] === product[field]) continue;
        if (found[field].trim() !== '') {
          versions.push({
            productId: found.productId,
            field,
            value: found[field],
            cause: 'reimport',
            replacedAt: at,
          });
        }
        if (product[field].trim() !== '') {
          versions.push({
            productId: found.productId,
            field,
            value: product[field],
            cause: 'import',
            replacedAt: at,
          });
        }
      }
      if (found.imageUrls !== imageUrls) items.push({ ...item, productId: found.productId });
      counts.updated += 1;
    }
    await imports.insertProducts(trx, rows, sources);
    await imports.recordVersions(trx, versions);
    await imports.insertItems(trx, items);
  }

  async function spool(upload: ImportUpload): Promise<{ file: string; dir: string }> {
    const dir = await mkdtemp(path.join(tmpdir(), 'listsmith-import-'));
    const file = path.join(dir, 'upload.csv');
    try {
      await pipeline(upload.file, createWriteStream(file));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    if (upload.truncated()) {
      await rm(dir, { recursive: true, force: true });
      throw new HttpError(413, CATALOGUE_IMPORT_MESSAGES.tooLarge, 'too-large');
    }
    return { file, dir };
  }

  return {
    async importFile(userId: string, upload: ImportUpload): Promise<CatalogueImport> {
      await access.requirePremium(userId, CATALOGUE_IMPORT_MESSAGES.premium);
      const spooled = await spool(upload);
      const importId = randomUUID();
      const at = now().toISOString();
      try {
        const { format, events } = await readCatalogue(createReadStream(spooled.file));
        await database.db.transaction().execute(async (trx) => {
          await imports.createImport(trx, {
            id: importId,
            userId,
            fileName: upload.fileName,
            createdAt: at,
          });
          const counts: Counts = { created: 0, updated: 0, skippedCount: 0, skipped: [] };
          const context = { userId, importId, fileName: upload.fileName, format, at };
          let batch: ImportedProduct[] = [];
          for await (const event of events) {
            if (event.kind === 'skipped') {
              counts.skippedCount += 1;
              if (counts.skipped.length < SKIPPED_LISTED_MAX) {
                counts.skipped.push({ line: event.line, key: event.key, reason: event.reason });
              }
              continue;
            }
            batch.push(event.product);
            if (batch.length >= BATCH) {
              await writeBatch(trx, context, batch, counts);
              batch = [];
            }
          }
          await writeBatch(trx, context, batch, counts);
          if (counts.created + counts.updated + counts.skippedCount === 0) {
            throw new ImportFileError(null, CATALOGUE_IMPORT_MESSAGES.empty);
          }
          const outcome: ImportOutcome = {
            created: counts.created,
            updated: counts.updated,
            skipped: counts.skipped,
          };
          await imports.finishImport(trx, importId, format, JSON.stringify(outcome));
        });
      } finally {
        await rm(spooled.dir, { recursive: true, force: true });
      }
      deps.fetchImagesOf(importId);
      return this.importOf(userId, importId);
    },

    /** The import with its image progress: the seller's own, or 404. */
    async importOf(userId: string, id: unknown): Promise<CatalogueImport> {
      const row = await imports.findForUser(userId, uuidOrNotFound(id));
      if (!row) throw new HttpError(404, 'Import not found');
      return importView(row, await imports.imageProgress(row.id));
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
