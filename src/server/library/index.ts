/** The library capability assembled from its parts; app.ts registers its routes. */
import type { DatabaseHandle } from '../db/connection.js';
import type { ImageStore } from '../images/storage.js';
import type { Products } from '../drafting/index.js';
import { createLibraryBulk } from './library-bulk.js';
import { createLibraryRepository } from './library-repository.js';
import { createLibraryService } from './library-service.js';
import { createLibrarySweeper } from './library-sweeper.js';

export interface LibraryDeps {
  database: DatabaseHandle;
  products: Pick<Products, 'service' | 'events'>;
  store: ImageStore;
  appUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

export function createLibrary({ database, products, store, appUrl, now, log }: LibraryDeps) {
  const library = createLibraryRepository(database);
  const service = createLibraryService({ database, library, appUrl, now });
  const bulk = createLibraryBulk({
    library,
    service,
    products: products.service,
    events: products.events,
    log,
  });
  const sweeper = createLibrarySweeper({ library, store, log, now });
  return { repository: library, service, bulk, sweeper };
}

export type Library = ReturnType<typeof createLibrary>;
