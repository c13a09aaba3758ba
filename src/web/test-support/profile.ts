import type { Profile } from '#domain/api/profile';

/** A free user's profile with 3 credits, changed by `change`. */
export function profileWith(change: Partial<Profile> = {}): Profile {
  return {
    id: 'u1',
    email: 'seller@shop.com',
    planName: 'Free',
    fixedCredits: 3,
    subscriptionCredits: 0,
    products: [],
    ShopifyStore: [],
    ...change,
  };
}
