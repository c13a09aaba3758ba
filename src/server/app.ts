/**
 * The composition root: the HTTP server (http/server.ts), the infrastructure
 * (infrastructure.ts), the capabilities (capabilities.ts), then one plugin per capability, and
 * the background work started and stopped with the app.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { PublicConfig } from '#domain/api/public-config.js';
import { accountPlugin } from './account/index.js';
import type { AppDeps } from './app-deps.js';
import { authPlugin, type Auth } from './auth/index.js';
import { billingPlugin, STRIPE_WEBHOOK_PATH, type Billing } from './billing/index.js';
import { buildCapabilities } from './capabilities.js';
import type { Catalog } from './catalog/index.js';
import { catalogueImportPlugin, type CatalogueImport } from './catalogue-import/index.js';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { draftingPlugin, type Drafting } from './drafting/index.js';
import { editingPlugin, type Editing } from './editing/index.js';
import { readinessRoutes, startUpWork } from './http/readiness.js';
import { createHttpServer } from './http/server.js';
import { staticSite } from './http/static-site.js';
import type { ImageStore } from './images/storage.js';
import { buildInfrastructure } from './infrastructure.js';
import { libraryPlugin, type Library } from './library/index.js';
import { merchantFeedPlugin, type MerchantFeed } from './merchant-feed/index.js';
import { isReadable } from './mail/create-mailer.js';
import { devMailRoutes, isLoopbackHost } from './mail/dev-routes.js';
import type { Mailer } from './mail/mailer.js';
import type { SharedState } from './shared-state.js';
import { shopifyPlugin, type Shopify } from './shopify/index.js';
import { visionPlugin } from './vision/index.js';
import { woocommercePlugin } from './woocommerce/index.js';
import { ebayPlugin } from './ebay/index.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type { AppDeps };

export interface BuiltApp {
  app: FastifyInstance;
  auth: Auth;
  database: DatabaseHandle;
  mailer: Mailer;
  catalog: Catalog;
  drafting: Drafting;
  editing: Editing;
  library: Library;
  imageStore: ImageStore;
  billing: Billing;
  shopify: Shopify;
  catalogueImport: CatalogueImport;
  merchantFeed: MerchantFeed;
  /** What several processes share through Redis; undefined without REDIS_URL. */
  shared: SharedState | undefined;
}

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<BuiltApp> {
  const database = deps.database ?? openDatabase(config.database);
  try {
    return await assembleApp(config, deps, database);
  } catch (error) {
    // A start refused after the database opened (an unreachable Redis, a failed migration) must
    // not leave its connections behind.
    if (!deps.database) await database.db.destroy().catch(() => {});
    throw error;
  }
}

