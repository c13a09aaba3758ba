/**
 * Whether a drafted product is ready to publish, and if not, what it still needs. The card's
 * status chip, the review header's count and the download and publish confirmations all read
 * this one rule.
 */
import { CONFIRMED_CATEGORY_SOURCE, type Product } from './products';

/**
 * How sure a draft must be of what the product is (its category and the noun its title uses)
 * to name it and call it ready: below this the seller is asked. The local analyzer's confidence
 * is a calibrated probability of being right; at this threshold its named drafts were right 92–94 %
 * of the time on the fixture and Tux Paint photos (ADR 036, docs/analyzer-evaluation.md).
 */
export const SURE_CONFIDENCE = 0.75;

type CategoryFacts = Pick<Product, 'category' | 'categoryAlternatives'>;

/**
 * Whether the card asks the seller to confirm what the product is ('What is this?', whose kinds
 * confirm a category): a category below the threshold, or none while there are alternatives to
 * pick from. A seller's confirmation comes back at confidence 1.
 */
export function needsCategoryConfirmation(product: CategoryFacts): boolean {
  const { category } = product;
  if (category) return category.confidence < SURE_CONFIDENCE;
  return product.categoryAlternatives.length > 0;
}

export function isCategoryConfirmedBySeller(product: Pick<Product, 'evidence'>): boolean {
  return product.evidence.category?.sources.includes(CONFIRMED_CATEGORY_SOURCE) ?? false;
}

/** Listed in this order: 'Needs: a name, a sure category, a price'. */
type ReadinessNeed = 'a name' | 'a sure category' | 'a price';

type ReadinessFacts = CategoryFacts &
  Pick<Product, 'title' | 'price' | 'evidence'> &
  Partial<Pick<Product, 'editedFields'>>;

/**
 * Whether the title names the product surely: the seller wrote it (or named the product, or
 * confirmed the category it was drafted from, both of which make its evidence certain), or the
 * provider was sure of it. A provider that gives no evidence (a remote model) is taken at its
 * word. A guess is never a name.
 */
function hasSureName(product: ReadinessFacts): boolean {
  if (product.title.trim() === '') return false;
  if (product.editedFields?.includes('title')) return true;
  const evidence = product.evidence.title;
  return evidence === undefined || evidence.confidence >= SURE_CONFIDENCE;
}

/** What the product still needs before it can be published; empty when it is ready. */
export function readinessNeeds(product: ReadinessFacts): ReadinessNeed[] {
  const needs: ReadinessNeed[] = [];
  if (!hasSureName(product)) needs.push('a name');
  // No category at all is not a sure one either, even when there is nothing to pick from.
  const unsureCategory = product.category === null || needsCategoryConfirmation(product);
  if (unsureCategory && !isCategoryConfirmedBySeller(product)) needs.push('a sure category');
  if (product.price.suggested === null || product.price.suggested === 0) needs.push('a price');
  return needs;
}

function isReadyToPublish(product: ReadinessFacts): boolean {
  return readinessNeeds(product).length === 0;
}

/** 'Ready', or 'Needs: a name, a sure category'. */
export function describeReadiness(needs: readonly ReadinessNeed[]): string {
  return needs.length === 0 ? 'Ready' : `Needs: ${needs.join(', ')}`;
}

export interface ReadinessCount {
  ready: number;
  /** Generated products only: pending and failed ones are neither shown as drafts nor exported. */
  total: number;
  /** Of those, the ones without a name: never written to a file or sent to a store. */
  untitled: number;
}

export function countReadiness(products: readonly Product[]): ReadinessCount {
  const generated = products.filter((product) => product.generation.state === 'ready');
  return {
    ready: generated.filter(isReadyToPublish).length,
    total: generated.length,
    untitled: generated.filter((product) => product.title.trim() === '').length,
  };
}

/**
 * Said wherever products without a name are left out (the ask-first dialogs, the toast after a
 * download or publish): '2 products have no name, so they are left out of the file.'
 */
export function describeLeftOut(untitled: number, action: 'Download' | 'Publish'): string | null {
  if (untitled === 0) return null;
  const have = untitled === 1 ? '1 product has' : `${untitled} products have`;
  const they = untitled === 1 ? 'it is' : 'they are';
  return action === 'Download'
    ? `${have} no name, so ${they} left out of the file.`
    : `${have} no name, so ${they} not sent to your store.`;
}

/**
 * The download (or publish) confirmation's question, or null when every product is ready:
 * '2 of 5 products still need attention. Download anyway?'.
 */
export function describeUnready(
  { ready, total }: Pick<ReadinessCount, 'ready' | 'total'>,
  action: 'Download' | 'Publish' = 'Download',
): string | null {
  const unready = total - ready;
  if (unready === 0) return null;
  const products = total === 1 ? 'product' : 'products';
  const verb = unready === 1 ? 'needs' : 'need';
  return `${unready} of ${total} ${products} still ${verb} attention. ${action} anyway?`;
}

export interface UnreadyProduct<P> {
  product: P;
  needs: ReadinessNeed[];
}

/** The generated products that still need something, each with what it needs (in order). */
export function unreadyProducts<P extends Product>(products: readonly P[]): UnreadyProduct<P>[] {
  return products
    .filter((product) => product.generation.state === 'ready')
    .map((product) => ({ product, needs: readinessNeeds(product) }))
    .filter(({ needs }) => needs.length > 0);
}
