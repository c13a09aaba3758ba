/**
 * Credit arithmetic (DESIGN.md "Credits are enforced by the server"). Pure: the server's atomic
 * update implements exactly these rules in SQL, and the ledger rows are computed from them.
 */

/** Where a credit comes from: the monthly allowance or purchased packs (which never expire). */
export type CreditBucket = 'subscription' | 'fixed';

export interface CreditBalance {
  subscriptionCredits: number;
  fixedCredits: number;
}

/** How many credits a spend takes from each bucket. */
export interface CreditSplit {
  subscription: number;
  fixed: number;
}

export function totalCredits(balance: CreditBalance): number {
  return balance.subscriptionCredits + balance.fixedCredits;
}

/**
 * Spends `count` credits, subscription credits first (they expire with the month), then
 * purchased ones. Null when the balance cannot cover the whole count: nothing is spent then.
 */
export function splitSpend(balance: CreditBalance, count: number): CreditSplit | null {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`invalid credit count ${count}`);
  if (totalCredits(balance) < count) return null;
  const subscription = Math.min(Math.max(balance.subscriptionCredits, 0), count);
  return { subscription, fixed: count - subscription };
}

export function balanceAfterSpend(balance: CreditBalance, split: CreditSplit): CreditBalance {
  return {
    subscriptionCredits: balance.subscriptionCredits - split.subscription,
    fixedCredits: balance.fixedCredits - split.fixed,
  };
}

/**
 * The bucket each of `count` items was paid from, in order: the first `split.subscription`
 * items from the subscription, the rest from purchased credits. A refund returns each item's
 * credit to the bucket it came from.
 */
export function bucketsForItems(split: CreditSplit): CreditBucket[] {
  return [
    ...Array.from({ length: split.subscription }, (): CreditBucket => 'subscription'),
    ...Array.from({ length: split.fixed }, (): CreditBucket => 'fixed'),
  ];
}

/** The ledger deltas of giving one credit back to `bucket`. */
export function refundDelta(bucket: CreditBucket): CreditSplit {
  return bucket === 'subscription' ? { subscription: 1, fixed: 0 } : { subscription: 0, fixed: 1 };
}

/** Where the credits a seller holds came from, as the sidebar and account page show them. */
export interface CreditBreakdown {
  /** Left of the free credits every account starts with. */
  free: number;
  /** Left of this premium period's allowance. */
  monthly: number;
  /** Left of the packs bought (they never expire). */
  purchased: number;
  total: number;
}

/**
 * The free credits and packs share the `fixed` bucket; we count spends from it against the free
 * credits first, so a seller who used the 3 free credits and bought 10 holds 10 purchased ones,
 * the number the purchase page told them (issue 18). `purchasedGranted` is the sum of every pack
 * bought (the ledger's pack-purchase rows).
 */
export function creditBreakdown(balance: CreditBalance, purchasedGranted: number): CreditBreakdown {
  const fixed = Math.max(balance.fixedCredits, 0);
  const free = Math.max(0, fixed - Math.max(purchasedGranted, 0));
  const monthly = Math.max(balance.subscriptionCredits, 0);
  return { free, monthly, purchased: fixed - free, total: fixed + monthly };
}

/** What a product holds of the credit that paid for it (its `creditState` and `creditBucket`). */
export interface CreditHolder {
  creditState: 'reserved' | 'spent' | 'refunded';
  creditBucket: CreditBucket | null;
}

/**
 * Whether the product holds a credit it paid with. A product split off before issue 28 holds
 * none ('spent' with no bucket, ADR 025), like one whose failed generation was refunded.
 */
export function holdsCredit(product: CreditHolder): boolean {
  return product.creditState !== 'refunded' && product.creditBucket !== null;
}

/**
 * A credit pays for a listing (ADR 033). Combining gives back the credit of every merged-away
 * draft that holds one and charges one for the kept product when it holds none (it becomes a
 * ready listing from a failed or free draft).
 */
export function combineCredits(
  kept: CreditHolder,
  merged: readonly CreditHolder[],
): { refunds: CreditBucket[]; charge: number } {
  return {
    refunds: merged.filter(holdsCredit).map((product) => product.creditBucket!),
    charge: holdsCredit(kept) ? 0 : 1,
  };
}

/**
 * Splitting charges a credit for each product split off (a combine may have given its photo's
 * credit back), and one for the original when it holds none.
 */
export function splitCharge(original: CreditHolder, splitOff: number): number {
  return splitOff + (holdsCredit(original) ? 0 : 1);
}
