/**
 * Where a seller's products published to WooCommerce can be seen: the permalink the store
 * answered for each product's latest publication (a Google feed item's `link`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function createWooProductPages(db: Kysely<Database>) {
  return {
    async pages(userId: string, productIds: readonly string[]): Promise<Map<string, string>> {
      const pages = new Map<string, string>();
      if (productIds.length === 0) return pages;
      const rows = await db
        .selectFrom('woocommercePublications')
        .select(['productId', 'permalink'])
        .where('userId', '=', userId)
        .where('productId', 'in', productIds)
        .where('permalink', '!=', '')
        .orderBy('publishedAt', 'asc')
        .execute();
      // Oldest first: the latest publication of a product is the one left in the map.
      for (const row of rows) pages.set(row.productId, row.permalink);
      return pages;
    },
  };
}
