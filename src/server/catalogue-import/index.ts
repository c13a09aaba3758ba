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
 * 4. store-import.ts — POST /api/catalogue-imports/shopify: a connected Shopify store read page
 *    by page through the Shopify capability's catalogue port (ADR 044), written by the same
 *    import writer (import-writer.ts) under the source key shop + product GID.
 *
 * 5. GET …/:id/export (import-service.ts `exportFile`) — a file import's products back in their
 *    own format with their handles / store ids (ADR 046), so the store's importer updates them.
 *    The library's downloads keep the same ids for products of a file in the download's format.
 * 6. store-update.ts — POST /api/catalogue-imports/shopify/update: 'Update in Shopify', the
 *    selection's products from a connected store sent back with only their changed fields
 *    (ADR 045), through the Shopify capability's update port; what the store last had is kept
 *    with each source (store-update-repository.ts).
 */
import type { LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import type { ImageStore } from '../images/storage.js';
import type { LibrarySelection } from '#domain/library.js';
import type { CatalogAccess, ProductRow } from '../catalog/index.js';
import type { StoreCatalogue, StoreProductUpdates } from '../shopify/index.js';
import type { RequireSession } from '../http/signed-in.js';
import { loadTaxonomy } from '../vision/index.js';
import { createImageFetcher, type FetchImage } from './image-fetcher.js';
import { createImageJobs } from './image-jobs.js';
import { createImportRepository } from './import-repository.js';
import { createImportService } from './import-service.js';
import { createImportWriter } from './import-writer.js';
import { catalogueImportRoutes } from './routes.js';
import { createStoreImport } from './store-import.js';
import { createStoreUpdate } from './store-update.js';
import { createStoreUpdateRepository } from './store-update-repository.js';

export interface CatalogueImportDeps {
  database: DatabaseHandle;
  access: CatalogAccess;
  store: ImageStore;
  /** Makes the products' image URLs absolute in an import's download. */
  appUrl: string;
  imageFetch: { allowAddresses: readonly string[]; timeoutMs: number; maxBytes?: number };
  /** The seller's connected Shopify stores, read for a store import. */
  stores: StoreCatalogue;
  /** Sending a connected store's products back to it ('Update in Shopify'). */
  storeUpdates: StoreProductUpdates;
  /** The library's rows a selection names. */
  selected(userId: string, selection: LibrarySelection): AsyncIterable<ProductRow>;
  /** Name resolution for image fetches; default the system's (tests resolve names of their own). */
  lookup?: LookupFunction;
  now?: () => Date;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export function createCatalogueImport(deps: CatalogueImportDeps) {
  const imports = createImportRepository(deps.database.db);
  const fetchOverNetwork = createImageFetcher({
    ...deps.imageFetch,
    ...(deps.lookup ? { lookup: deps.lookup } : {}),
  });
  // The sandbox store's images are the app's own: read from it, never fetched over the network.
  const fetchImage: FetchImage = async (url, signal, userId) =>
    (userId ? await deps.stores.sandboxImage(userId, url) : null) ?? fetchOverNetwork(url, signal);
  const images = createImageJobs({
    database: deps.database,
    imports,
    store: deps.store,
    fetchImage,
    log: deps.log,
  });
  const writer = createImportWriter({ imports, taxonomy: loadTaxonomy });
  const service = createImportService({
    database: deps.database,
    access: deps.access,
    imports,
    writer,
    fetchImagesOf: images.enqueue,
    appUrl: deps.appUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const stores = createStoreImport({
    database: deps.database,
    access: deps.access,
    imports,
    writer,
    catalogue: deps.stores,
    fetchImagesOf: images.enqueue,
    importOf: service.importOf,
    now: deps.now ?? (() => new Date()),
    log: deps.log,
  });
  const updates = createStoreUpdate({
    access: deps.access,
    selected: deps.selected,
    stores: deps.storeUpdates,
    repository: createStoreUpdateRepository(deps.database.db),
    taxonomy: loadTaxonomy,
    log: deps.log,
  });
  return { service, images, stores, updates };
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>;

/** The catalogue import's routes. */
export async function catalogueImportPlugin(
  app: FastifyInstance,
  options: {
    catalogueImport: CatalogueImport;
    requireSession: RequireSession;
    log: CatalogueImportDeps['log'];
  },
) {
  await app.register(catalogueImportRoutes, {
    service: options.catalogueImport.service,
    stores: options.catalogueImport.stores,
    updates: options.catalogueImport.updates,
    requireSession: options.requireSession,
    log: options.log,
  });
}
