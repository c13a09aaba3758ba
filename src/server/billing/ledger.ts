/**
 * The one way a balance changes: a ledger row and the matching update of the user's balance,
 * inside the caller's transaction. A `reference` makes a grant happen at most once: the row is
 * inserted first, and a reference already in the ledger means the change was made before.
 */
import { sql, type Kysely } from 'kysely';
import type { LedgerReason } from '#domain/billing.js';
import type { CreditBalance, CreditSplit } from '#domain/credits.js';
import type { DatabaseKind } from '../db/connection.js';
import type { Database } from '../db/schema.js';

export interface LedgerEntry {
  userId: string;
  delta: CreditSplit;
  reason: LedgerReason;
  /** Unique across the ledger; null/absent for spends and refunds. */
  reference?: string | null;
  at?: Date;
}

/** Inserts the ledger row alone. False when its reference is already in the ledger. */
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
