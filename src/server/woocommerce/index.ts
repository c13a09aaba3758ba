/** The WooCommerce capability assembled from its parts (issue 26, ADR 039), and its routes' plugin. */
import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { WooCommerceConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { CatalogAccess, ProductEventBus } from '../catalog/index.js';
import { createConnectService, isLoopbackHost } from './connect-service.js';
import type { WooGateway } from './gateway.js';
import { createHttpGateway } from './http-gateway.js';
import { createWooProductPages } from './product-pages.js';
import { createPublishService } from './publish-service.js';
import { createWooRepository } from './repository.js';
import { createRestClient } from './rest-client.js';
import type { RequireSession } from '../http/signed-in.js';
import { CALLBACK_PATH, woocommerceRoutes } from './routes.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';
import { createWooSandboxStore, type WooSandboxStore } from './sandbox-store.js';

export interface WooCommerceDeps {
  db: Kysely<Database>;
  config: WooCommerceConfig;
  appUrl: string;
  /** Keys for the states and the sandbox's keys are derived from it (never itself). */
  authSecret: string;
  access: Pick<CatalogAccess, 'changeableRow'>;
  events: ProductEventBus;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const derived = (secret: string, label: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'listsmith', label, 32));

export function createWooCommerce(deps: WooCommerceDeps) {
  const { config, now, log } = deps;
  const repository = createWooRepository(deps.db);
  let sandbox: { gateway: SandboxGateway; catalogue: WooSandboxStore } | null = null;
  let gateway: WooGateway;
  if (config.stores === 'sandbox') {
    const catalogue = createWooSandboxStore(deps.db, now);
    const sandboxGateway = createSandboxGateway({
      secret: derived(deps.authSecret, 'woocommerce-sandbox-keys'),
      catalogue,
    });
    sandbox = { gateway: sandboxGateway, catalogue };
    gateway = sandboxGateway;
  } else {
    gateway = createHttpGateway();
  }
  const connect = createConnectService({
    repository,
    gateway,
    keyKey: config.keyKey,
    stateSecret: derived(deps.authSecret, 'woocommerce-connect-state'),
    appUrl: deps.appUrl,
    callbackPath: CALLBACK_PATH,
    allowHttp: (host) => config.allowLoopbackHttp && isLoopbackHost(host),
    now,
    log,
  });
  const client = createRestClient({ gateway, log });
  const publisher = createPublishService({
    stores: connect,
    gateway,
    client,
    repository,
    access: deps.access,
    events: deps.events,
    appUrl: deps.appUrl,
    now,
    log,
  });
  return { connect, publisher, sandbox, productPages: createWooProductPages(deps.db) };
}

export type WooCommerce = ReturnType<typeof createWooCommerce>;

/** WooCommerce's routes: connecting stores, publishing products, the sandbox store. */
export async function woocommercePlugin(
  app: FastifyInstance,
  options: { woocommerce: WooCommerce; requireSession: RequireSession },
) {
  const { woocommerce, requireSession } = options;
  await app.register(woocommerceRoutes, {
    connect: woocommerce.connect,
    publisher: woocommerce.publisher,
    sandbox: woocommerce.sandbox,
    requireSession,
  });
}
