import { describe, expect, it } from 'vitest';
import {
  balanceAfterSpend,
  creditBreakdown,
  bucketsForItems,
  refundDelta,
  splitSpend,
  totalCredits,
} from './credits';

describe('credits', () => {
  it('spends subscription credits first, then purchased ones, keeping the remainder', () => {
    const balance = { subscriptionCredits: 2, fixedCredits: 5 };
    const split = splitSpend(balance, 4);
    expect(split).toEqual({ subscription: 2, fixed: 2 });
    expect(balanceAfterSpend(balance, split!)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
  });

  it('takes only subscription credits when they cover the count', () => {
    expect(splitSpend({ subscriptionCredits: 50, fixedCredits: 3 }, 3)).toEqual({
      subscription: 3,
      fixed: 0,
    });
  });

  it('takes only purchased credits when there is no subscription', () => {
    expect(splitSpend({ subscriptionCredits: 0, fixedCredits: 3 }, 3)).toEqual({
      subscription: 0,
      fixed: 3,
    });
  });

  it('spends nothing when the balance cannot cover the whole count', () => {
    expect(splitSpend({ subscriptionCredits: 1, fixedCredits: 1 }, 3)).toBeNull();
    expect(splitSpend({ subscriptionCredits: 0, fixedCredits: 0 }, 1)).toBeNull();
  });

  it('allows spending exactly the whole balance and spending zero', () => {
    expect(splitSpend({ subscriptionCredits: 1, fixedCredits: 2 }, 3)).toEqual({
      subscription: 1,
      fixed: 2,
    });
    expect(splitSpend({ subscriptionCredits: 1, fixedCredits: 2 }, 0)).toEqual({
      subscription: 0,
      fixed: 0,
    });
  });

  it('refuses counts that are not whole, non-negative numbers', () => {
    expect(() => splitSpend({ subscriptionCredits: 1, fixedCredits: 1 }, -1)).toThrow(RangeError);
    expect(() => splitSpend({ subscriptionCredits: 1, fixedCredits: 1 }, 1.5)).toThrow(RangeError);
  });

  it('assigns each item the bucket that paid for it, subscription ones first', () => {
    expect(bucketsForItems({ subscription: 2, fixed: 1 })).toEqual([
      'subscription',
      'subscription',
      'fixed',
    ]);
    expect(bucketsForItems({ subscription: 0, fixed: 0 })).toEqual([]);
  });

  it('refunds one credit into the bucket it came from', () => {
    expect(refundDelta('subscription')).toEqual({ subscription: 1, fixed: 0 });
    expect(refundDelta('fixed')).toEqual({ subscription: 0, fixed: 1 });
  });

  it('totals both buckets', () => {
    expect(totalCredits({ subscriptionCredits: 4, fixedCredits: 7 })).toBe(11);
  });
});

describe('creditBreakdown', () => {
  it('counts a new account’s credits as free, not purchased', () => {
    expect(creditBreakdown({ fixedCredits: 3, subscriptionCredits: 0 }, 0)).toEqual({
      free: 3,
      monthly: 0,
      purchased: 0,
      total: 3,
    });
  });

  it('spends free credits first: 3 used and 10 bought is 10 purchased', () => {
    expect(creditBreakdown({ fixedCredits: 10, subscriptionCredits: 0 }, 10)).toEqual({
      free: 0,
      monthly: 0,
      purchased: 10,
      total: 10,
    });
  });

  it('adds up with a free credit left, a pack partly used and a premium month', () => {
    // 3 free + 10 bought, 2 spent from the fixed bucket: 1 free and 10 purchased left.
    expect(creditBreakdown({ fixedCredits: 11, subscriptionCredits: 42 }, 10)).toEqual({
      free: 1,
      monthly: 42,
      purchased: 10,
      total: 53,
    });
    expect(creditBreakdown({ fixedCredits: 4, subscriptionCredits: 0 }, 10)).toMatchObject({
      free: 0,
      purchased: 4,
    });
  });
});
