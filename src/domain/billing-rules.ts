/**
 * Money rules, pure: what a purchase, a renewal or the end of premium does to a balance, and the
 * catalogue the Buy Credits dialog shows. The server writes exactly these deltas as ledger rows.
 */
import {
  BILLING_ITEM_KEYS,
  BILLING_ITEMS,
  type BillingCatalog,
  type BillingItemKey,
  type CreditPackKey,
  type PaymentProviderName,
} from './billing';
import type { CreditBalance, CreditSplit } from './credits';
import { PREMIUM_MONTHLY_CREDITS } from './plans';

/** A pack adds its credits to the purchased bucket, which never expires. */
export function packGrant(credits: number): CreditSplit {
  if (!Number.isInteger(credits) || credits <= 0) {
    throw new RangeError(`invalid pack size ${credits}`);
  }
  return { subscription: 0, fixed: credits };
}

/**
 * A new premium period sets subscription credits to 50, whatever is left of the last period
 * (reset, never added: unused monthly credits do not pile up). Purchased credits are untouched.
 */
export function renewalDelta(balance: CreditBalance): CreditSplit {
  return { subscription: PREMIUM_MONTHLY_CREDITS - balance.subscriptionCredits, fixed: 0 };
}

/** Premium ended: the monthly allowance goes, purchased credits stay. */
export function premiumEndDelta(balance: CreditBalance): CreditSplit {
  return { subscription: -balance.subscriptionCredits, fixed: 0 };
}

export function applyDelta(balance: CreditBalance, delta: CreditSplit): CreditBalance {
  return {
    subscriptionCredits: balance.subscriptionCredits + delta.subscription,
    fixedCredits: balance.fixedCredits + delta.fixed,
  };
}

/** The ledger reference of one premium period's reset: one reset per subscription period. */
export function renewalReference(subscriptionId: string, periodEnd: Date): string {
  return `${subscriptionId}:${periodEnd.toISOString()}`;
}

/** The ledger reference of the end of one subscription: it ends once. */
export function premiumEndReference(subscriptionId: string): string {
  return `${subscriptionId}:ended`;
}

/** One calendar month later, on the last day of a shorter month (Jan 31 → Feb 28/29), in UTC. */
export function addOneMonth(date: Date): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** Dollars per credit to the cent, as a number (0.7, 0.6, 0.54; premium 0.5). */
export function pricePerCreditValue(priceUsd: number, credits: number): number {
  return Math.round((priceUsd / credits) * 100) / 100;
}

/** The item a price id buys, or null for anything not in this provider's configuration. */
export function itemForPriceId(
  priceIds: Record<BillingItemKey, string>,
  priceId: string,
): BillingItemKey | null {
  return BILLING_ITEM_KEYS.find((key) => priceIds[key] === priceId) ?? null;
}

const PACK_KEYS: CreditPackKey[] = ['pack-10', 'pack-25', 'pack-50'];

export function buildCatalog(
  provider: PaymentProviderName,
  priceIds: Record<BillingItemKey, string>,
): BillingCatalog {
  const premium = BILLING_ITEMS.premium;
  return {
    provider,
    packs: PACK_KEYS.map((key) => {
      const item = BILLING_ITEMS[key];
      return {
        key,
        credits: item.credits,
        totalPrice: item.priceUsd,
        pricePerCredit: pricePerCreditValue(item.priceUsd, item.credits),
        priceId: priceIds[key],
      };
    }),
    premium: {
      priceId: priceIds.premium,
      price: premium.priceUsd,
      credits: premium.credits,
      pricePerCredit: pricePerCreditValue(premium.priceUsd, premium.credits),
    },
  };
}
