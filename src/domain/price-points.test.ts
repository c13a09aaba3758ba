import { describe, expect, it } from 'vitest';
import { LISTING_DRAFT_LIMITS } from './listing-draft';
import { pricePoint, withPricePoint } from './price-points';

describe('pricePoint', () => {
  it.each([
    [21.73, '.99', 21.99],
    [21.73, '.95', 21.95],
    [21.73, 'whole', 22],
    [4.02, '.99', 3.99],
    [4.02, '.95', 3.95],
    [4.02, 'whole', 4],
    [17.99, '.99', 17.99],
    [18, 'whole', 18],
    [18.5, 'whole', 19],
    [21.49, '.99', 21.99],
    [21.48, '.99', 20.99],
    [1234.56, '.95', 1234.95],
  ] as const)('%d with %s endings is %d', (amount, ending, expected) => {
    expect(pricePoint(amount, ending)).toBe(expected);
  });

  it('never suggests 0 or less', () => {
    expect(pricePoint(0.3, '.99')).toBe(0.99);
    expect(pricePoint(0.3, '.95')).toBe(0.95);
    expect(pricePoint(0.3, 'whole')).toBe(1);
    expect(pricePoint(0, 'whole')).toBe(1);
  });

  it('never goes below the low end of the range', () => {
    expect(pricePoint(4.02, '.99', { low: 4, high: 9 })).toBe(4.99);
    expect(pricePoint(12.2, 'whole', { low: 12.1, high: 20 })).toBe(13);
  });

  it('stays within the range when a point lies in it', () => {
    // The nearest point (10.99) is above the high end; 9.99 is in the range.
    expect(pricePoint(10.6, '.99', { low: 9, high: 10.5 })).toBe(9.99);
  });

  it('goes past the high end only when no point lies in the range', () => {
    expect(pricePoint(4.02, '.99', { low: 4, high: 4.5 })).toBe(4.99);
  });

  it('never goes above the draft price limit', () => {
    expect(pricePoint(LISTING_DRAFT_LIMITS.priceMax, '.99')).toBe(
      LISTING_DRAFT_LIMITS.priceMax - 0.01,
    );
    expect(pricePoint(LISTING_DRAFT_LIMITS.priceMax, 'whole')).toBe(LISTING_DRAFT_LIMITS.priceMax);
  });
});

describe('withPricePoint', () => {
  it('moves only the suggestion; the range stays the estimate’s', () => {
    const price = { low: 12.99, suggested: 17.73, high: 23.23, currency: 'USD', basis: 'b' };
    expect(withPricePoint(price, '.95')).toEqual({ ...price, suggested: 17.95 });
  });

  it('raises the high end when no point lies in a narrow range', () => {
    expect(withPricePoint({ low: 4, suggested: 4.02, high: 4.5 }, '.99')).toEqual({
      low: 4,
      suggested: 4.99,
      high: 4.99,
    });
  });
});
