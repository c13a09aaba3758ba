import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Billing: a unique `reference` on ledger rows (a grant answers to one payment or period, so a
 * confirmation delivered twice grants once), the user's subscription with the payment provider,
 * every checkout started, and the webhook events already applied. See schema.ts.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  const bool = kind === 'postgres' ? 'boolean' : 'integer';
  const falseValue = kind === 'postgres' ? sql`false` : sql`0`;

  await db.schema.alterTable('creditLedger').addColumn('reference', 'text').execute();
  // Both dialects let any number of NULLs through a unique index: spends and refunds have none.
  await db.schema
    .createIndex('creditLedger_reference_idx')
    .on('creditLedger')
    .column('reference')
    .unique()
    .execute();

  await db.schema
    .createTable('billingAccounts')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`"provider" in ('sandbox', 'stripe')`),
    )
    .addColumn('customerId', 'text')
    .addColumn('subscriptionId', 'text')
    .addColumn('status', 'text', (c) =>
      c.check(sql`"status" is null or "status" in ('active', 'past_due', 'canceled')`),
    )
    .addColumn('cancelAtPeriodEnd', bool, (c) => c.notNull().defaultTo(falseValue))
    .addColumn('currentPeriodEnd', timestamp)
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  // Webhooks name the subscription or the customer, never our user.
  await db.schema
    .createIndex('billingAccounts_subscriptionId_idx')
    .on('billingAccounts')
    .column('subscriptionId')
    .execute();
  await db.schema
    .createIndex('billingAccounts_customerId_idx')
    .on('billingAccounts')
    .column('customerId')
    .execute();

  await db.schema
    .createTable('checkoutSessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`"provider" in ('sandbox', 'stripe')`),
    )
    .addColumn('itemKey', 'text', (c) => c.notNull())
    .addColumn('priceId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`"status" in ('open', 'complete', 'expired')`),
    )
    .addColumn('returnPath', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('completedAt', timestamp)
    .execute();
  await db.schema
    .createIndex('checkoutSessions_userId_idx')
    .on('checkoutSessions')
    .column('userId')
    .execute();

  await db.schema
    .createTable('processedEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processedAt', timestamp, (c) => c.notNull())
    .execute();
}
