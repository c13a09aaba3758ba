import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The listing fields the seller changed by hand (issue 13), as a JSON array of field names
 * (`EDITABLE_LISTING_FIELDS`): naming the product drafts every other field again. A new draft
 * starts it empty again.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('editedFields', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
