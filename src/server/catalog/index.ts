/**
 * The product core, the catalog's only public face: the product row and its codec, the product
 * repository, product events (this process's bus, or the Redis-shared one), what product work
 * reads about the seller, and the one access module (owned-products.ts: a seller's own product,
 * their plan, Premium-only features, the read-only library). Drafting, editing, the library and
 * Shopify publishing build on it and import nothing else of the catalog.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createCatalogAccess } from './owned-products.js';
import { createProductEventBus, type ProductEventBus } from './product-events.js';
import { createProductRepository } from './product-repository.js';
import { createSellerRepository } from './seller-repository.js';

export {
  libraryAccessOf,
  libraryReadOnly,
  notFound,
  premiumRequired,
  stillGenerating,
  type CatalogAccess,
} from './owned-products.js';
export { confirmedCategoryColumns, draftColumns, editedFieldsAfter } from './product-columns.js';
export { type ProductEventBus } from './product-events.js';
export { readDisplayImage, readProductPhotos } from './product-images.js';
export {
  decodeAppearance,
  markPublished,
  type ProductColumns,
  type ProductRepository,
  type ProfileProductRow,
} from './product-repository.js';
export {
  confirmedCategoryOf,
  GENERIC_GENERATION_FAILURE,
  imageUrls,
  isoString,
  productImageIds,
  storedConfirmedAttributes,
  storedEditedFields,
  storedEvidence,
  storedGuidance,
  storedPhotos,
  storedSuggestions,
  toCents,
  toDollars,
  toProduct,
  type ProductRow,
  type StoredPhoto,
} from './product-row.js';
export { type SellerRepository, type SellerSettingsReader } from './seller-repository.js';
export {
  createSharedProductEventBus,
  type SharedProductEventBus,
} from './shared-product-events.js';

export interface CatalogDeps {
  db: Kysely<Database>;
  log: { error(details: object, message: string): void };
  /** Product events; default: delivered within this process only. */
  events?: ProductEventBus;
}

export function createCatalog({ db, log, events }: CatalogDeps) {
  const products = createProductRepository(db);
  const sellers = createSellerRepository(db);
  return {
    products,
    sellers,
    access: createCatalogAccess(products, sellers),
    events: events ?? createProductEventBus(log),
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
