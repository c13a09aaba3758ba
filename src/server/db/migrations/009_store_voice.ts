import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The store voice (issue 13), two settings columns: the preset tone ('friendly',
 * 'professional', 'luxury', 'playful') and the seller's own style instructions ('' when none).
 * Existing rows get the defaults. SQLite adds one column per statement.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('sellerSettings')
    .addColumn('storeVoicePreset', 'text', (c) => c.notNull().defaultTo('friendly'))
    .execute();
  await db.schema
    .alterTable('sellerSettings')
    .addColumn('storeVoiceInstructions', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
