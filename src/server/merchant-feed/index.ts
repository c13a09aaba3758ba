/** The Google Merchant Center feed capability assembled from its parts, and its routes' plugin. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RequireSession } from '../http/signed-in.js';
import { createFeedRepository } from './feed-repository.js';
import { createFeedService, type FeedServiceDeps } from './feed-service.js';
import { merchantFeedRoutes } from './routes.js';

export function createMerchantFeed(
  deps: { db: Kysely<Database> } & Omit<FeedServiceDeps, 'feeds'>,
) {
  const { db, ...rest } = deps;
  return { service: createFeedService({ feeds: createFeedRepository(db), ...rest }) };
}

export type MerchantFeed = ReturnType<typeof createMerchantFeed>;

export { type ProductPageSource } from './product-pages.js';

/** The feed's routes: its settings and address for the seller, the private address for Google. */
export async function merchantFeedPlugin(
  app: FastifyInstance,
  options: { merchantFeed: MerchantFeed; requireSession: RequireSession },
) {
  await app.register(merchantFeedRoutes, {
    service: options.merchantFeed.service,
    requireSession: options.requireSession,
    log: app.log,
  });
}
