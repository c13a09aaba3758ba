import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Shopify hardening (issue 23, issue 28 item 9; ADR 031):
 * - `shopifySandboxProducts.sellerId` / `shopifySandboxMedia.sellerId`: a sandbox store belongs
 *   to the seller who connected it. Shop names were the only key, so a second seller who typed
 *   the same name saw and published into the first one's catalogue. Existing rows go to the one
 *   seller who has that shop connected; rows of a shop several sellers connected cannot be
 *   attributed and are deleted (sandbox test data, nothing real). Nullable only because SQLite
 *   cannot add a NOT NULL column without a default; the code always writes it.
 * - `shopifyFirstPublishHandles`: the handle a product's first publish to a shop upserts by,
 *   chosen once before the first productSet, so a retry after a lost answer finds the product
 *   the lost call created even when the seller edited the title in between.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  for (const table of ['shopifySandboxProducts', 'shopifySandboxMedia']) {
    await db.schema
      .alterTable(table)
      .addColumn('sellerId', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .execute();
    const connectors = sql`from "shopifyStores" s where s."shopDomain" = ${sql.table(table)}."shopDomain"`;
    await sql`update ${sql.table(table)} set "sellerId" = (select min(s."userId") ${connectors})
      where (select count(distinct s."userId") ${connectors}) = 1`.execute(db);
  }
  await sql`delete from "shopifySandboxMedia" where "sellerId" is null`.execute(db);
  await sql`delete from "shopifySandboxProducts" where "sellerId" is null`.execute(db);

  await db.schema.dropIndex('shopifySandboxProducts_shop_idx').execute();
  await db.schema
    .createIndex('shopifySandboxProducts_seller_shop_idx')
    .on('shopifySandboxProducts')
    .columns(['sellerId', 'shopDomain', 'updatedAt'])
    .execute();

  await db.schema
    .createTable('shopifyFirstPublishHandles')
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('shopifyFirstPublishHandles_pk', ['productId', 'shopDomain'])
    .execute();
}
