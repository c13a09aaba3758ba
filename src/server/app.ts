import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import helmet from 'helmet';
import { sql } from 'kysely';
import { ZodError } from 'zod';
import type { PublicConfig } from '#domain/api/public-config.js';
import { createAccountRepository } from './account/account-repository.js';
import { createProfileService } from './account/profile-service.js';
import { accountRoutes } from './account/routes.js';
import { createSellerSettingsRepository } from './account/settings-repository.js';
import { createAuth, expiredSessionCookies, type Auth } from './auth/auth.js';
import { createBilling, type Billing } from './billing/index.js';
import type { PaymentProvider } from './billing/payment-provider.js';
import { billingRoutes } from './billing/routes.js';
import { STRIPE_WEBHOOK_PATH, stripeWebhookRoutes } from './billing/webhook-routes.js';
import { createAccountThrottle } from './auth/account-throttle.js';
import { createThrottleRepository } from './auth/throttle-repository.js';
import { authRoutes } from './auth/routes.js';
import { createSessions } from './auth/sessions.js';
import type { AppConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { migrateToLatest } from './db/migrate.js';
import { bodyIdleTimeout } from './http/body-timeout.js';
import { compressionOptions } from './http/compression.js';
import { HttpError } from './http/errors.js';
import { readinessRoutes } from './http/readiness.js';
import { logEachRequest, readableLogStream, redactUrl } from './http/request-log.js';
import { sameOriginGuard } from './http/same-origin.js';
import { serverTimeoutOptions } from './http/server-timeouts.js';
import { staticSite } from './http/static-site.js';
import { createMailer, isReadable } from './mail/create-mailer.js';
import { createVisionProvider } from './vision/providers/create-vision-provider.js';
import { taxonomyRoutes } from './vision/taxonomy-routes.js';
import type { VisionProvider } from './vision/providers/vision-provider.js';
import { createImageStore } from './images/image-store.js';
import type { ImageStore } from './images/storage.js';
import { devMailRoutes, isLoopbackHost } from './mail/dev-routes.js';
import type { Mailer } from './mail/mailer.js';
import { createCatalog, type Catalog } from './catalog/index.js';
import {
  createDrafting,
  imageRoutes,
  productEventRoutes,
  uploadRoutes,
  type Drafting,
  type GenerationRunner,
} from './drafting/index.js';
import { createEditing, productRoutes, type Editing } from './editing/index.js';
import { createAnalyzerBudget } from './limits/analyzer-budget.js';
import {
  createPublisher,
  createShopify,
  createShopifyProductPages,
  type Shopify,
} from './shopify/index.js';
import {
  createMerchantFeed,
  merchantFeedRoutes,
  type MerchantFeed,
  type ProductPageSource,
} from './merchant-feed/index.js';
import { publishRoutes } from './shopify/publish-routes.js';
import { shopifyRoutes } from './shopify/routes.js';
import { shopifyWebhookRoutes } from './shopify/webhook-routes.js';
import {
  createLibrary,
  libraryOnPlanChange,
  libraryRoutes,
  type Library,
} from './library/index.js';
import { connectSharedState, type SharedState } from './shared-state.js';
import { createPeriodicSweep } from './scheduling/periodic-sweep.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Outside services an app is built with; tests pass fakes, production reads them from config. */
export interface AppDeps {
  database?: DatabaseHandle;
  mailer?: Mailer;
  webRoot?: string;
  /** Where log lines go instead of standard output (tests read them back). */
  logStream?: { write(line: string): void };
  /** Describes photos; default: the provider configuration picks (local analyzer or OpenAI). */
  visionProvider?: VisionProvider;
  /** Stored images; default: the configuration picks (DATA_DIR/uploads or S3_BUCKET). */
  imageStore?: ImageStore;
  /**
   * Photos the analyzer may describe per seller per minute, over regenerate, identify, combine,
   * split and bulk regenerate together (default 40; ADR 034).
   */
  regenerationsPerMinute?: number;
  /** Interval of the SSE heartbeat comment (default 15 s). */
  sseHeartbeatMs?: number;
  /** The clock billing periods are measured with (tests move it). */
  now?: () => Date;
  /** Takes payments; default: the billing configuration picks (sandbox or Stripe). */
  paymentProvider?: PaymentProvider;
}

export interface BuiltApp {
  app: FastifyInstance;
  auth: Auth;
  database: DatabaseHandle;
  mailer: Mailer;
  catalog: Catalog;
  drafting: Drafting;
  editing: Editing;
  library: Library;
  merchantFeed: MerchantFeed;
  imageStore: ImageStore;
  billing: Billing;
  shopify: Shopify;
  /** What several processes share through Redis; undefined without REDIS_URL. */
  shared: SharedState | undefined;
}

/** A combine of the most photos a product holds (24) fits in one minute's allowance. */
const DEFAULT_REGENERATIONS_PER_MINUTE = 40;
/** With Redis: how often pending products without a job (a process died between its commit
 * and its enqueue) are queued again; job ids make the ones already queued no-ops. */
const REQUEUE_INTERVAL_MS = 60_000;

function loggerOptions(
  config: AppConfig,
  stream: AppDeps['logStream'],
): FastifyServerOptions['logger'] {
  // Development logs are read by a person in a terminal; everywhere else by machines (JSON).
  const destination = stream ?? (config.env === 'development' ? readableLogStream() : undefined);
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
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
  const mailer = deps.mailer ?? createMailer(config);
  const clock = deps.now ?? (() => new Date());
  const throttle = createAccountThrottle(createThrottleRepository(database.db), () =>
    clock().getTime(),
  );
  const auth = createAuth({ config, database, mailer, throttle });

  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    // Fastify's two lines per request (received, completed) become one (logEachRequest).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies nearest to us (Fastify types omit the number form).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(config.httpTimeouts),
  });

  // Security headers, built once: @fastify/helmet built helmet's middleware again on every
  // request, a tenth of a small request's CPU (ADR 023).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.servesHttps ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.servesHttps,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Before any route: the plugin hooks the routes registered after it.
  await app.register(compress, compressionOptions);
  logEachRequest(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ error: error.issues[0]?.message ?? 'Invalid request' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Server error occurred. Please try again' });
  });

  app.addHook('onRequest', bodyIdleTimeout(config.bodyIdleTimeoutMs));
  const refuseCrossSite = sameOriginGuard(config.trustedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/auth/')) {
      reply.header('cache-control', 'no-store');
      // Stripe posts the webhook from its servers; its signature is checked instead.
      if (request.url.split('?')[0] !== STRIPE_WEBHOOK_PATH) await refuseCrossSite(request, reply);
    }
  });

  const shared = config.redis
    ? await connectSharedState(config.redis, config.shutdownGraceMs, app.log)
    : undefined;
  const sessions = createSessions(auth, config, shared?.sessionEnds);
  const sessionRequired = sessions.requireSession;
  // A store the caller passed is the caller's to close.
  const storage = deps.imageStore
    ? { store: deps.imageStore, close: () => {} }
    : createImageStore(config.imageStorage);
  const imageStore = storage.store;
  const visionProvider = deps.visionProvider ?? createVisionProvider(config.vision);
  const sellerSettings = createSellerSettingsRepository(database.db);
  const catalog = createCatalog({
    db: database.db,
    log: app.log,
    ...(shared ? { events: shared.events } : {}),
  });
  const drafting = createDrafting({
    database,
    catalog,
    store: imageStore,
    provider: visionProvider,
    concurrency: config.generation.concurrency,
    settings: sellerSettings,
    log: app.log,
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
      log: app.log,
    }),
    settings: sellerSettings,
    appUrl: config.appUrl,
    log: app.log,
  });
  const requeue = shared
    ? createPeriodicSweep(() => drafting.generation.resumePending(), {
        intervalMs: REQUEUE_INTERVAL_MS,
        name: 'generation requeue',
        log: app.log,
      })
    : undefined;

  const billing = createBilling({
    database,
    config: config.billing,
    appUrl: config.appUrl,
    now: clock,
    library: libraryOnPlanChange,
    ...(deps.paymentProvider ? { provider: deps.paymentProvider } : {}),
    log: app.log,
  });

  const shopify = createShopify({
    db: database.db,
    config: config.shopify,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    now: clock,
    log: app.log,
  });

  app.get('/api/health', async () => {
    await sql`select 1`.execute(database.db);
    return { status: 'ok', database: database.kind };
  });
  await app.register(readinessRoutes, {
    checks: {
      database: async () => void (await sql`select 1`.execute(database.db)),
      ...(shared ? { redis: shared.ping } : {}),
      storage: () => imageStore.checkReachable(),
    },
  });
  // Settings the browser needs; nothing secret belongs here.
  const publicConfig: PublicConfig = { supportEmail: config.supportEmail };
  app.get('/api/public-config', async (): Promise<PublicConfig> => publicConfig);
  await app.register(authRoutes, { auth, sessions });
  await app.register(accountRoutes, {
    profiles: createProfileService({
      accounts: createAccountRepository(database.db),
      products: catalog.products,
      store: imageStore,
      log: app.log,
      beforeRead: billing.service.settleDuePeriods,
      stores: shopify.service,
    }),
    settings: sellerSettings,
    requireSession: sessionRequired,
    clearSessionCookies: expiredSessionCookies(config),
    forgetSessions: sessions.forgetUser,
  });
  await app.register(uploadRoutes, { uploads: drafting.uploads, requireSession: sessionRequired });
  await app.register(productRoutes, {
    editing,
    requireSession: sessionRequired,
  });
  const library = createLibrary({
    database,
    catalog,
    edits: {
      remove: editing.products.remove,
      regenerate: editing.redraft.regenerate,
    },
    store: imageStore,
    appUrl: config.appUrl,
    now: clock,
    log: app.log,
  });
  await app.register(libraryRoutes, {
    service: library.service,
    bulk: library.bulk,
    requireSession: sessionRequired,
    log: app.log,
  });
  const merchantFeed = createMerchantFeed({
    db: database.db,
    products: (userId) => library.repository.matchingRows(userId, ''),
    pageSources: [
      { channel: 'shopify', ...createShopifyProductPages(database.db) } satisfies ProductPageSource,
    ],
    appUrl: config.appUrl,
    now: clock,
  });
  await app.register(merchantFeedRoutes, {
    service: merchantFeed.service,
    requireSession: sessionRequired,
    log: app.log,
  });
  await app.register(taxonomyRoutes, { requireSession: sessionRequired });
  await app.register(productEventRoutes, {
    events: catalog.events,
    requireSession: sessionRequired,
    maxStreams: config.maxEventStreams,
    ...(shared ? { onEventsMissed: shared.events.onResubscribed } : {}),
    ...(deps.sseHeartbeatMs ? { heartbeatMs: deps.sseHeartbeatMs } : {}),
  });
  await app.register(imageRoutes, { store: imageStore, products: catalog.products });
  await app.register(billingRoutes, {
    service: billing.service,
    requireSession: sessionRequired,
  });
  if (billing.provider.webhook) {
    await app.register(stripeWebhookRoutes, { receiver: billing.provider.webhook });
  }
  await app.register(shopifyRoutes, {
    service: shopify.service,
    requireSession: sessionRequired,
    sessionUserId: async (request) => (await sessions.userOf(request))?.id,
    sandbox: shopify.sandbox,
  });
  await app.register(publishRoutes, {
    publisher: createPublisher(shopify, {
      db: database.db,
      access: catalog.access,
      images: imageStore,
      events: catalog.events,
      appUrl: config.appUrl,
      now: clock,
      log: app.log,
    }),
    stores: shopify.service,
    requireSession: sessionRequired,
    catalogue: shopify.catalogue,
  });
  await app.register(shopifyWebhookRoutes, {
    webhooks: shopify.webhooks,
    signingSecret: shopify.gateway.signingSecret,
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
    requeue?.start();
    billing.startSandboxSweep();
    drafting.sweeper.start();
    library.sweeper.start();
  });
  app.addHook('onClose', async () => {
    billing.stopSandboxSweep();
    await drafting.sweeper.stop();
    await library.sweeper.stop();
    await requeue?.stop();
    // In this process: running jobs are aborted and their products stay pending for the next
    // start. On Redis: they may finish within the grace period, then go back to the queue.
    await drafting.generation.queue.close();
    // The local analyzer's worker threads and models.
    await visionProvider.close?.();
    storage.close();
    await shared?.close();
    await database.db.destroy();
  });

  return {
    app,
    auth,
    database,
    mailer,
    catalog,
    drafting,
    editing,
    library,
    merchantFeed,
    imageStore,
    billing,
    shopify,
    shared,
  };
}
