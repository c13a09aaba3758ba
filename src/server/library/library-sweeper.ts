/**
 * Deletes libraries whose read-only time is over: 30 days after premium ended without the seller
 * subscribing again (ADR 019). Runs at start-up and then periodically, as the upload sweeper
 * does; the products go first (one transaction per seller), then their images.
 */
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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

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
      log.info({ userId, products: imageIds.length }, 'deleted a library kept after premium');
    }
    return deleted;
  }

  /** One pass; a pass already under way is joined rather than run twice. */
  function sweepOnce(): Promise<number> {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  }

  function sweepLogged(): void {
    sweepOnce().catch((error: unknown) => log.error({ err: error }, 'library sweep failed'));
  }

  return {
    sweepOnce,
    /** Sweeps now and then every interval; the timer does not keep the process alive. */
    start() {
      if (timer) return;
      sweepLogged();
      timer = setInterval(sweepLogged, deps.intervalMs ?? SWEEP_INTERVAL_MS);
      timer.unref();
    },
    /** Stops the timer and waits for a pass under way, so it does not outlive the database. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
