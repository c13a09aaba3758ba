/**
 * Retail price points. An estimate such as $21.73 is a median, not a price a shop would print:
 * the suggested price is moved to the nearest price with the ending the seller chose once
 * (account settings): `.99` (the default), `.95` or whole dollars.
 *
 * The rule, in cents so no float rounding creeps in:
 * - the nearest point with the ending wins; a tie goes up ($21.49 → $21.99, $21.50 → $22);
 *   so $21.73 → $21.99 / $21.95 / $22 and $4.02 → $3.99 / $3.95 / $4;
 * - never below the range's low end: then the first point at or above it ($4.02 with a low of
 *   $4.00 → $4.99);
 * - above the range's high end only when no point lies in the range at all (a range narrower
 *   than a dollar), and then the high end moves up to it, as a draft's price needs
 *   low ≤ suggested ≤ high;
 * - never 0 ($0.30 → $0.99 / $0.95 / $1) and never above the draft's price limit.
 */
import { LISTING_DRAFT_LIMITS } from './listing-draft';

export const PRICE_ENDINGS = ['.99', '.95', 'whole'] as const;
export type PriceEnding = (typeof PRICE_ENDINGS)[number];
export const DEFAULT_PRICE_ENDING: PriceEnding = '.99';

const ENDING_CENTS: Record<PriceEnding, number> = { '.99': 99, '.95': 95, whole: 0 };

/** The largest point with these cents at or below `cents` (may be ≤ 0). */
const pointAtOrBelow = (cents: number, ending: number) =>
  Math.floor((cents - ending) / 100) * 100 + ending;
/** The smallest point with these cents at or above `cents`. */
const pointAtOrAbove = (cents: number, ending: number) =>
  Math.ceil((cents - ending) / 100) * 100 + ending;

const toCents = (dollars: number) => Math.round(dollars * 100);

/** The retail price point for `amount` with `ending`, kept within `range` as the rule says. */
export function pricePoint(
  amount: number,
  ending: PriceEnding,
  range: { low: number; high: number } = { low: 0, high: LISTING_DRAFT_LIMITS.priceMax },
): number {
  const cents = ENDING_CENTS[ending];
  const lowest = Math.max(pointAtOrAbove(1, cents), pointAtOrAbove(toCents(range.low), cents));
  const highest = pointAtOrBelow(toCents(LISTING_DRAFT_LIMITS.priceMax), cents);
  const inRangeHighest = pointAtOrBelow(toCents(range.high), cents);

  const estimate = toCents(amount);
  const below = pointAtOrBelow(estimate, cents);
  const above = below === estimate ? estimate : below + 100;
  const nearest = estimate - below < above - estimate ? below : above;

  let point = Math.max(nearest, lowest);
  if (point > inRangeHighest && inRangeHighest >= lowest) point = inRangeHighest;
  return Math.min(point, highest) / 100;
}

/**
 * A drafted price with its suggestion moved to a price point; the range stays the estimate's
 * (its high end moves only when no point lies within it). A draft with no suggestion stays so.
 */
export function withPricePoint<
  P extends { low: number | null; suggested: number | null; high: number | null },
>(price: P, ending: PriceEnding): P {
  if (price.suggested === null || price.low === null || price.high === null) return price;
  const range = { low: price.low, high: price.high };
  const suggested = pricePoint(price.suggested, ending, range);
  return {
    ...price,
    suggested,
    low: Math.min(range.low, suggested),
    high: Math.max(range.high, suggested),
  };
}
