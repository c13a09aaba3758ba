import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * When a seller's premium ended: their library stays read-only for 30 days from then (issue 14),
 * is restored if they subscribe again, and is deleted after. Null while premium or never premium.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('premiumEndedAt', kind === 'postgres' ? 'timestamptz' : 'date')
    .execute();
}
