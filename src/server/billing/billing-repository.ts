/** Billing rows: checkout sessions, the billing account per user, processed webhook events. */
import type { Kysely, Selectable } from 'kysely';
import type { PlanName } from '#domain/plans.js';
import { compiledOnce } from '../db/compiled-once.js';
import type { BillingAccountsTable, CheckoutSessionsTable, Database } from '../db/schema.js';

export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;

export interface BillingAccount {
  userId: string;
  provider: 'sandbox' | 'stripe';
  customerId: string | null;
  subscriptionId: string | null;
  status: 'active' | 'past_due' | 'canceled' | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/** Dates come back as Date on PostgreSQL and as ISO strings on SQLite. */
export function toDate(value: Date | string): Date;
export function toDate(value: Date | string | null): Date | null;
export function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

function toAccount(row: Selectable<BillingAccountsTable>): BillingAccount {
  return {
    userId: row.userId,
    provider: row.provider,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    status: row.status,
    cancelAtPeriodEnd: Boolean(row.cancelAtPeriodEnd),
    currentPeriodEnd: toDate(row.currentPeriodEnd),
  };
}

export function createBillingRepository(db: Kysely<Database>) {
  const dueSandbox = db
    .selectFrom('billingAccounts')
    .selectAll()
    .where('provider', '=', 'sandbox')
    .where('status', 'in', ['active', 'past_due']);
  // Compiled once: every profile read settles the seller's own due period first (issue 29).
  const sellersDueSandbox = compiledOnce(db, 2, (at: string, userId: string) =>
    dueSandbox.where('currentPeriodEnd', '<=', at).where('userId', '=', userId),
  );
  return {
    async insertCheckoutSession(row: CheckoutSessionRow): Promise<void> {
      await db.insertInto('checkoutSessions').values(row).execute();
    },

    findCheckoutSession(id: string, trx: Kysely<Database> = db) {
      return trx.selectFrom('checkoutSessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Another user's session is simply not found: ids never confirm what others bought. */
    findOwnedCheckoutSession(id: string, userId: string) {
      return db
        .selectFrom('checkoutSessions')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** open → complete once; false when it was not open (already complete, or expired). */
    async completeCheckoutSession(trx: Kysely<Database>, id: string, at: Date): Promise<boolean> {
      const result = await trx
        .updateTable('checkoutSessions')
        .set({ status: 'complete', completedAt: at.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async expireCheckoutSession(id: string): Promise<boolean> {
      const result = await db
        .updateTable('checkoutSessions')
        .set({ status: 'expired' })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async account(userId: string, trx: Kysely<Database> = db): Promise<BillingAccount | undefined> {
      const row = await trx
        .selectFrom('billingAccounts')
        .selectAll()
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async accountBy(
      column: 'subscriptionId' | 'customerId',
      value: string,
      trx: Kysely<Database> = db,
    ): Promise<BillingAccount | undefined> {
      const row = await trx
        .selectFrom('billingAccounts')
        .selectAll()
        .where(column, '=', value)
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async saveAccount(trx: Kysely<Database>, account: BillingAccount, at: Date): Promise<void> {
      const values = {
        provider: account.provider,
        customerId: account.customerId,
        subscriptionId: account.subscriptionId,
        status: account.status,
        cancelAtPeriodEnd: account.cancelAtPeriodEnd ? 1 : 0,
        currentPeriodEnd: account.currentPeriodEnd?.toISOString() ?? null,
        updatedAt: at.toISOString(),
      };
      await trx
        .insertInto('billingAccounts')
        .values({ userId: account.userId, ...values })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
        .execute();
    },

    /**
     * Moves a sandbox period forward only if nobody else did since `from` was read: two sweeps
     * running at once renew a period once.
     */
    async claimSandboxPeriod(
      trx: Kysely<Database>,
      userId: string,
      from: Date,
      change: { currentPeriodEnd: Date; status: BillingAccount['status']; at: Date },
    ): Promise<boolean> {
      const result = await trx
        .updateTable('billingAccounts')
        .set({
          currentPeriodEnd: change.currentPeriodEnd.toISOString(),
          status: change.status,
          cancelAtPeriodEnd: 0,
          updatedAt: change.at.toISOString(),
        })
        .where('userId', '=', userId)
        .where('currentPeriodEnd', '=', from.toISOString())
        .where('status', 'in', ['active', 'past_due'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sandbox subscriptions whose period has ended by `now` (ISO strings compare in order). */
    async dueSandboxAccounts(now: Date, userId?: string): Promise<BillingAccount[]> {
      const at = now.toISOString();
      const rows =
        userId === undefined
          ? await dueSandbox.where('currentPeriodEnd', '<=', at).execute()
          : await sellersDueSandbox(at, userId);
      return rows.map(toAccount);
    },

    /** Records a webhook event; false when it was recorded before (a redelivery). */
    async claimEvent(
      trx: Kysely<Database>,
      event: { id: string; type: string },
      at: Date,
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('processedEvents')
        .values({
          id: event.id,
          provider: 'stripe',
          type: event.type,
          processedAt: at.toISOString(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async isEventProcessed(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('processedEvents')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    async setPlan(trx: Kysely<Database>, userId: string, plan: PlanName): Promise<void> {
      await trx.updateTable('users').set({ planName: plan }).where('id', '=', userId).execute();
    },

    async user(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'planName', 'fixedCredits', 'subscriptionCredits'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
