/**
 * Editing: what a seller does with a draft once it exists. Each operation lives with the service
 * that owns it, and the routes call that service by name:
 *
 * - products (product-service.ts): list, patch (text, price, category, attributes, variants,
 *   SEO), delete, retry a failed generation, the review list's CSV export;
 * - redraft (product-redraft-service.ts, attribute-redraft.ts, identify-columns.ts): regenerate
 *   one field, 'What is this product?', a re-draft after attributes are confirmed;
 * - versions (field-version-*.ts): the earlier titles and descriptions, and undo;
 * - photos (photo-service.ts, photo-redraft.ts, photo-repository.ts): combine, split, order,
 *   and the suggested groups of look-alike photos.
 *
 * Every change goes through product-writes.ts: the catalog's access module decides whether the
 * product may change (read-only library included), and the change is announced on the seller's
 * product events.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import type { RequireSession } from '../http/signed-in.js';
import type { ImageStore } from '../images/storage.js';
import type { AnalyzerBudget } from '../limits/analyzer-budget.js';
import type { Catalog, SellerSettingsReader } from '../catalog/index.js';
import type { Generation } from '../drafting/index.js';
import type { VisionProvider } from '../vision/index.js';
import { createFieldVersionRepository } from './field-version-repository.js';
import { createFieldVersionService } from './field-version-service.js';
import { createImproveService } from './improve-service.js';
import { createPhotoRepository } from './photo-repository.js';
import { createPhotoService } from './photo-service.js';
import { createRedraftService } from './product-redraft-service.js';
import { createProductService } from './product-service.js';
import { createOwnedProducts } from './product-writes.js';
import { productRoutes } from './routes.js';
import { createSuggestionService } from './suggestion-service.js';

export interface EditingDeps {
  database: DatabaseHandle;
  catalog: Catalog;
  generation: Generation;
  store: ImageStore;
  provider: VisionProvider;
  /** The seller's allowance of photos described per minute, shared by the analyzer routes. */
  budget: AnalyzerBudget;
  /** The seller's settings (account), read where a price or a text is drafted. */
  settings: SellerSettingsReader;
  /** Public origin: exported image URLs must be absolute for the stores to fetch them. */
  appUrl: string;
  log: { error(details: object, message: string): void };
}

export function createEditing(deps: EditingDeps) {
  const { database, catalog, generation, store, provider, budget, settings, log } = deps;
  const { products, sellers, access, events } = catalog;
  const versions = createFieldVersionRepository(database.db, database.kind);
  const owned = createOwnedProducts(access, products, versions, events);
  return {
    products: createProductService(
      {
        database,
        products,
        access,
        settings,
        store,
        provider,
        generation,
        events,
        log,
        appUrl: deps.appUrl,
      },
      owned,
    ),
    redraft: createRedraftService({ sellers, settings, store, provider, budget }, owned),
    versions: createFieldVersionService(versions, owned),
    improve: createImproveService({ database, sellers, settings, store, provider }, owned),
    suggestions: createSuggestionService(owned),
    photos: createPhotoService(
      {
        database,
        products,
        photos: createPhotoRepository(database.db),
        versions,
        generation,
        events,
        provider,
        budget,
        store,
        sellers,
        settings,
      },
      owned,
    ),
  };
}

export type Editing = ReturnType<typeof createEditing>;

/** Editing's routes: a product's operations after upload, each on the service that owns it. */
export async function editingPlugin(
  app: FastifyInstance,
  options: { editing: Editing; requireSession: RequireSession },
) {
  await app.register(productRoutes, options);
}
