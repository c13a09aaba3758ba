import type { Kysely } from 'kysely';

/**
 * Sending a file import back (issue 25, ADR 046):
 * - `productSources.identity`: JSON of what the store's importer needs besides the source key to
 *   update the product rather than add one or change it (SourceIdentity: WooCommerce's SKU and
 *   Type, Squarespace's Product URL and Variant IDs). '{}' for sources imported before it.
 * - an index on `productSources.importId`: an import's download reads its products by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('productSources')
    .addColumn('identity', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema
    .createIndex('productSources_import_idx')
    .on('productSources')
    .columns(['importId', 'productId'])
    .execute();
}
