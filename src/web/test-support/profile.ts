import type { Profile } from '#domain/api/profile';
import { creditBreakdown } from '#domain/credits';
import { FREE_CREDITS } from '#domain/plans';

/**
 * A free user's profile with 3 credits, changed by `change`. Unless `change` gives `credits`,
 * fixed credits beyond the free ones count as purchased (none spent yet).
 */
export function profileWith(change: Partial<Profile> = {}): Profile {
  const base = { fixedCredits: 3, subscriptionCredits: 0, ...change };
  return {
    id: 'u1',
    email: 'seller@shop.com',
    planName: 'Free',
    products: [],
    ShopifyStore: [],
    ...base,
    credits: change.credits ?? creditBreakdown(base, Math.max(0, base.fixedCredits - FREE_CREDITS)),
  };
}
