/** The products capability assembled from its parts; app.ts registers its routes. */
import type { DatabaseHandle } from '../db/connection.js';
import type { VisionProvider } from '../generation/providers/vision-provider.js';
import type { ImageStore } from '../images/storage.js';
import type { AnalyzerBudget } from '../limits/analyzer-budget.js';
import { createGeneration } from './generation-jobs.js';
import { createGenerationRepository } from './generation-repository.js';
import type { GenerationQueue, GenerationRunner } from './generation-queue.js';
import { createProductEventBus, type ProductEventBus } from './product-events.js';
import { createFieldVersionRepository } from './field-version-repository.js';
import { createProductRepository } from './product-repository.js';
import { createProductService } from './product-service.js';
import { createSellerRepository, type SellerSettingsReader } from './seller-repository.js';
import { createUploadService } from './upload-service.js';
import { createUploadSweeper } from './upload-sweeper.js';

export interface ProductsDeps {
  database: DatabaseHandle;
  store: ImageStore;
  provider: VisionProvider;
  /** The seller's allowance of photos described per minute, shared by the analyzer routes. */
  budget: AnalyzerBudget;
  concurrency: number;
  appUrl: string;
  /** The seller's settings (account), read where a price is drafted. */
  settings: SellerSettingsReader;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** The clock upload leftovers are aged with (tests move it). */
  now?: () => Date;
  /** Product events; default: delivered within this process only. */
  events?: ProductEventBus;
  /** The generation queue; default: in this process, `concurrency` at a time. */
  createQueue?: (run: GenerationRunner) => GenerationQueue;
}

export function createProducts(deps: ProductsDeps) {
  const { database, store, provider, settings, log } = deps;
  const repository = createProductRepository(database.db);
  const sellers = createSellerRepository(database.db);
  const events = deps.events ?? createProductEventBus(log);
  const generation = createGeneration({
    database,
    products: repository,
    jobs: createGenerationRepository(database.db),
    sellers,
    settings,
    store,
    provider,
    events,
    concurrency: deps.concurrency,
    ...(deps.createQueue ? { createQueue: deps.createQueue } : {}),
    log,
  });
  const shared = { database, products: repository, sellers, store, generation, events, log };
  return {
    repository,
    events,
    generation,
    uploads: createUploadService(shared),
    sweeper: createUploadSweeper({
      store,
      products: repository,
      log,
      ...(deps.now ? { now: deps.now } : {}),
    }),
    service: createProductService({
      ...shared,
      versions: createFieldVersionRepository(database.db),
      provider,
      budget: deps.budget,
      settings,
      appUrl: deps.appUrl,
    }),
  };
}

export type Products = ReturnType<typeof createProducts>;
