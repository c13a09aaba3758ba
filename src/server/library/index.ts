/** The library capability assembled from its parts; app.ts registers its routes. */
import type { DatabaseHandle } from '../db/connection.js';
import type { Products } from '../products/index.js';
import { createLibraryBulk } from './library-bulk.js';
import { createLibraryRepository } from './library-repository.js';
import { createLibraryService } from './library-service.js';

export interface LibraryDeps {
  database: DatabaseHandle;
  products: Pick<Products, 'service' | 'events'>;
  appUrl: string;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

export function createLibrary({ database, products, appUrl, now, log }: LibraryDeps) {
  const library = createLibraryRepository(database);
  const service = createLibraryService({ database, library, appUrl, now });
  const bulk = createLibraryBulk({
    library,
    service,
    products: products.service,
    events: products.events,
    log,
  });
  return { repository: library, service, bulk };
}

export type Library = ReturnType<typeof createLibrary>;
