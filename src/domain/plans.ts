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
