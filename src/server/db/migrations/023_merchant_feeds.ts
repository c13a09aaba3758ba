import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The Google Merchant Center feed (issue 26, ADR 037):
 * - `merchantFeeds`: one row per seller. `tokenHash` is the SHA-256 (hex) of the secret in the
 *   feed's private address, null once revoked (the address then answers 404); the token itself
 *   is shown once and never stored. `pageTemplate` is the seller's product-page address with
 *   `{handle}` (or `{id}`), '' when none; `currency` the ISO 4217 code the prices are in.
 * - `shopifyPublications.handle`: the handle Shopify gave the product, so its storefront page
 *   (`https://{shop}/products/{handle}`) is known; null for publications recorded before.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('merchantFeeds')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.unique())
    .addColumn('pageTemplate', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('shopifyPublications').addColumn('handle', 'text').execute();
}
