import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Improve (issue 25): a product's pending suggestions, and what its last paid improvement read.
 * - `suggestions`: JSON array of Suggestion (src/domain/catalogue-improve.ts), one per field,
 *   waiting for the seller to accept or reject it.
 * - `improvedFingerprint`: the hash of the photos and text an improvement was charged for; a run
 *   on a product that still has it costs nothing. Null: never improved.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('suggestions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('products').addColumn('improvedFingerprint', 'text').execute();
}
