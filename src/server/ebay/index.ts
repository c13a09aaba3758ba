/** The eBay capability assembled from its parts (issue 27, ADR 049), and its routes' plugin. */
import { hkdfSync } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { CatalogAccess, ProductEventBus } from '../catalog/index.js';
import type { RequireSession } from '../http/signed-in.js';
import { createApiClient } from './api-client.js';
import { createConnectService } from './connect-service.js';
import type { EbayConfig } from './ebay-config.js';
import type { EbayGateway } from './gateway.js';
import { createHttpGateway } from './http-gateway.js';
import { createProductAspects } from './product-aspects.js';
import { createPublishService } from './publish-service.js';
import { createEbayRepository } from './repository.js';
import { CALLBACK_PATH, ebayRoutes } from './routes.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';
import { createEbaySandboxStore, type EbaySandboxStore } from './sandbox-store.js';
import { createSettingsService } from './settings-service.js';
import { createTaxonomy } from './taxonomy.js';

export interface EbayDeps {
  db: Kysely<Database>;
  config: EbayConfig;
  appUrl: string;
  /** The sandbox's signing key is derived from it (never itself). */
  authSecret: string;
  access: Pick<CatalogAccess, 'changeableRow' | 'ownedRow'>;
  events: ProductEventBus;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** Waits between retries; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

export function createEbay(deps: EbayDeps) {
  const { config, now, log } = deps;
  const repository = createEbayRepository(deps.db);
  let sandbox: { gateway: SandboxGateway; store: EbaySandboxStore } | null = null;
  let gateway: EbayGateway;
  if (config.app.kind === 'sandbox') {
    const store = createEbaySandboxStore(deps.db, now);
    const sandboxGateway = createSandboxGateway({
      secret: Buffer.from(hkdfSync('sha256', deps.authSecret, 'listsmith', 'ebay-sandbox', 32)),
      store,
      callbackPath: CALLBACK_PATH,
      now,
    });
    sandbox = { gateway: sandboxGateway, store };
    gateway = sandboxGateway;
  } else {
    gateway = createHttpGateway({ ...config.app, now });
  }
  const connect = createConnectService({
    repository,
    gateway,
    tokenKey: config.tokenKey,
    now,
    log,
  });
  const client = createApiClient({
    gateway,
    tokens: connect,
    log,
    ...(deps.sleep ? { sleep: deps.sleep } : {}),
  });
  const taxonomy = createTaxonomy({ client, repository, kind: gateway.kind, now });
  return {
    connect,
    sandbox,
    settings: createSettingsService({ connect, client, repository, now }),
    aspects: createProductAspects({
      connect,
      taxonomy,
      repository,
      access: deps.access,
      appUrl: deps.appUrl,
    }),
    publisher: createPublishService({
      connect,
      client,
      taxonomy,
      gateway,
      repository,
      access: deps.access,
      events: deps.events,
      appUrl: deps.appUrl,
      now,
      log,
    }),
  };
}

export type Ebay = ReturnType<typeof createEbay>;

/** eBay's routes: connecting, settings, aspects, publishing, the sandbox eBay. */
export async function ebayPlugin(
  app: FastifyInstance,
  options: {
    ebay: Ebay;
    requireSession: RequireSession;
    sessionUserId: (request: FastifyRequest) => Promise<string | undefined>;
  },
) {
  await app.register(ebayRoutes, { ...options.ebay, ...options });
}
