/**
 * Catalogue import: a seller's existing products brought in from a Shopify, WooCommerce or
 * Squarespace product CSV (issue 25; Premium; free of credits). Read it in this order:
 *
 * 1. routes.ts — POST /api/catalogue-imports takes the file, GET …/:id shows the outcome.
 * 2. import-service.ts — spools the upload, reads it (file-reader.ts with the format readers
 *    of src/domain/catalogue-formats.ts) and writes it in one transaction
 *    (import-repository.ts): new products into the library with their source and their text as
 *    imported as the first version; products of an earlier import of the same source updated.
 * 3. image-jobs.ts — the products' images, fetched afterwards under the SSRF policy of
 *    image-fetcher.ts (ADR 041) and stored by the upload intake.
 *
 * Importing from a connected store and sending improvements back build on the same sources
 * (productSources: seller, format, handle/ID) later.
 */
import type { LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import type { ImageStore } from '../images/storage.js';
import type { CatalogAccess } from '../catalog/index.js';
import type { RequireSession } from '../http/signed-in.js';
import { loadTaxonomy } from '../vision/index.js';
import { createImageFetcher } from './image-fetcher.js';
import { createImageJobs } from './image-jobs.js';
import { createImportRepository } from './import-repository.js';
import { createImportService } from './import-service.js';

import { catalogueImportRoutes } from './routes.js';

export interface CatalogueImportDeps {
  database: DatabaseHandle;
  access: CatalogAccess;
  store: ImageStore;
  imageFetch: { allowAddresses: readonly string[]; timeoutMs: number; maxBytes?: number };
  /** Name resolution for image fetches; default the system's (tests resolve names of their own). */
  lookup?: LookupFunction;
  now?: () => Date;
  log: { error(details: object, message: string): void };
}

export function createCatalogueImport(deps: CatalogueImportDeps) {
  const imports = createImportRepository(deps.database.db);
  const images = createImageJobs({
    database: deps.database,
    imports,
    store: deps.store,
    fetchImage: createImageFetcher({
      ...deps.imageFetch,
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    }),
    log: deps.log,
  });
  const service = createImportService({
    database: deps.database,
    access: deps.access,
    imports,
    taxonomy: loadTaxonomy,
    fetchImagesOf: images.enqueue,
    ...(deps.now ? { now: deps.now } : {}),
  });
  return { service, images };
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>;

/** The catalogue import's routes. */
export async function catalogueImportPlugin(
  app: FastifyInstance,
  options: { catalogueImport: CatalogueImport; requireSession: RequireSession },
) {
  await app.register(catalogueImportRoutes, {
    service: options.catalogueImport.service,
    requireSession: options.requireSession,
  });
}
