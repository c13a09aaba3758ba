import { describe, expect, it } from 'vitest';
import { SANDBOX_PRICE_IDS } from './billing';
import {
  addOneMonth,
  applyDelta,
  buildCatalog,
  itemForPriceId,
  packGrant,
  premiumEndDelta,
  premiumEndReference,
  renewalDelta,
  renewalReference,
} from './billing-rules';
import { balanceAfterSpend, bucketsForItems, refundDelta, splitSpend } from './credits';

describe('billing rules', () => {
  it('a pack adds its credits to the purchased bucket only', () => {
    const balance = { subscriptionCredits: 12, fixedCredits: 3 };
    expect(packGrant(10)).toEqual({ subscription: 0, fixed: 10 });
    expect(applyDelta(balance, packGrant(25))).toEqual({
      subscriptionCredits: 12,
      fixedCredits: 28,
    });
    expect(() => packGrant(0)).toThrow(RangeError);
    expect(() => packGrant(2.5)).toThrow(RangeError);
  });

  it('a renewal resets subscription credits to 50 instead of adding 50', () => {
    const afterSpending = { subscriptionCredits: 17, fixedCredits: 4 };
    expect(renewalDelta(afterSpending)).toEqual({ subscription: 33, fixed: 0 });
    expect(applyDelta(afterSpending, renewalDelta(afterSpending))).toEqual({
      subscriptionCredits: 50,
      fixedCredits: 4,
    });
    const untouched = { subscriptionCredits: 50, fixedCredits: 0 };
    expect(renewalDelta(untouched)).toEqual({ subscription: 0, fixed: 0 });
    const fromFree = { subscriptionCredits: 0, fixedCredits: 3 };
    expect(applyDelta(fromFree, renewalDelta(fromFree))).toEqual({
      subscriptionCredits: 50,
      fixedCredits: 3,
    });
  });

  it('premium ending takes the monthly credits and keeps purchased ones', () => {
    const balance = { subscriptionCredits: 21, fixedCredits: 9 };
    expect(applyDelta(balance, premiumEndDelta(balance))).toEqual({
      subscriptionCredits: 0,
      fixedCredits: 9,
    });
  });

  it('a pack bought after premium ended is spent like any purchased credit', () => {
    const ended = applyDelta(
      { subscriptionCredits: 8, fixedCredits: 0 },
      premiumEndDelta({ subscriptionCredits: 8, fixedCredits: 0 }),
    );
    const withPack = applyDelta(ended, packGrant(10));
    const split = splitSpend(withPack, 4)!;
    expect(split).toEqual({ subscription: 0, fixed: 4 });
    expect(balanceAfterSpend(withPack, split)).toEqual({ subscriptionCredits: 0, fixedCredits: 6 });
  });

  it('a refund returns each credit to the bucket that paid for it', () => {
    const split = splitSpend({ subscriptionCredits: 1, fixedCredits: 5 }, 3)!;
    expect(bucketsForItems(split).map(refundDelta)).toEqual([
      { subscription: 1, fixed: 0 },
      { subscription: 0, fixed: 1 },
      { subscription: 0, fixed: 1 },
    ]);
  });

  it('names one reset per subscription period and one end per subscription', () => {
    const end = new Date('2025-03-01T10:00:00.000Z');
    expect(renewalReference('sub_1', end)).toBe('sub_1:2025-03-01T10:00:00.000Z');
    expect(renewalReference('sub_1', end)).not.toBe(renewalReference('sub_1', addOneMonth(end)));
    expect(premiumEndReference('sub_1')).toBe('sub_1:ended');
  });

  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addOneMonth(new Date('2025-01-15T08:30:00.000Z')).toISOString()).toBe(
      '2025-02-15T08:30:00.000Z',
    );
    expect(addOneMonth(new Date('2025-01-31T23:00:00.000Z')).toISOString()).toBe(
      '2025-02-28T23:00:00.000Z',
    );
    expect(addOneMonth(new Date('2024-01-31T00:00:00.000Z')).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    expect(addOneMonth(new Date('2025-12-10T00:00:00.000Z')).toISOString()).toBe(
      '2026-01-10T00:00:00.000Z',
    );
  });

  it('finds the item a configured price id buys, and nothing else', () => {
    expect(itemForPriceId(SANDBOX_PRICE_IDS, 'price_sandbox_pack_25')).toBe('pack-25');
    expect(itemForPriceId(SANDBOX_PRICE_IDS, 'price_sandbox_premium_monthly')).toBe('premium');
    expect(itemForPriceId(SANDBOX_PRICE_IDS, 'price_live_other')).toBeNull();
    expect(itemForPriceId(SANDBOX_PRICE_IDS, '')).toBeNull();
  });

  it('builds the catalogue with price per credit from the spec', () => {
    const catalog = buildCatalog('sandbox', SANDBOX_PRICE_IDS);
    expect(catalog.provider).toBe('sandbox');
    expect(catalog.packs).toEqual([
      {
        key: 'pack-10',
        credits: 10,
        totalPrice: 7,
        pricePerCredit: 0.7,
        priceId: 'price_sandbox_pack_10',
      },
      {
        key: 'pack-25',
        credits: 25,
        totalPrice: 15,
        pricePerCredit: 0.6,
        priceId: 'price_sandbox_pack_25',
      },
      {
        key: 'pack-50',
        credits: 50,
        totalPrice: 27,
        pricePerCredit: 0.54,
        priceId: 'price_sandbox_pack_50',
      },
    ]);
    expect(catalog.premium).toEqual({
      priceId: 'price_sandbox_premium_monthly',
      price: 25,
      credits: 50,
      pricePerCredit: 0.5,
    });
  });
});
