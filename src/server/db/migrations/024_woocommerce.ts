import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Connected WooCommerce stores and publishing to them (issue 26, ADR 039):
 * - `woocommerceConnectStates`: the one-time state sent to the store as `user_id`, hashed, bound
 *   to the seller and the store address, expiring; the store's key callback consumes it.
 * - `woocommerceStores`: one row per seller and store address with the consumer key and secret,
 *   each sealed with AES-256-GCM (as Shopify tokens are, ADR 021).
 * - `woocommercePublications`: the WooCommerce product each of our products became per store
 *   (re-publishing updates it), its page, and which of its images are Listsmith's.
 * - `woocommerceSandboxRecords`: what the sandbox store (the embedded default) holds, per seller
 *   and store address: products, variations and categories as the REST API returns them.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';

  await db.schema
    .createTable('woocommerceConnectStates')
    .addColumn('stateHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storeUrl', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('woocommerceConnectStates_user_idx')
    .on('woocommerceConnectStates')
    .columns(['userId', 'expiresAt'])
    .execute();

  await db.schema
    .createTable('woocommerceStores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storeUrl', 'text', (c) => c.notNull())
    .addColumn('consumerKey', 'text', (c) => c.notNull())
    .addColumn('consumerSecret', 'text', (c) => c.notNull())
    .addColumn('keyPermissions', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('woocommerceStores_user_store_idx')
    .on('woocommerceStores')
    .columns(['userId', 'storeUrl'])
    .unique()
    .execute();

  await db.schema
    .createTable('woocommercePublications')
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('storeUrl', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wooProductId', 'text', (c) => c.notNull())
    .addColumn('permalink', 'text', (c) => c.notNull())
    .addColumn('adminUrl', 'text', (c) => c.notNull())
    /** JSON array of the store's image ids that Listsmith's photos became. */
    .addColumn('imageIds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('imagesFingerprint', 'text', (c) => c.notNull())
    .addColumn('publishedAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('woocommercePublications_pk', ['productId', 'storeUrl'])
    .execute();

  await db.schema
    .createTable('woocommerceSandboxRecords')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sellerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storeUrl', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** A variation's product. */
    .addColumn('parentId', 'text')
    /** JSON of the record as the REST API answers it. */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('woocommerceSandboxRecords_store_idx')
    .on('woocommerceSandboxRecords')
    .columns(['sellerId', 'storeUrl', 'kind', 'updatedAt'])
    .execute();
}
