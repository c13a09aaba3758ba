import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Draft evidence columns on products (see schema.ts): the analyzer's ranked alternative
 * categories and per-field evidence as JSON text, and the GTIN read from a barcode.
 * One ALTER per column: SQLite adds a single column per statement.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('categoryAlternatives', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('products').addColumn('barcode', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('fieldEvidence', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
