/**
 * Drafting: how a photo becomes a draft. Read it in this order:
 *
 * 1. routes.ts — POST /api/product/generate-product-details-from-image takes the multipart
 *    upload; upload-intake.ts checks each file (type, size), normalises and stores its images;
 *    upload-service.ts drafts each stored photo at once, while the rest still arrives (ADR 035):
 *    one credit reserved and a pending product inserted in one transaction, then queued. An
 *    upload refused as a whole (the plan's count, a balance that cannot pay for every photo, an
 *    outage) withdraws what it drafted: credits back, products and images removed.
 * 2. generation-queue.ts — each pending id goes to the queue: in this process by default,
 *    or BullMQ on Redis (redis-job-queue.ts) when several processes share the work (ADR 026).
 * 3. generation-jobs.ts — the job reads the photos (catalog's product-images.ts), the seller's
 *    own prices, confirmed categories and settings, asks the configured vision provider
 *    (src/server/vision) to describe them, and writes the draft (generation-repository.ts: the
 *    pending row becomes ready, or failed with its credit refunded). Variants are drafted from
 *    known facts (drafted-variants.ts).
 * 4. event-routes.ts — each change is announced on the seller's product events and reaches the
 *    review screen over server-sent events; image-routes.ts serves the stored images.
 *
 * Leftover images of uploads that never became products are swept (upload-sweeper.ts). What a
 * seller then does with a draft is src/server/editing.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.js';
import type { RequireSession } from '../http/signed-in.js';
import type { ImageStore } from '../images/storage.js';
import type { Catalog, SellerSettingsReader } from '../catalog/index.js';
import type { VisionProvider } from '../vision/index.js';
import { productEventRoutes } from './event-routes.js';
import { createGeneration } from './generation-jobs.js';
import type { GenerationQueue, GenerationRunner } from './generation-queue.js';
import { createGenerationRepository } from './generation-repository.js';
import { imageRoutes } from './image-routes.js';
import { uploadRoutes } from './routes.js';
import { createUploadService } from './upload-service.js';
import { createUploadSweeper } from './upload-sweeper.js';

export type { Generation } from './generation-jobs.js';
export type { GenerationQueue, GenerationRunner, JobAttempt } from './generation-queue.js';
export { createJobQueue, inProcessGenerationQueue } from './generation-queue.js';

/** BullMQ's queue, loaded only where Redis is configured (ADR 056). */
export async function loadRedisJobQueue() {
  return (await import('./redis-job-queue.js')).createRedisJobQueue;
}

export interface DraftingDeps {
  database: DatabaseHandle;
  catalog: Catalog;
  store: ImageStore;
  provider: VisionProvider;
  concurrency: number;
  /** The seller's settings (account), read where a price is drafted. */
  settings: SellerSettingsReader;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** The clock upload leftovers are aged with (tests move it). */
  now?: () => Date;
  /** The generation queue; default: in this process, `concurrency` at a time. */
  createQueue?: (run: GenerationRunner) => GenerationQueue;
}

export function createDrafting(deps: DraftingDeps) {
  const { database, catalog, store, log } = deps;
  const { products, sellers, events } = catalog;
  const generation = createGeneration({
    database,
    products,
    jobs: createGenerationRepository(database.db),
    sellers,
    settings: deps.settings,
    store,
    provider: deps.provider,
    events,
    concurrency: deps.concurrency,
    ...(deps.createQueue ? { createQueue: deps.createQueue } : {}),
    log,
  });
  return {
    generation,
    uploads: createUploadService({ database, products, sellers, store, generation, events, log }),
    sweeper: createUploadSweeper({
      store,
      products,
      log,
      ...(deps.now ? { now: deps.now } : {}),
    }),
  };
}

export type Drafting = ReturnType<typeof createDrafting>;

export interface DraftingPluginOptions {
  drafting: Drafting;
  catalog: Pick<Catalog, 'events' | 'products'>;
  store: ImageStore;
  requireSession: RequireSession;
  /** Product event streams this process holds open at most, all sellers together. */
  maxEventStreams: number;
  /** Called when shared events may have been missed (Redis reconnected): streams refresh. */
  onEventsMissed?: (listener: () => void) => void;
  /** Interval of the SSE heartbeat comment (default 15 s). */
  heartbeatMs?: number;
}

/** Drafting's routes: the upload, the seller's product events, the stored images. */
export async function draftingPlugin(app: FastifyInstance, options: DraftingPluginOptions) {
  const { drafting, catalog, requireSession } = options;
  await app.register(uploadRoutes, { uploads: drafting.uploads, requireSession });
  await app.register(productEventRoutes, {
    events: catalog.events,
    requireSession,
    maxStreams: options.maxEventStreams,
    ...(options.onEventsMissed ? { onEventsMissed: options.onEventsMissed } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
  });
  await app.register(imageRoutes, { store: options.store, products: catalog.products });
}
