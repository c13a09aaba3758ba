/** Business constants from the spec (section 9). */
export const FREE_CREDITS = 3;
export const PREMIUM_MONTHLY_CREDITS = 50;
export const PREMIUM_PRICE_USD = 25;

export type PlanName = 'free' | 'premium';

export function planFromName(planName: string): PlanName {
  return planName.toLowerCase() === 'premium' ? 'premium' : 'free';
}

/** The counter's denominator: 3 on free, 50 on premium. */
export function creditAllowance(plan: PlanName): number {
  return plan === 'premium' ? PREMIUM_MONTHLY_CREDITS : FREE_CREDITS;
}

/** Pay-as-you-go packs (spec section 9): bought credits never expire. */
export const CREDIT_PACKS = [
  { credits: 10, priceUsd: 7 },
  { credits: 25, priceUsd: 15 },
  { credits: 50, priceUsd: 27 },
] as const;

/** Price per credit as shown on pack tiles, e.g. '0.70'. */
export function pricePerCredit(pack: { credits: number; priceUsd: number }): string {
  return (pack.priceUsd / pack.credits).toFixed(2);
}
