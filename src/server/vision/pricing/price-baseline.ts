/** The shipped price table (./price-baseline.csv, see NOTICE.md), read and parsed once. */
import { readFileSync } from 'node:fs';
import { parsePriceBaseline, type PriceBaseline } from '#domain/price-baseline.js';

let shipped: PriceBaseline | undefined;

export function loadPriceBaseline(): PriceBaseline {
  shipped ??= parsePriceBaseline(
    readFileSync(new URL('./price-baseline.csv', import.meta.url), 'utf8'),
  );
  return shipped;
}
