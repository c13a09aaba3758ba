/**
 * Deletes libraries whose read-only time is over: 30 days after premium ended without the seller
 * subscribing again (ADR 019). Runs at start-up and then periodically, as the upload sweeper
 * does; the products go first (one transaction per seller), then their images.
 */
import { createPeriodicSweep } from '../scheduling/periodic-sweep.js';
import { imagePrefix, type ImageStore } from '../images/storage.js';
import type { LibraryRepository } from './library-repository.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface LibrarySweeperDeps {
  library: Pick<LibraryRepository, 'dueForDeletion' | 'deleteLibrary'>;
  store: ImageStore;
  log: {
    info(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  now: () => Date;
  intervalMs?: number;
}

export function createLibrarySweeper({ library, store, log, now, ...deps }: LibrarySweeperDeps) {
  async function sweep(): Promise<number> {
    let deleted = 0;
    for (const userId of await library.dueForDeletion(now())) {
      const imageIds = await library.deleteLibrary(userId);
      for (const imageId of imageIds) {
        // The rows are gone: a file left behind is unreachable, and the upload sweeper's to find.
        await store.deletePrefix(imagePrefix(userId, imageId)).catch((error: unknown) => {
          log.error({ err: error, imageId }, 'could not remove a deleted library image');
        });
      }
      deleted += imageIds.length;
      log.info({ userId, images: imageIds.length }, 'deleted a library kept after premium');
    }
    return deleted;
  }

  return createPeriodicSweep(sweep, {
    intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
    name: 'library',
    log,
  });
}
