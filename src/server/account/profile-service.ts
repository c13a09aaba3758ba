import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';

/** The spec's profile response (section 7). Products and stores arrive with later features. */
export interface Profile {
  id: string;
  email: string;
  planName: string;
  fixedCredits: number;
  subscriptionCredits: number;
  products: unknown[];
  ShopifyStore: { id: string; shopDomain: string }[];
}

export function createProfileService({ db }: DatabaseHandle) {
  return {
    async getProfile(userId: string): Promise<Profile> {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'planName', 'fixedCredits', 'subscriptionCredits'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw new HttpError(404, 'Profile not found');
      return {
        id: user.id,
        email: user.email,
        planName: user.planName === 'premium' ? 'Premium' : 'Free',
        fixedCredits: Number(user.fixedCredits),
        subscriptionCredits: Number(user.subscriptionCredits),
        products: [],
        ShopifyStore: [],
      };
    },

    /** Deletes the account; sessions, credentials and the ledger go with it (ON DELETE CASCADE). */
    async deleteAccount(userId: string): Promise<void> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new HttpError(404, 'Profile not found');
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
