import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Accounts: better-auth's tables (users, sessions, accounts, verifications, rateLimit) with
 * Listsmith's plan and credit columns on users, plus the credit ledger.
 * Column types follow what better-auth's own migration generator emits for each dialect.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  const bool = kind === 'postgres' ? 'boolean' : 'integer';
  const now = kind === 'postgres' ? sql`CURRENT_TIMESTAMP` : sql`(CURRENT_TIMESTAMP)`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', bool, (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('planName', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('fixedCredits', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('subscriptionCredits', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint(
      'users_credits_non_negative',
      sql`"fixedCredits" >= 0 and "subscriptionCredits" >= 0`,
    )
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', timestamp)
    .addColumn('refreshTokenExpiresAt', timestamp)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_userId_idx').on('accounts').column('userId').execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updatedAt', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('verifications_identifier_idx')
    .on('verifications')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('creditLedger')
    .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fixedDelta', 'integer', (c) => c.notNull())
    .addColumn('subscriptionDelta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('creditLedger_userId_idx')
    .on('creditLedger')
    .column('userId')
    .execute();
}
