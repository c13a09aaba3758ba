/**
 * Every change of a credit balance, with its ledger row, inside the caller's transaction: grants
 * (sign-up, packs, renewals, the end of premium), reservations for generations and refunds of
 * failed ones. Billing, products and sign-up all change balances, so the module lives beside
 * them rather than in one of them: with one writer, each balance equals its ledger sum by
 * construction.
 *
 * A `reference` makes a grant happen at most once: the row is inserted first, and a reference
 * already in the ledger means the change was made before. A refund is made once by the
 * product's creditState, which moves from 'reserved' in the same statement that claims it.
 *
 * A credit pays for a listing (ADR 033): what combining and splitting a seller's products cost
 * or give back is decided here too (`settleCombine`, `chargeSplit`), so no listing is made ready
 * without a credit spent for it.
 */
import { sql, type Kysely } from 'kysely';
import type { LedgerReason } from '#domain/billing.js';
import {
  balanceAfterSpend,
  bucketsForItems,
  combineCredits,
  refundDelta,
  splitCharge,
  splitSpend,
  totalCredits,
  type CreditBalance,
  type CreditBucket,
  type CreditHolder,
  type CreditSplit,
} from '#domain/credits.js';
import { notEnoughCreditsMessage } from '#domain/upload-rules.js';
import type { DatabaseKind } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

export interface LedgerEntry {
  userId: string;
  delta: CreditSplit;
  reason: LedgerReason;
  /** Unique across the ledger; null/absent for spends and refunds. */
  reference?: string | null;
  at?: Date;
}

export type Reservation =
  { ok: true; split: CreditSplit; buckets: CreditBucket[] } | { ok: false; have: number };

/**
 * Inserts the ledger row alone, for a balance already set by the same transaction (sign-up's
 * column default, a reservation's conditional update). False when its reference is already in
 * the ledger.
 */
export async function insertLedgerRow(trx: Kysely<Database>, entry: LedgerEntry): Promise<boolean> {
  const inserted = await trx
    .insertInto('creditLedger')
    .values({
      userId: entry.userId,
      subscriptionDelta: entry.delta.subscription,
      fixedDelta: entry.delta.fixed,
      reason: entry.reason,
      reference: entry.reference ?? null,
      createdAt: (entry.at ?? new Date()).toISOString(),
    })
    .onConflict((conflict) => conflict.column('reference').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Writes the ledger row, then moves the balance by the same delta. Returns false (and changes
 * nothing) when the reference was already used.
 */
export async function writeCreditChange(
  trx: Kysely<Database>,
  entry: LedgerEntry,
): Promise<boolean> {
  if (!(await insertLedgerRow(trx, entry))) return false;
  await trx
    .updateTable('users')
    .set({
      subscriptionCredits: sql<number>`"subscriptionCredits" + ${entry.delta.subscription}`,
      fixedCredits: sql<number>`"fixedCredits" + ${entry.delta.fixed}`,
    })
    .where('id', '=', entry.userId)
    .execute();
  return true;
}

/**
 * The user's balance, locked until the transaction ends (PostgreSQL FOR UPDATE; SQLite runs one
 * transaction at a time), for changes computed from it such as a reset to 50.
 */
export async function lockedBalance(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<(CreditBalance & { planName: string }) | undefined> {
  const row = await trx
    .selectFrom('users')
    .select(['subscriptionCredits', 'fixedCredits', 'planName'])
    .where('id', '=', userId)
    .$if(kind === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    subscriptionCredits: Number(row.subscriptionCredits),
    fixedCredits: Number(row.fixedCredits),
    planName: row.planName,
  };
}

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
  reason: Extract<LedgerReason, 'generation' | 'improve'> = 'generation',
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
    reason,
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

/**
 * Gives back the credit of a product whose upload is withdrawn (the upload was refused after the
 * photo had started drafting): reserved or already spent on its draft, the seller pays nothing
 * for an upload that answered an error. At most once, as `refundProductCredit`.
 */
export async function refundWithdrawnCredit(
  trx: Kysely<Database>,
  productId: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('products')
    .set({ creditState: 'refunded' })
    .where('id', '=', productId)
    .where('creditState', 'in', ['reserved', 'spent'])
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

/** Reserves `count` credits, or refuses with the upload's out-of-credits reply (402). */
async function reserveOrRefuse(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  userId: string,
  count: number,
): Promise<CreditBucket[]> {
  if (count === 0) return [];
  const reservation = await reserveCredits(trx, kind, userId, count);
  if (!reservation.ok) throw new HttpError(402, notEnoughCreditsMessage(reservation.have, count));
  return reservation.buckets;
}

/** The kept product's credit after a combine: unchanged, or the one it was charged. */
export type KeptCredit = Pick<CreditHolder, 'creditState' | 'creditBucket'> | undefined;

/**
 * Combining `merged` into `kept`, in the caller's transaction: each merged-away draft holding a
 * credit gets it back (ledger reason 'combine-refund'); then a kept product holding none (its
 * generation failed, or it was split off for free before issue 28) pays one, as it becomes a
 * ready listing. Throws a 402 when it cannot; the caller's transaction then rolls back.
 */
export async function settleCombine(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  userId: string,
  kept: CreditHolder,
  merged: readonly CreditHolder[],
): Promise<{ refunded: number; kept: KeptCredit }> {
  const { refunds, charge } = combineCredits(kept, merged);
  for (const bucket of refunds) {
    await writeCreditChange(trx, { userId, delta: refundDelta(bucket), reason: 'combine-refund' });
  }
  const [bucket] = await reserveOrRefuse(trx, kind, userId, charge);
  return {
    refunded: refunds.length,
    kept: bucket ? { creditState: 'spent', creditBucket: bucket } : undefined,
  };
}

/**
 * Splitting `splitOff` photos off `original`, in the caller's transaction: each new product
 * pays a credit, reserved like an upload's (spent when its draft is ready, refunded if it
 * fails), and an original holding none pays one, spent at once (it is drafted in the request).
 * Throws a 402 when the balance cannot cover them all; nothing is charged then.
 */
export async function chargeSplit(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  userId: string,
  original: CreditHolder,
  splitOff: number,
): Promise<{ original: KeptCredit; splitOff: CreditBucket[] }> {
  const buckets = await reserveOrRefuse(trx, kind, userId, splitCharge(original, splitOff));
  const originalBucket = buckets.length > splitOff ? buckets[0] : undefined;
  return {
    original: originalBucket ? { creditState: 'spent', creditBucket: originalBucket } : undefined,
    splitOff: buckets.slice(buckets.length - splitOff),
  };
}
