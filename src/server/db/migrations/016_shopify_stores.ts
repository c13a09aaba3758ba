import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Connected Shopify stores (issue 15): the single-use OAuth states a user asked for, and one row
 * per user and shop with its access and refresh tokens, encrypted (never in the clear). Both go
 * with the user. Webhook deliveries reuse `processedEvents` (provider 'shopify').
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';

  await db.schema
    .createTable('shopifyOAuthStates')
    // SHA-256 of the state: the database alone cannot complete someone's connection.
    .addColumn('stateHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shopifyOAuthStates_expiresAt_idx')
    .on('shopifyOAuthStates')
    .column('expiresAt')
    .execute();

  await db.schema
    .createTable('shopifyStores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    .addColumn('accessToken', 'text', (c) => c.notNull())
    .addColumn('accessTokenExpiresAt', timestamp)
    .addColumn('refreshToken', 'text')
    .addColumn('refreshTokenExpiresAt', timestamp)
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shopifyStores_user_shop_idx')
    .on('shopifyStores')
    .columns(['userId', 'shopDomain'])
    .unique()
    .execute();
  // Webhooks name the shop, never our user.
  await db.schema
    .createIndex('shopifyStores_shopDomain_idx')
    .on('shopifyStores')
    .column('shopDomain')
    .execute();
}
