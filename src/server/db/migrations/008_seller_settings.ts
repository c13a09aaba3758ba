import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The seller's settings (issue 13): one row per user, written the first time they change one,
 * so a user without a row has the defaults (`DEFAULT_SELLER_SETTINGS`). One column per setting:
 * a new setting is an added column with its default. `priceEnding` is '.99', '.95' or 'whole'.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('sellerSettings')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('priceEnding', 'text', (c) => c.notNull().defaultTo('.99'))
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
}
