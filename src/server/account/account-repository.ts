/** Queries on the users table for the account capability. Every query is scoped by the user's id. */
import type { Kysely } from 'kysely';
import type { LedgerReason } from '#domain/billing.js';
import { planFromName, type PlanName } from '#domain/plans.js';
import { compiledOnce } from '../db/compiled-once.js';
import type { Database } from '../db/schema.js';

export interface AccountRow {
  id: string;
  email: string;
  plan: PlanName;
  fixedCredits: number;
  subscriptionCredits: number;
  /** Every credit pack bought, from the ledger. */
  purchasedGranted: number;
}

export function createAccountRepository(db: Kysely<Database>) {
  // One statement, compiled once: the profile reads it on every visit (issue 29).
  const accountOf = compiledOnce(db, 1, (userId: string) =>
    db
      .selectFrom('users')
      .select(['id', 'email', 'planName', 'fixedCredits', 'subscriptionCredits'])
      .select((eb) =>
        eb
          .selectFrom('creditLedger')
          .select((inner) => inner.fn.sum<number | string | null>('fixedDelta').as('granted'))
          .where('creditLedger.userId', '=', userId)
          .where('reason', '=', 'pack-purchase' satisfies LedgerReason)
          .as('purchasedGranted'),
      )
      .where('id', '=', userId),
  );
  return {
    async find(userId: string): Promise<AccountRow | undefined> {
      const [row] = await accountOf(userId);
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        plan: planFromName(row.planName),
        // PostgreSQL's driver may hand integers back as strings.
        fixedCredits: Number(row.fixedCredits),
        subscriptionCredits: Number(row.subscriptionCredits),
        purchasedGranted: Number(row.purchasedGranted ?? 0),
      };
    },

    /**
     * Deletes the user; sessions, credentials, the ledger and products go with it (ON DELETE
     * CASCADE). False when there was no such user.
     */
    async delete(userId: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
