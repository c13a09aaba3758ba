import { describe, expect, it } from 'vitest';
import { formatCount, listWithAnd } from './english';

describe('formatCount', () => {
  it("writes a count as 'en-US' does, with thousands separators", () => {
    const counts = [1, 7, 12, 999, 1000, 1001, 9999, 10_000, 123_456, 1_000_000, 987_654_321];
    for (const count of [0, ...counts, ...counts.map((count) => -count)]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('rounds to a whole number', () => {
    expect(formatCount(1234.4)).toBe('1,234');
    expect(formatCount(999.5)).toBe('1,000');
  });
});

describe('listWithAnd', () => {
  it("joins as Intl.ListFormat('en', conjunction) does", () => {
    const format = new Intl.ListFormat('en', { type: 'conjunction' });
    const names = ['Shopify', 'Squarespace', 'WooCommerce', 'Google', 'eBay'];
    for (let length = 0; length <= names.length; length++) {
      const items = names.slice(0, length);
      expect(listWithAnd(items)).toBe(format.format(items));
    }
  });
});
