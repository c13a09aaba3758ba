/**
 * The handle a product's first publish to a shop upserts by (migration 021, ADR 031). It is
 * chosen once, before the first productSet is sent, and kept until that publish is recorded:
 * when Shopify created the product but the answer was lost, the retry sends the same handle,
 * even if the seller edited the title in between, and so updates that product instead of
 * creating a second one. Two first publishes at once agree on the first one stored.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function createFirstPublishHandles(db: Kysely<Database>) {
  const row = (productId: string, shopDomain: string) =>
    db
      .selectFrom('shopifyFirstPublishHandles')
      .where('productId', '=', productId)
      .where('shopDomain', '=', shopDomain);

  return {
    /** The handle stored for this first publish, or `proposed`, stored now. */
    async claim(productId: string, shopDomain: string, proposed: string, at: Date) {
      await db
        .insertInto('shopifyFirstPublishHandles')
        .values({ productId, shopDomain, handle: proposed, createdAt: at.toISOString() })
        .onConflict((conflict) => conflict.columns(['productId', 'shopDomain']).doNothing())
        .execute();
      const stored = await row(productId, shopDomain).select('handle').executeTakeFirstOrThrow();
      return stored.handle;
    },

    /** The publication is recorded: later publishes go by the Shopify product's id. */
    async release(productId: string, shopDomain: string): Promise<void> {
      await db
        .deleteFrom('shopifyFirstPublishHandles')
        .where('productId', '=', productId)
        .where('shopDomain', '=', shopDomain)
        .execute();
    },
  };
}

export type FirstPublishHandles = ReturnType<typeof createFirstPublishHandles>;
