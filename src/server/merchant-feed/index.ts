/** The Google Merchant Center feed capability assembled from its parts; app.ts registers its routes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createFeedRepository } from './feed-repository.js';
import { createFeedService, type FeedServiceDeps } from './feed-service.js';

export function createMerchantFeed(
  deps: { db: Kysely<Database> } & Omit<FeedServiceDeps, 'feeds'>,
) {
  const { db, ...rest } = deps;
  return { service: createFeedService({ feeds: createFeedRepository(db), ...rest }) };
}

export type MerchantFeed = ReturnType<typeof createMerchantFeed>;

export { merchantFeedRoutes } from './routes.js';
export { type ProductPageSource } from './product-pages.js';
