/**
 * The server's capabilities built on the infrastructure, each from its index.ts, wired to one
 * another through the small ports they declare (billing → library, library → editing, Shopify
 * publishing → the catalog's access module).
 */
import type { FastifyBaseLogger } from 'fastify';
import { createProfiles, createSellerSettingsRepository } from './account/index.js';
import type { AppDeps } from './app-deps.js';
import { createAuthentication } from './auth/index.js';
import { createBilling } from './billing/index.js';
import { createCatalog } from './catalog/index.js';
import { createCatalogueImport } from './catalogue-import/index.js';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connection.js';
import { createDrafting, type GenerationRunner } from './drafting/index.js';
import { createEditing } from './editing/index.js';
import type { Infrastructure } from './infrastructure.js';
import { createLibrary, libraryOnPlanChange } from './library/index.js';
import { createAnalyzerBudget } from './limits/analyzer-budget.js';
import { createPeriodicSweep } from './scheduling/periodic-sweep.js';
import { createMerchantFeed, type ProductPageSource } from './merchant-feed/index.js';
import {
  createPublisher,
  createShopify,
  createShopifyProductPages,
  createStoreCatalogueSource,
  createStoreProductUpdatesPort,
} from './shopify/index.js';
import { createWooCommerce } from './woocommerce/index.js';
import { createEbay } from './ebay/index.js';

/** A combine of the most photos a product holds (24) fits in one minute's allowance. */
const DEFAULT_REGENERATIONS_PER_MINUTE = 40;
/** With Redis: how often pending products without a job (a process died between its commit
 * and its enqueue) are queued again; job ids make the ones already queued no-ops. */
const REQUEUE_INTERVAL_MS = 60_000;
/** Improve runs one process works on at once (each a product at a time), with Redis. */
const IMPROVE_RUNS_AT_ONCE = 2;

export async function buildCapabilities(
  config: AppConfig,
  deps: AppDeps,
  database: DatabaseHandle,
  infrastructure: Infrastructure,
  log: FastifyBaseLogger,
) {
  const { mailer, clock, shared, imageStore, visionProvider } = infrastructure;
  const authentication = createAuthentication({
    config,
    database,
    mailer,
    now: clock,
    ...(shared ? { sessionEnds: shared.sessionEnds } : {}),
  });
  const sellerSettings = createSellerSettingsRepository(database.db);
  const catalog = createCatalog({
    db: database.db,
    log,
    ...(shared ? { events: shared.events } : {}),
  });
  const drafting = createDrafting({
    database,
    catalog,
    store: imageStore,
    provider: visionProvider,
    concurrency: config.generation.concurrency,
    settings: sellerSettings,
    log,
    ...(deps.now ? { now: deps.now } : {}),
    ...(shared
      ? {
          createQueue: (run: GenerationRunner) =>
            shared.createQueue({ concurrency: config.generation.concurrency, run }),
        }
      : {}),
  });
  const editing = createEditing({
    database,
    catalog,
    generation: drafting.generation,
    store: imageStore,
    provider: visionProvider,
    budget: createAnalyzerBudget({
      photosPerMinute: deps.regenerationsPerMinute ?? DEFAULT_REGENERATIONS_PER_MINUTE,
      ...(shared ? { redis: { client: shared.commands, keyPrefix: shared.key('analyzer:') } } : {}),
      now: () => clock().getTime(),
      log,
    }),
    settings: sellerSettings,
    appUrl: config.appUrl,
    log,
  });
  const requeue = shared
    ? createPeriodicSweep(() => drafting.generation.resumePending(), {
        intervalMs: REQUEUE_INTERVAL_MS,
        name: 'generation requeue',
        log,
      })
    : undefined;
  const billing = await createBilling({
    database,
    config: config.billing,
    appUrl: config.appUrl,
    now: clock,
    library: libraryOnPlanChange,
    ...(deps.paymentProvider ? { provider: deps.paymentProvider } : {}),
    log,
  });
  const shopify = createShopify({
    db: database.db,
    config: config.shopify,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    now: clock,
    log,
  });
  const publisher = createPublisher(shopify, {
    db: database.db,
    access: catalog.access,
    images: imageStore,
    events: catalog.events,
    appUrl: config.appUrl,
    now: clock,
    log,
  });
  const woocommerce = createWooCommerce({
    db: database.db,
    config: config.woocommerce,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    access: catalog.access,
    events: catalog.events,
    now: clock,
    log,
  });
  const ebay = createEbay({
    db: database.db,
    config: config.ebay,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    access: catalog.access,
    events: catalog.events,
    now: clock,
    log,
  });
  const profiles = createProfiles(database.db, {
    products: catalog.products,
    store: imageStore,
    log,
    beforeRead: billing.service.settleDuePeriods,
    stores: shopify.service,
  });
  const library = createLibrary({
    database,
    catalog,
    edits: {
      remove: editing.products.remove,
      regenerate: editing.redraft.regenerate,
      improve: editing.improve.improve,
      improvedBefore: editing.improve.improvedBefore,
      decideSuggestions: editing.suggestions.decide,
    },
    store: imageStore,
    appUrl: config.appUrl,
    now: clock,
    ...(shared
      ? {
          createQueue: (run: GenerationRunner) =>
            shared.createQueue({ name: 'improve', concurrency: IMPROVE_RUNS_AT_ONCE, run }),
        }
      : {}),
    log,
  });
  const merchantFeed = createMerchantFeed({
    db: database.db,
    products: (userId) => library.repository.matchingRows(userId, { q: '' }),
    // The first channel that knows a product's page gives the feed its link.
    pageSources: [
      { channel: 'shopify', ...createShopifyProductPages(database.db) } satisfies ProductPageSource,
      { channel: 'woocommerce', ...woocommerce.productPages } satisfies ProductPageSource,
    ],
    appUrl: config.appUrl,
    now: clock,
  });
  const catalogueImport = createCatalogueImport({
    database,
    access: catalog.access,
    store: imageStore,
    appUrl: config.appUrl,
    imageFetch: config.imageFetch,
    stores: createStoreCatalogueSource(shopify, {
      appUrl: config.appUrl,
      log,
      ...(deps.storeImportBulkFrom !== undefined ? { bulkFrom: deps.storeImportBulkFrom } : {}),
    }),
    storeUpdates: createStoreProductUpdatesPort(shopify, { log }),
    selected: library.service.selected,
    ...(deps.imageFetchLookup ? { lookup: deps.imageFetchLookup } : {}),
    now: clock,
    log,
  });
  return {
    authentication,
    sellerSettings,
    profiles,
    catalog,
    drafting,
    editing,
    requeue,
    billing,
    shopify,
    publisher,
    woocommerce,
    ebay,
    library,
    catalogueImport,
    merchantFeed,
  };
}
