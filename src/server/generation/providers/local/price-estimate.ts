/**
 * The price of a local draft. No price can be read from pixels, so it comes from the seller's own
 * prices when there are any (they know their market), else from the shipped baseline: the row
 * of the draft's category (or its nearest ancestor), else one broad figure across all categories.
 * The basis always says which, and names the data source as its ODC-By licence asks.
 */
import { z } from 'zod';
import {
  LISTING_DRAFT_LIMITS,
  fitText,
  type DraftPrice,
} from '../../../../domain/listing-draft.js';
import type { PriceBaseline } from '../../../../domain/price-baseline.js';
import type { SellerPriceHint } from '../vision-provider.js';

const sellerPriceSchema = z.object({
  title: z.string(),
  price: z.number().finite().positive().max(LISTING_DRAFT_LIMITS.priceMax),
});

const cents = (amount: number) => Math.round(amount * 100) / 100;
const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const count = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function price(low: number, suggested: number, high: number, basis: string): DraftPrice {
  const [l, s, h] = [cents(low), cents(suggested), cents(high)];
  return {
    low: Math.min(l, s),
    suggested: s,
    high: Math.max(h, s),
    currency: 'USD',
    basis: fitText(basis, LISTING_DRAFT_LIMITS.basisMax),
  };
}

/** Seller prices that can be used: positive, finite, within the draft's limit; others are ignored. */
export function usableSellerPrices(hints: readonly SellerPriceHint[] | undefined): number[] {
  return (hints ?? [])
    .flatMap((hint) => {
      const parsed = sellerPriceSchema.safeParse(hint);
      return parsed.success ? [parsed.data.price] : [];
    })
    .sort((a, b) => a - b);
}

export function estimatePrice(options: {
  sellerPrices?: readonly SellerPriceHint[];
  /** Short taxonomy id or GID of the draft's category. */
  categoryId: string;
  baseline: PriceBaseline;
}): DraftPrice {
  const own = usableSellerPrices(options.sellerPrices);
  if (own.length > 0) {
    const [low, high] = [own[0]!, own[own.length - 1]!];
    return price(
      low,
      median(own),
      high,
      `the median of your own products' prices (${count(own.length, 'product')}, ${dollars(low)} to ${dollars(high)})`,
    );
  }

  const found = options.baseline.lookup(options.categoryId);
  if (found) {
    const { row, exact } = found;
    const scope = exact ? row.fullName : `${row.fullName} (the closest category with price data)`;
    return price(
      row.p25,
      row.median,
      row.p75,
      `typical US prices for ${scope}, the middle half of ${count(row.n, 'Amazon listing')}, ${row.year} (${row.source})`,
    );
  }

  const overall = options.baseline.overall;
  return price(
    overall.low,
    overall.median,
    overall.high,
    `a broad guess, not specific to this product: the middle half of US prices across all categories (${count(overall.n, 'Amazon listing')}, ${overall.year}; ${overall.source})`,
  );
}
