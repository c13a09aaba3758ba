/**
 * Credits in the database: reservations for generations and refunds of failed ones. Every
 * change writes a ledger row in the same transaction, so balances always equal the ledger sum.
 */
import { sql, type Kysely } from 'kysely';
import {
  balanceAfterSpend,
  bucketsForItems,
  refundDelta,
  splitSpend,
  totalCredits,
  type CreditBucket,
  type CreditSplit,
} from '#domain/credits.js';
import { insertLedgerRow, lockedBalance, writeCreditChange } from '../billing/ledger.js';
import type { DatabaseKind } from '../db/connection.js';
import type { Database } from '../db/schema.js';

export type Reservation =
  { ok: true; split: CreditSplit; buckets: CreditBucket[] } | { ok: false; have: number };

/**
 * Reserves `count` credits for `userId` inside the caller's transaction `trx`, subscription
 * credits first. The spend itself is one conditional UPDATE, so two concurrent requests can
 * never spend the same credit and the balance never goes negative (the CHECK constraint is the
 * last line of defence). The balance is read just before under a row lock (PostgreSQL
 * FOR UPDATE; SQLite runs one transaction at a time on its single connection) only to write
 * the ledger's per-bucket deltas.
 */
export async function reserveCredits(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  userId: string,
  count: number,
): Promise<Reservation> {
  const balance = await lockedBalance(trx, kind, userId);
  if (!balance) return { ok: false, have: 0 };
  const split = splitSpend(balance, count);
  if (!split) return { ok: false, have: totalCredits(balance) };

  const n = sql<number>`cast(${count} as integer)`;
  const fromSubscription =
    kind === 'postgres'
      ? sql`least("subscriptionCredits", ${n})`
      : sql`min("subscriptionCredits", ${n})`;
  const after = await trx
    .updateTable('users')
    .set({
      subscriptionCredits: sql<number>`"subscriptionCredits" - ${fromSubscription}`,
      fixedCredits: sql<number>`"fixedCredits" - (${n} - ${fromSubscription})`,
    })
    .where('id', '=', userId)
    .where(sql<boolean>`"subscriptionCredits" + "fixedCredits" >= ${n}`)
    .returning(['subscriptionCredits', 'fixedCredits'])
    .executeTakeFirst();
  if (!after) return { ok: false, have: totalCredits(balance) };
  const expected = balanceAfterSpend(balance, split);
  if (
    Number(after.subscriptionCredits) !== expected.subscriptionCredits ||
    Number(after.fixedCredits) !== expected.fixedCredits
  ) {
    // Only possible if the row changed between the locked read and the update: roll back.
    throw new Error('credit balance changed during reservation');
  }

  await insertLedgerRow(trx, {
    userId,
    delta: { subscription: -split.subscription, fixed: -split.fixed },
    reason: 'generation',
  });
  return { ok: true, split, buckets: bucketsForItems(split) };
}

/**
 * Gives a product's reserved credit back to the bucket that paid for it, at most once: the
 * product's creditState moves from 'reserved' to 'refunded' in the same statement that decides
 * whether there is anything to refund. Returns whether a credit was refunded.
 */
export async function refundProductCredit(
  trx: Kysely<Database>,
  productId: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('products')
    .set({ creditState: 'refunded' })
    .where('id', '=', productId)
    .where('creditState', '=', 'reserved')
    .returning(['userId', 'creditBucket'])
    .executeTakeFirst();
  if (!claimed?.creditBucket) return false;
  await writeCreditChange(trx, {
    userId: claimed.userId,
    delta: refundDelta(claimed.creditBucket),
    reason: 'refund',
  });
  return true;
}
