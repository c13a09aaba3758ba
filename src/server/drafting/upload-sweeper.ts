/**
 * Removes upload leftovers: image folders that no product refers to. A rejected or failed
 * upload removes its own files, but a crash, a kill or a failed clean-up between storing an
 * image and committing its product leaves a folder nothing will ever serve or delete.
 *
 * Runs at start-up and then periodically. Only folders unchanged for LEFTOVER_MIN_AGE_MS are
 * considered: an upload still in progress (here or in another server process sharing the store)
 * writes its files within seconds and commits its products when its request ends, so a folder
 * that old without a product is not going to get one.
 */
import { createPeriodicSweep } from '../scheduling/periodic-sweep.js';
import type { ImageStore } from '../images/storage.js';
import { imagePrefix } from '../images/storage.js';
import type { ProductRepository } from '../catalog/index.js';

export const LEFTOVER_MIN_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 6 * 60 * 60 * 1000;

export interface UploadSweeperDeps {
  store: ImageStore;
  products: Pick<ProductRepository, 'ownerOfImage'>;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  now?: () => Date;
  intervalMs?: number;
}

export function createUploadSweeper(deps: UploadSweeperDeps) {
  const { store, products, log } = deps;
  const now = deps.now ?? (() => new Date());
  async function sweep(): Promise<number> {
    const cutoff = now().getTime() - LEFTOVER_MIN_AGE_MS;
    let removed = 0;
    for await (const folder of store.listImages()) {
      if (folder.modifiedAt.getTime() > cutoff) continue;
      if (await products.ownerOfImage(folder.imageId)) continue;
      await store.deletePrefix(imagePrefix(folder.userId, folder.imageId));
      removed += 1;
    }
    // Worth a look: each leftover is an upload that crashed or failed to clean up after itself.
    if (removed > 0) log.warn({ removed }, 'removed upload leftovers');
    return removed;
  }

  return createPeriodicSweep(sweep, {
    intervalMs: deps.intervalMs ?? SWEEP_INTERVAL_MS,
    name: 'upload',
    log,
  });
}
