/**
 * The price that goes with a category the seller confirmed. A draft price taken from the previous
 * category's typical US prices (or the broad all-categories guess) and not changed since, or no
 * price at all (the draft suggested none: its kind was a guess), is suggested again from the
 * confirmed category's, at the seller's price point; a price the seller typed, or one that rests
 * on their own products or on a remote model, is left as it is. It prices with the shipped
 * baseline whichever vision provider drafted the product.
 */
import type { DraftPrice, FieldEvidence } from '#domain/listing-draft.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import { withPricePoint, type PriceEnding } from '#domain/price-points.js';
import { estimatePrice } from './price-estimate.js';

/** A product's price as the products table stores it, in cents. */
interface PriceColumns {
  priceCents: number | null;
  priceLowCents: number | null;
  priceHighCents: number | null;
  priceBasis: string | null;
}

export interface RepricedColumns {
  columns: PriceColumns;
  evidence: FieldEvidence;
}

type PricedRow = PriceColumns & { categoryId: string | null };

const toCents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

const stores = (row: PricedRow, price: DraftPrice, bases: readonly string[]) =>
  row.priceBasis !== null &&
  bases.includes(row.priceBasis) &&
  row.priceCents === toCents(price.suggested) &&
  row.priceLowCents === toCents(price.low) &&
  row.priceHighCents === toCents(price.high);

export function repricedForCategory(
  row: PricedRow,
  confirmedCategoryId: string,
  baseline: PriceBaseline,
  ending: PriceEnding,
): RepricedColumns | null {
  // What the draft would have suggested from the previous category's baseline alone: at the
  // seller's price point, or as the bare estimate for a draft made before price points (whose
  // basis may still name the data source).
  const previous = estimatePrice({ categoryId: row.categoryId ?? '', baseline });
  const bases = [previous.price.basis, ...(previous.formerBases ?? [])];
  // No price at all: the draft suggested none (its kind was a guess), and the seller set none.
  const untouched =
    row.priceCents === null ||
    stores(row, withPricePoint(previous.price, ending), bases) ||
    stores(row, previous.price, bases);
  return untouched ? categoryPrice(confirmedCategoryId, baseline, ending) : null;
}

/** The category's typical US price at the seller's price point, with what it rests on. */
export function categoryPrice(
  categoryId: string,
  baseline: PriceBaseline,
  ending: PriceEnding,
): RepricedColumns {
  const estimate = estimatePrice({ categoryId, baseline });
  const next = { ...estimate, price: withPricePoint(estimate.price, ending) };
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
