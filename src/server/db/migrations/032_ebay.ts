import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Connecting an eBay account and listing on it (issue 27, ADR 049):
 * - `ebayConnectStates`: the one-time OAuth state, hashed, bound to the seller, expiring.
 * - `ebayConnections`: one per seller: the user access token and refresh token, each sealed with
 *   AES-256-GCM (as Shopify tokens are, ADR 021), their expiries, whether eBay refused the
 *   refresh token (connect again), and the policies and location chosen once.
 * - `ebayPublications`: the inventory item (SKU = our product id) and offer each product became,
 *   its listing id once live, and whether it is a draft or live.
 * - `ebayTaxonomyCache`: Taxonomy API answers shared by every seller: the default category tree
 *   and its version, and each category's aspects under that version.
 * - `ebaySandboxRecords`: what the sandbox eBay (the embedded default) holds per seller:
 *   inventory items and offers as the Inventory API answers them.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';

  await db.schema
    .createTable('ebayConnectStates')
    .addColumn('stateHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ebayConnectStates_user_idx')
    .on('ebayConnectStates')
    .columns(['userId', 'expiresAt'])
    .execute();

  await db.schema
    .createTable('ebayConnections')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text', (c) => c.notNull())
    .addColumn('accessTokenExpiresAt', timestamp, (c) => c.notNull())
    .addColumn('refreshToken', 'text', (c) => c.notNull())
    .addColumn('refreshTokenExpiresAt', timestamp, (c) => c.notNull())
    .addColumn('needsReconnect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fulfillmentPolicyId', 'text')
    .addColumn('paymentPolicyId', 'text')
    .addColumn('returnPolicyId', 'text')
    .addColumn('merchantLocationKey', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ebayPublications')
    .addColumn('productId', 'text', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('offerId', 'text', (c) => c.notNull())
    .addColumn('listingId', 'text')
    .addColumn('categoryId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('publishedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ebayPublications_user_idx')
    .on('ebayPublications')
    .columns(['userId', 'publishedAt'])
    .execute();

  await db.schema
    .createTable('ebayTaxonomyCache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    /** JSON of what was read. */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('fetchedAt', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ebaySandboxRecords')
    .addColumn('sellerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The SKU of an item, the offer id of an offer. */
    .addColumn('key', 'text', (c) => c.notNull())
    /** An offer's SKU (offers are looked up by it). */
    .addColumn('sku', 'text', (c) => c.notNull())
    /** JSON of the record as the Inventory API answers it. */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('ebaySandboxRecords_pk', ['sellerId', 'kind', 'key'])
    .execute();
}
