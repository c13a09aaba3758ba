/**
 * The price of a local draft. No price can be read from pixels, so it comes from comparable items
 * of a category the seller confirmed or the analyzer is sure of: the seller's own similar
 * products (titles sharing the draft's product words) when there are some, else the shipped
 * baseline's row of that category (or its nearest ancestor below the vertical). When only a
 * broad basis exists (all categories, a whole vertical, the seller's unrelated products) or the
 * kind is a guess, no price is suggested: the product needs one, and the basis says why. The data source's ODC-By notice is on the app's 'About the data' page,
 * linked from the price's range beside every basis, rather than repeated in each basis.
 */
import { z } from 'zod';
import { LISTING_DRAFT_LIMITS, fitText, type DraftPrice } from '#domain/listing-draft.js';

type PricedDraft = DraftPrice & { suggested: number; low: number; high: number };
import { medianOfSorted } from '#domain/median.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import { keyedWords } from '#domain/text/keys.js';
import type { SellerPriceHint } from '../providers/vision-provider.js';

const sellerPriceSchema = z.object({
  title: z.string(),
  price: z.number().finite().positive().max(LISTING_DRAFT_LIMITS.priceMax),
});

/** Titles are read as labels are: 'T-Shirt' is one word, so a t-shirt is not priced as any shirt. */
const TITLE_WORDS = { keepHyphens: true };

const cents = (amount: number) => Math.round(amount * 100) / 100;
const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const count = (n: number, noun: string) =>
  `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function price(low: number, suggested: number, high: number, basis: string): PricedDraft {
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
export function usableSellerPrices(
  hints: readonly SellerPriceHint[] | undefined,
): SellerPriceHint[] {
  return (hints ?? [])
    .flatMap((hint) => {
      const parsed = sellerPriceSchema.safeParse(hint);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.price - b.price);
}

/**
 * The seller's products whose titles share a product word with the draft ('Hoodie' for a draft
 * filed under Hoodies or titled '… Hoodie'); words of fewer than 3 letters never count.
 */
export function similarSellerPrices(
  prices: readonly SellerPriceHint[],
  productWords: readonly string[],
): SellerPriceHint[] {
  const wanted = new Set(
    productWords.flatMap((words) =>
      keyedWords(words, TITLE_WORDS)
        .filter((token) => token.key.length >= 3)
        .map((token) => token.key),
    ),
  );
  return prices.filter((hint) =>
    keyedWords(hint.title, TITLE_WORDS).some((token) => wanted.has(token.key)),
  );
}

export interface PriceEstimate {
  price: DraftPrice;
  /** How much the range can be trusted, 0..1: the seller's own similar products most. */
  confidence: number;
  /** What it rests on, in a few words, for the field's evidence. */
  source: string;
  /**
   * The same basis as drafts made before the 'About the data' page wrote it (naming the data
   * source), so a price drafted then is still recognised as an untouched estimate.
   */
  formerBases?: string[];
}

const SIMILAR_CONFIDENCE = 0.8;
const BASELINE_CONFIDENCE = 0.5;
const ANCESTOR_CONFIDENCE = 0.3;

/** A range from the seller's own similar products' prices. */
function fromSellerPrices(mine: readonly SellerPriceHint[]): PriceEstimate {
  const prices = mine.map((hint) => hint.price);
  const [low, high] = [prices[0]!, prices[prices.length - 1]!];
  const titles = `: ${mine
    .slice(0, 3)
    .map((hint) => `"${hint.title}"`)
    .join(', ')}${mine.length > 3 ? ', …' : ''}`;
  return {
    price: price(
      low,
      medianOfSorted(prices),
      high,
      `the median of your own similar products' prices (${count(mine.length, 'product')}, ${dollars(low)} to ${dollars(high)})`,
    ),
    confidence: SIMILAR_CONFIDENCE,
    source: `your own similar products' prices (${count(mine.length, 'product')}${titles})`,
  };
}

/** No suggestion: the product needs a price, and `why` says why none was suggested. */
function noPrice(why: string): PriceEstimate {
  const basis = fitText(`No price suggested: ${why}`, LISTING_DRAFT_LIMITS.basisMax);
  return {
    price: { suggested: null, low: null, high: null, currency: 'USD', basis },
    confidence: 0,
    source: basis,
  };
}

/** A baseline row this deep or deeper ('Furniture > Sofas', not 'Furniture') prices an item. */
const MIN_ROW_PARTS = 2;

export function estimatePrice(options: {
  sellerPrices?: readonly SellerPriceHint[];
  /** Short taxonomy id or GID of the draft's category. */
  categoryId: string;
  baseline: PriceBaseline;
  /**
   * Words naming the product (category name, noun): seller products whose titles share one are
   * "similar". Leave empty when the category is not known.
   */
  productWords?: readonly string[];
  /** Whether the seller confirmed the category or the analyzer is sure of it (default: yes). */
  sure?: boolean;
}): PriceEstimate {
  if (options.sure === false) {
    return noPrice(
      'what this product is is still a guess. Name it or confirm its category for a typical price.',
    );
  }
  const own = usableSellerPrices(options.sellerPrices);
  const similar = similarSellerPrices(own, options.productWords ?? []);
  if (similar.length > 0) return fromSellerPrices(similar);

  const found = options.baseline.lookup(options.categoryId);
  if (found && found.row.taxonomyId.split('-').length >= MIN_ROW_PARTS) {
    const { row, exact } = found;
    const scope = exact ? row.fullName : `${row.fullName} (the closest category with price data)`;
    const basis = `typical US prices for ${scope}, the middle half of ${count(row.n, 'Amazon listing')}, ${row.year}`;
    return {
      price: price(row.p25, row.median, row.p75, basis),
      confidence: exact ? BASELINE_CONFIDENCE : ANCESTOR_CONFIDENCE,
      source: `typical US prices for ${row.fullName} (${count(row.n, 'Amazon listing')}, ${row.year})`,
      formerBases: [fitText(`${basis} (${row.source})`, LISTING_DRAFT_LIMITS.basisMax)],
    };
  }
  // Prices across a whole vertical, all of Amazon or the seller's unrelated products say nothing
  // about this item: a $60 leather sofa, a $12 hair dryer.
  return noPrice(
    found
      ? `price data exists only for all of ${found.row.fullName}, too broad for this product.`
      : 'there is no price data for this category.',
  );
}
