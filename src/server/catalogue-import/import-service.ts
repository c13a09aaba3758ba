/**
 * Importing a catalogue file (contract: src/domain/catalogue-import.ts). The upload is first
 * spooled to a temporary file (disk, streamed: memory stays flat, and no database connection
 * waits on a slow client), then read and written in one transaction, in batches: a file refused
 * at any line leaves nothing behind. Products an earlier import of the same seller made from the
 * same format and handle/ID are updated, never added again. Images are fetched afterwards by the
 * image job (image-jobs.ts). Importing costs no credits. The products are written by the
 * import writer (import-writer.ts), which a store import (store-import.ts) shares.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_IMPORT_MESSAGES,
  catalogueFormatSchema,
  importExportFormat,
  type CatalogueImport,
} from '#domain/catalogue-import.js';
import { ImportFileError, type ImportedProduct } from '#domain/catalogue-rows.js';
import type { ExportPlatform } from '#domain/export-common.js';
import { exportSourceOf } from '#domain/export-source.js';
import { csvChunks } from '#domain/export-writers.js';
import { toExportProduct } from '#domain/products.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import { notFound, toProduct, type CatalogAccess } from '../catalog/index.js';
import { readCatalogue } from './file-reader.js';
import type { ImportRepository } from './import-repository.js';
import { importView, type ImportOutcome } from './import-view.js';
import { skip, type Counts, type ImportWriter } from './import-writer.js';

/** Products written per statement: few round trips, and bounded statement sizes. */
const BATCH = 200;

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
  writer: ImportWriter;
  /** Hands an import whose images are to fetch to the image job. */
  fetchImagesOf(importId: string): void;
  /** Makes image URLs absolute in an import's download. */
  appUrl: string;
  now?: () => Date;
}

function uuidOrNotFound(id: unknown): string {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  return id.toLowerCase();
}

export function createImportService(deps: ImportServiceDeps) {
  const { database, access, imports } = deps;
  const now = deps.now ?? (() => new Date());

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
          const { writeBatch } = deps.writer;
          const context = { userId, importId, fileName: upload.fileName, format, at };
          let batch: ImportedProduct[] = [];
          for await (const event of events) {
            if (event.kind === 'skipped') {
              skip(counts, { line: event.line, key: event.key, reason: event.reason });
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

    /**
     * A finished file import's products still in the library, as the store file they came in
     * (ADR 046): chunks of its own format, with their handles / store ids. Premium, like
     * importing; another seller's import, or a store's, is not found.
     */
    async exportFile(
      userId: string,
      id: unknown,
    ): Promise<{ platform: ExportPlatform; chunks: AsyncIterable<string> }> {
      await access.requirePremium(userId, CATALOGUE_IMPORT_MESSAGES.premium);
      const row = await imports.findForUser(userId, uuidOrNotFound(id));
      const format = catalogueFormatSchema.safeParse(row?.format).data ?? null;
      const platform = row ? importExportFormat({ format, state: row.state }) : null;
      if (!row || !platform) throw new HttpError(404, 'Import not found');
      const batches = imports.exportBatches(userId, row.id);
      const products = (async function* () {
        for await (const rows of batches) {
          yield rows.map((product) => ({
            ...toExportProduct(toProduct(product), deps.appUrl),
            source: exportSourceOf(product.sourceFormat, product.sourceKey, product.sourceIdentity),
          }));
        }
      })();
      return { platform, chunks: csvChunks(platform, products) };
    },

    /** The import with its image progress: the seller's own, or 404. */
    async importOf(userId: string, id: unknown): Promise<CatalogueImport> {
      const row = await imports.findForUser(userId, uuidOrNotFound(id));
      if (!row) throw new HttpError(404, 'Import not found');
      const listed = CATALOGUE_IMPORT_LIMITS.imageFailuresListedMax;
      return importView(row, await imports.imageProgress(row.id, listed), listed);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
