/**
 * Where a seller's published products can be seen: the storefront page of each product's latest
 * Shopify publication (`https://{shop}/products/{handle}`; Shopify sends a visitor on to the
 * shop's own domain). Publications recorded before handles were kept have no page here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function createShopifyProductPages(db: Kysely<Database>) {
  return {
    async pages(userId: string, productIds: readonly string[]): Promise<Map<string, string>> {
      const pages = new Map<string, string>();
      if (productIds.length === 0) return pages;
      const rows = await db
        .selectFrom('shopifyPublications')
        .select(['productId', 'shopDomain', 'handle', 'publishedAt'])
        .where('userId', '=', userId)
        .where('productId', 'in', productIds)
        .where('handle', 'is not', null)
        .orderBy('publishedAt', 'asc')
        .execute();
      // Oldest first: the latest publication of a product is the one left in the map.
      for (const row of rows) {
        pages.set(
          row.productId,
          `https://${row.shopDomain}/products/${encodeURIComponent(row.handle!)}`,
        );
      }
      return pages;
    },
  };
}
