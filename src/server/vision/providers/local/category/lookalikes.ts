/**
 * The seller's own products as evidence: a photo that looks like one whose category the seller
 * confirmed is likely the same kind of product. This reaches what ImageNet has no class for
 * (tape measures, pliers, earrings): once the seller files one, the next looks like it.
 *
 * Looks are compared by the classifier's appearance vectors (cosine similarity). On the three
 * evaluation sets (docs/analyzer-evaluation.md), pairs of photos alike by 0.80–0.85 showed the
 * same kind of product 39 % of the time, by 0.85–0.90 61 %, and by 0.90 or more always; below
 * 0.8 it is mostly chance. The score follows those figures; the threshold and the number of
 * lookalikes that count were chosen by replaying the sets as a seller's catalogue
 * (evaluate-analyzer --seller-sequence).
 */
import type { Taxonomy } from '#server/vision/taxonomy.js';
import type { SellerCategoryExample } from '#server/vision/providers/vision-provider.js';

export interface LookalikeMatch {
  /** Short taxonomy id of the example's category. */
  categoryId: string;
  /** 0..1: how strongly the likeness points there. */
  score: number;
  /** Cosine similarity of the two appearances (1: alike in every way; at least MIN_SIMILARITY). */
  similarity: number;
  /** The seller's product it looks like. */
  title: string;
}

/** Less alike than this, two photos are too often of different things to say anything. */
export const MIN_SIMILARITY = 0.79;
/** As alike as this, the seller's category is as sure as a label keyword. */
const SURE_SIMILARITY = 0.92;
const MAX_SCORE = 0.9;
/** Share of MAX_SCORE a likeness just at MIN_SIMILARITY gets. */
const LEAST_SCORE = 0.15;
/** Only the closest two count: many middling likenesses are not one strong one. */
const MAX_LOOKALIKES = 2;

function length(vector: readonly number[]): number {
  let sum = 0;
  for (const value of vector) sum += value * value;
  return Math.sqrt(sum);
}

/** Cosine similarity, given the first vector's length (the photo's: the same for every example). */
function cosine(a: readonly number[], aLength: number, b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  const bLength = length(b);
  return aLength === 0 || bLength === 0 ? 0 : dot / (aLength * bLength);
}

/** The seller's products this photo looks most like, closest first, at most two. */
export function findLookalikes(
  appearance: readonly number[] | undefined,
  examples: readonly SellerCategoryExample[],
  taxonomy: Taxonomy,
): LookalikeMatch[] {
  if (!appearance) return [];
  const appearanceLength = length(appearance);
  const matches: LookalikeMatch[] = [];
  for (const example of examples) {
    // Products store GIDs; byId takes those as well as short ids.
    const category = taxonomy.byId(example.categoryId);
    if (!category) continue;
    const similarity = cosine(appearance, appearanceLength, example.appearance);
    // Written so that a NaN (a vector with a bad number in it) never counts as alike.
    if (!(similarity >= MIN_SIMILARITY)) continue;
    const reach = (similarity - MIN_SIMILARITY) / (SURE_SIMILARITY - MIN_SIMILARITY);
    const score = MAX_SCORE * Math.min(1, LEAST_SCORE + (1 - LEAST_SCORE) * reach);
    matches.push({ categoryId: category.id, score, similarity, title: example.title });
  }
  return matches
    .sort((a, b) => b.similarity - a.similarity || a.title.localeCompare(b.title))
    .slice(0, MAX_LOOKALIKES);
}
