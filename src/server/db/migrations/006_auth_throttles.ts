import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Per-account counters for sign-in attempts and account mails (issue 18). Keyed by purpose and a
 * hash of the e-mail address, so addresses without an account leave no readable trace. Times are
 * milliseconds since the epoch (double precision on PostgreSQL, whose bigint arrives as a string).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const millis = kind === 'postgres' ? 'double precision' : 'integer';
  await db.schema
    .createTable('authThrottles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('firstAt', millis, (c) => c.notNull())
    .addColumn('lastAt', millis, (c) => c.notNull())
    .execute();
}
