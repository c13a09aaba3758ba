/**
 * The price that goes with a category the seller confirmed. A draft price taken from the previous
 * category's typical US prices (or the broad all-categories guess), and not changed since, is
 * suggested again from the confirmed category's; a price the seller typed, or one that rests on
 * their own products or on a remote model, is left as it is.
 */
import type { FieldEvidence } from '#domain/listing-draft.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import { estimatePrice } from '../generation/providers/local/price-estimate.js';
import { toCents, type ProductRow } from './product-mapper.js';

export interface RepricedColumns {
  columns: Pick<ProductRow, 'priceCents' | 'priceLowCents' | 'priceHighCents' | 'priceBasis'>;
  evidence: FieldEvidence;
}

type PricedRow = Pick<
  ProductRow,
  'categoryId' | 'priceCents' | 'priceLowCents' | 'priceHighCents' | 'priceBasis'
>;

export function repricedForCategory(
  row: PricedRow,
  confirmedCategoryId: string,
  baseline: PriceBaseline,
): RepricedColumns | null {
  // What the draft would have suggested from the previous category's baseline alone.
  const previous = estimatePrice({ categoryId: row.categoryId ?? '', baseline }).price;
  const untouched =
    row.priceBasis === previous.basis &&
    row.priceCents === toCents(previous.suggested) &&
    row.priceLowCents === toCents(previous.low) &&
    row.priceHighCents === toCents(previous.high);
  if (!untouched) return null;
  const next = estimatePrice({ categoryId: confirmedCategoryId, baseline });
  return {
    columns: {
      priceCents: toCents(next.price.suggested),
      priceLowCents: toCents(next.price.low),
      priceHighCents: toCents(next.price.high),
      priceBasis: next.price.basis,
    },
    evidence: { confidence: Math.round(next.confidence * 100) / 100, sources: [next.source] },
  };
}
