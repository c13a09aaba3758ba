import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const now = new Date('2026-11-25T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('timeAgo', () => {
  it('says how long ago in words', () => {
    expect(timeAgo(before(10), now)).toBe('just now');
    expect(timeAgo(before(50), now)).toBe('1 minute ago');
    expect(timeAgo(before(5 * 60), now)).toBe('5 minutes ago');
    expect(timeAgo(before(3 * 3600 + 50), now)).toBe('3 hours ago');
    expect(timeAgo(before(26 * 3600), now)).toBe('yesterday');
    expect(timeAgo(before(15 * 24 * 3600), now)).toBe('2 weeks ago');
  });

  it("says it as Intl.RelativeTimeFormat('en', { numeric: 'auto' }) does", () => {
    const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 365 * 24 * 3600],
      ['month', 30 * 24 * 3600],
      ['week', 7 * 24 * 3600],
      ['day', 24 * 3600],
      ['hour', 3600],
      ['minute', 60],
    ];
    for (const [unit, size] of units) {
      // Counts that stay in the unit: 4 weeks are 28 days, 12 months 360 days.
      for (const count of unit === 'year' ? [1, 2, 11, 1234] : [1, 2, 3, 4]) {
        expect(timeAgo(before(count * size + 1), now)).toBe(format.format(-count, unit));
      }
    }
  });
});