async function assembleApp(
  config: AppConfig,
  deps: AppDeps,
  database: DatabaseHandle,
): Promise<BuiltApp> {
  await migrateToLatest(database);
  const app = await createHttpServer(config, {
    logStream: deps.logStream,
    // Stripe posts the webhook from its servers; its signature is checked instead.
    crossSiteExempt: [STRIPE_WEBHOOK_PATH],
  });
  const infrastructure = await buildInfrastructure(config, deps, app.log);
  const { mailer, shared, storage, imageStore, visionProvider } = infrastructure;
  const built = await buildCapabilities(config, deps, database, infrastructure, app.log);
  const { authentication, catalog, drafting, editing, library, billing, shopify } = built;
  const { sessions } = authentication;
  const requireSession = sessions.requireSession;

  app.get('/api/health', async () => {
    await sql`select 1`.execute(database.db);
    return { status: 'ok', database: database.kind };
  });
  // The analyzer's models load after the server listens (so start-up stays quick and liveness
  // answers), not on the first photo; until they have, the process is not ready.
  const warmUp = visionProvider.warmUp?.bind(visionProvider);
  const analyzerWarmUp = warmUp ? startUpWork(warmUp, app.log) : undefined;
  if (analyzerWarmUp) app.addHook('onListen', async () => analyzerWarmUp.start());
  await app.register(readinessRoutes, {
    checks: {
      database: async () => void (await sql`select 1`.execute(database.db)),
      ...(shared ? { redis: shared.ping } : {}),
      storage: () => imageStore.checkReachable(),
      ...(analyzerWarmUp ? { analyzer: analyzerWarmUp.check } : {}),
    },
  });
  // Settings the browser needs; nothing secret belongs here.
  const publicConfig: PublicConfig = { supportEmail: config.supportEmail };
  app.get('/api/public-config', async (): Promise<PublicConfig> => publicConfig);

  await app.register(authPlugin, { authentication });
  await app.register(accountPlugin, {
    profiles: built.profiles,
    settings: built.sellerSettings,
    requireSession,
    clearSessionCookies: authentication.clearSessionCookies,
    forgetSessions: sessions.forgetUser,
  });
  await app.register(draftingPlugin, {
    drafting,
    catalog,
    store: imageStore,
    requireSession,
    maxEventStreams: config.maxEventStreams,
    ...(shared ? { onEventsMissed: shared.events.onResubscribed } : {}),
    ...(deps.sseHeartbeatMs ? { heartbeatMs: deps.sseHeartbeatMs } : {}),
  });
  await app.register(editingPlugin, { editing, requireSession });
  await app.register(libraryPlugin, { library, requireSession, log: app.log });
  await app.register(visionPlugin, { requireSession });
  await app.register(billingPlugin, { billing, requireSession });
  await app.register(shopifyPlugin, {
    shopify,
    publisher: built.publisher,
    requireSession,
    sessionUserId: async (request) => (await sessions.userOf(request))?.id,
  });
  await app.register(catalogueImportPlugin, {
    catalogueImport: built.catalogueImport,
    requireSession,
    log: app.log,
  });
  await app.register(merchantFeedPlugin, { merchantFeed: built.merchantFeed, requireSession });
  await app.register(woocommercePlugin, { woocommerce: built.woocommerce, requireSession });
  await app.register(ebayPlugin, {
    ebay: built.ebay,
    requireSession,
    sessionUserId: async (request) => (await sessions.userOf(request))?.id,
  });
  const signedInEmail = async (request: FastifyRequest) =>
    (await sessions.userOf(request))?.email ?? null;
  // Reachable from other machines, even a development server must not offer anyone's mail.
  if (config.env !== 'production' && isReadable(mailer) && isLoopbackHost(config.host)) {
    await app.register(devMailRoutes, { mailer, signedInEmail });
  }
  await app.register(staticSite, {
    root: deps.webRoot ?? path.join(projectRoot, 'dist/web'),
    publicConfig,
    isSignedIn: async (request) => (await signedInEmail(request)) !== null,
  });

  // Durable queue: whatever was still pending when the last process stopped runs now.
  app.addHook('onReady', async () => {
    const resumed = await drafting.generation.resumePending();
    if (resumed > 0) app.log.info({ resumed }, 'resumed pending generations');
    const imports = await built.catalogueImport.images.resume();
    if (imports > 0) app.log.info({ imports }, 'resumed fetching imported images');
    const improving = await library.improveRuns.resume();
    if (improving > 0) app.log.info({ improving }, 'resumed Improve runs');
    built.requeue?.start();
    billing.startSandboxSweep();
    drafting.sweeper.start();
    library.sweeper.start();
  });
  app.addHook('onClose', async () => {
    billing.stopSandboxSweep();
    await drafting.sweeper.stop();
    await library.sweeper.stop();
    await built.requeue?.stop();
    // In this process: running jobs are aborted and their products stay pending for the next
    // start. On Redis: they may finish within the grace period, then go back to the queue.
    await drafting.generation.queue.close();
    // A store being imported stops after its current page (before the database closes).
    await built.catalogueImport.stores.close();
    // An image being fetched stops; its product is fetched again at the next start.
    await built.catalogueImport.images.close();
    // An Improve run stops after its current product and goes on at the next start.
    await library.improveRuns.close();
    // The local analyzer's worker threads and models.
    await visionProvider.close?.();
    storage.close();
    await shared?.close();
    await database.db.destroy();
  });

  return {
    app,
    auth: authentication.auth,
    database,
    mailer,
    catalog,
    drafting,
    editing,
    library,
    imageStore,
    billing,
    shopify,
    catalogueImport: built.catalogueImport,
    merchantFeed: built.merchantFeed,
    shared,
  };
}
