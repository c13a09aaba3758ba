/** Queries on the users table for the account capability. Every query is scoped by the user's id. */
import type { Kysely } from 'kysely';
import { planFromName, type PlanName } from '#domain/plans.js';
import type { Database } from '../db/schema.js';

export interface AccountRow {
  id: string;
  email: string;
  plan: PlanName;
  fixedCredits: number;
  subscriptionCredits: number;
}

export function createAccountRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<AccountRow | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'email', 'planName', 'fixedCredits', 'subscriptionCredits'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        email: row.email,
        plan: planFromName(row.planName),
        // PostgreSQL's driver may hand integers back as strings.
        fixedCredits: Number(row.fixedCredits),
        subscriptionCredits: Number(row.subscriptionCredits),
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
