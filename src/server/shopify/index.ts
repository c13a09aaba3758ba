/** The Shopify capability assembled from its parts, and its routes' plugin. */
import { hkdfSync } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ShopifyConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { RequireSession } from '../http/signed-in.js';
import type { ImageStore } from '../images/storage.js';
import type { CatalogAccess, ProductEventBus } from '../catalog/index.js';
import { createShopifyAdmin } from './admin/index.js';
import { createStoreCatalogue } from './store-catalogue.js';
import { createStoreProductUpdates } from './store-updates.js';

/** Sealing at rest (ADR 021), shared with the other store connections (WooCommerce, ADR 039). */
export { decryptToken, encryptToken, TokenDecryptionError } from './crypto.js';
import { createFirstPublishHandles } from './first-publish-handles.js';
import { createPublicationRepository } from './publication-repository.js';
import { publishRoutes } from './publish-routes.js';
import { createPublishService, type PublishService } from './publish-service.js';
import type { ShopifyGateway } from './gateway.js';
import { createHttpGateway } from './http-gateway.js';
import { CALLBACK_PATH, shopifyRoutes } from './routes.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';
import { createSandboxStore, type SandboxStore } from './sandbox-store.js';
import { createShopifyRepository } from './shopify-repository.js';
import { createShopifyService } from './shopify-service.js';
import { shopifyWebhookRoutes } from './webhook-routes.js';
import { createWebhookService } from './webhook-service.js';

export interface ShopifyDeps {
  db: Kysely<Database>;
  config: ShopifyConfig;
  appUrl: string;
  /** Signs the sandbox store's redirects and tokens (a key derived from it, never itself). */
  authSecret: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export function createShopify(deps: ShopifyDeps) {
  const { config, now, log } = deps;
  const repository = createShopifyRepository(deps.db);
  let sandbox: SandboxGateway | null = null;
  let catalogue: SandboxStore | null = null;
  let gateway: ShopifyGateway;
  if (config.app.kind === 'shopify') {
    gateway = createHttpGateway({ ...config.app, scopes: config.scopes, now });
  } else {
    const secret = Buffer.from(
      hkdfSync('sha256', deps.authSecret, 'listsmith', 'shopify-sandbox-secret', 32),
    ).toString('hex');
    catalogue = createSandboxStore(deps.db, now, deps.appUrl);
    sandbox = createSandboxGateway({
      secret,
      scopes: config.scopes,
      callbackPath: CALLBACK_PATH,
      catalogue,
      now,
    });
    gateway = sandbox;
  }
  const service = createShopifyService({
    repository,
    gateway,
    tokenKey: config.tokenKey,
    callbackUrl: `${deps.appUrl}${CALLBACK_PATH}`,
    now,
    log,
    ...(catalogue ? { afterStoresRemoved: catalogue.forgetUnconnectedShops } : {}),
  });
  return {
    gateway,
    sandbox,
    catalogue,
    repository,
    service,
    webhooks: createWebhookService({ repository, now, log }),
  };
}

export type Shopify = ReturnType<typeof createShopify>;

export { createShopifyProductPages } from './product-pages.js';
export type { StoreCatalogue, StoreCatalogueReader } from './store-catalogue.js';
export type { StoreProductUpdates, StoreUpdater } from './store-updates.js';

/** What the catalogue import reads of a seller's connected stores (issue 25, ADR 044). */
export function createStoreCatalogueSource(
  shopify: Shopify,
  deps: {
    appUrl: string;
    log: ShopifyDeps['log'];
    /** Products from which a store is read by a bulk operation (tests lower it). */
    bulkFrom?: number;
    sleep?: (ms: number) => Promise<void>;
  },
) {
  return createStoreCatalogue({
    stores: shopify.service,
    gateway: shopify.gateway,
    ...(deps.bulkFrom !== undefined ? { bulkFrom: deps.bulkFrom } : {}),
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
    admin: createShopifyAdmin({
      gateway: shopify.gateway,
      log: deps.log,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    }),
    sandbox: shopify.catalogue,
    appUrl: deps.appUrl,
  });
}

/** What 'Update in Shopify' sends to a seller's connected stores (issue 25, ADR 045). */
export function createStoreProductUpdatesPort(
  shopify: Shopify,
  deps: { log: ShopifyDeps['log']; sleep?: (ms: number) => Promise<void> },
) {
  return createStoreProductUpdates({
    stores: shopify.service,
    admin: createShopifyAdmin({
      gateway: shopify.gateway,
      log: deps.log,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    }),
  });
}

export interface PublisherDeps {
  db: Kysely<Database>;
  /** Decides whether the product may change (a read-only library may not publish, ADR 019). */
  access: Pick<CatalogAccess, 'changeableRow'>;
  images: ImageStore;
  events: ProductEventBus;
  appUrl: string;
  now: () => Date;
  log: ShopifyDeps['log'];
  /** Waits between rate-limited attempts; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

/** Publishing: the store connection plus the products it sends (issue 15, ADR 024). */
export function createPublisher(shopify: Shopify, deps: PublisherDeps) {
  return createPublishService({
    stores: shopify.service,
    gateway: shopify.gateway,
    admin: createShopifyAdmin({
      gateway: shopify.gateway,
      log: deps.log,
      ...(deps.sleep ? { sleep: deps.sleep } : {}),
    }),
    publications: createPublicationRepository(deps.db),
    firstPublishHandles: createFirstPublishHandles(deps.db),
    access: deps.access,
    images: deps.images,
    events: deps.events,
    appUrl: deps.appUrl,
    now: deps.now,
    log: deps.log,
  });
}

export interface ShopifyPluginOptions {
  shopify: Shopify;
  publisher: PublishService;
  requireSession: RequireSession;
  /** The signed-in seller's id without requiring one (the OAuth callback answers a redirect). */
  sessionUserId: (request: FastifyRequest) => Promise<string | undefined>;
}

/** Shopify's routes: connecting stores, publishing products, the sandbox store, webhooks. */
export async function shopifyPlugin(app: FastifyInstance, options: ShopifyPluginOptions) {
  const { shopify, requireSession } = options;
  await app.register(shopifyRoutes, {
    service: shopify.service,
    requireSession,
    sessionUserId: options.sessionUserId,
    sandbox: shopify.sandbox,
  });
  await app.register(publishRoutes, {
    publisher: options.publisher,
    stores: shopify.service,
    requireSession,
    catalogue: shopify.catalogue,
  });
  await app.register(shopifyWebhookRoutes, {
    webhooks: shopify.webhooks,
    signingSecret: shopify.gateway.signingSecret,
  });
}
