import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The draft's guidance on products (see schema.ts): what the seller should check or add, as a
 * JSON array of { kind, text }, kept apart from the listing copy so no export carries it.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('guidance', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
