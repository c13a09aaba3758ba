import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The attributes the seller confirmed (issue 13), as a JSON array of { name, value }
 * (`confirmedAttributesSchema`): a draft written again states them.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('confirmedAttributes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
