/** The library capability assembled from its parts, and its routes' plugin. */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import type { RequireSession } from '../http/signed-in.js';
import type { ImageStore } from '../images/storage.js';
import type { Catalog } from '../catalog/index.js';
import type { GenerationQueue, GenerationRunner } from '../drafting/index.js';
import { createImproveRunRepository } from './improve-run-repository.js';
import { createImproveRuns } from './improve-runs.js';
import { createLibraryBulk, type LibraryProductEdits } from './library-bulk.js';
import {
  createLibraryRepository,
  holdLibrary,
  keepLibrary,
  saveReviewDrafts,
} from './library-repository.js';
import { createLibraryService } from './library-service.js';
import { createLibrarySweeper } from './library-sweeper.js';
import { libraryRoutes } from './routes.js';

export interface LibraryDeps {
  database: DatabaseHandle;
  catalog: Pick<Catalog, 'access' | 'sellers' | 'events'>;
  /** Deleting and re-drafting a product, as editing does it. */
  edits: LibraryProductEdits;
  store: ImageStore;
  appUrl: string;
  now: () => Date;
  /** The queue Improve runs go on (BullMQ with REDIS_URL); default: in this process. */
  createQueue?: (run: GenerationRunner) => GenerationQueue;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

export function createLibrary(deps: LibraryDeps) {
  const { database, catalog, edits, store, appUrl, now, log } = deps;
  const library = createLibraryRepository(database);
  const service = createLibraryService({
    database,
    library,
    sellers: catalog.sellers,
    appUrl,
    now,
  });
  const bulk = createLibraryBulk({
    library,
    service,
    products: edits,
    events: catalog.events,
    log,
  });
  const sweeper = createLibrarySweeper({ library, store, log, now });
  const improveRuns = createImproveRuns({
    runs: createImproveRunRepository(database.db),
    service,
    edits,
    sellers: catalog.sellers,
    ...(deps.createQueue ? { createQueue: deps.createQueue } : {}),
    log,
  });
  return { repository: library, service, bulk, improveRuns, sweeper };
}

export type Library = ReturnType<typeof createLibrary>;

/** The library's routes: pages, downloads, readiness, bulk actions, Improve runs, the review. */
export async function libraryPlugin(
  app: FastifyInstance,
  options: { library: Library; requireSession: RequireSession; log: LibraryDeps['log'] },
) {
  const { library, requireSession, log } = options;
  await app.register(libraryRoutes, {
    service: library.service,
    bulk: library.bulk,
    improveRuns: library.improveRuns,
    requireSession,
    log,
  });
}

/**
 * What a plan change does to the library, inside billing's transaction (billing is handed this
 * at assembly; it does not import the library): Premium began — the review drafts are saved and
 * a read-only library is editable again; Premium ended — the library is kept read-only, then
 * deleted (ADR 019).
 */
export const libraryOnPlanChange = {
  async premiumStarted(...[trx, userId, at]: Parameters<typeof saveReviewDrafts>): Promise<void> {
    await saveReviewDrafts(trx, userId, at);
    await keepLibrary(trx, userId);
  },
  premiumEnded: holdLibrary,
};
