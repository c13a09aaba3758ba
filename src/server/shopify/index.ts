/** The Shopify capability assembled from its parts; app.ts registers its routes. */
import { hkdfSync } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ShopifyConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import type { ShopifyGateway } from './gateway.js';
import { createHttpGateway } from './http-gateway.js';
import { CALLBACK_PATH } from './routes.js';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway.js';
import { createShopifyRepository } from './shopify-repository.js';
import { createShopifyService } from './shopify-service.js';
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
  let gateway: ShopifyGateway;
  if (config.app.kind === 'shopify') {
    gateway = createHttpGateway({ ...config.app, scopes: config.scopes, now });
  } else {
    const secret = Buffer.from(
      hkdfSync('sha256', deps.authSecret, 'listsmith', 'shopify-sandbox-secret', 32),
    ).toString('hex');
    sandbox = createSandboxGateway({
      secret,
      scopes: config.scopes,
      callbackPath: CALLBACK_PATH,
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
  });
  return {
    gateway,
    sandbox,
    repository,
    service,
    webhooks: createWebhookService({ repository, now, log }),
  };
}

export type Shopify = ReturnType<typeof createShopify>;
