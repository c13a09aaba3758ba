/**
 * How likely the draft's kind (its category and the noun its title would use) is right: a
 * probability calibrated on labelled photos (scripts/calibrate-kind.ts, ADR 036), not the
 * ranking's support alone. The support said 0.94 for an armchair filed as a sofa, and nothing
 * about a pair of pliers the classifier has no class for; several signals together say more:
 *
 * - the support of the choice, and its margin over the strongest competing category;
 * - how many of the chosen category's siblings the classifier has any class for, and how much of
 *   what it saw maps to no product at all;
 * - whether the label text agrees with the pixels, or points elsewhere;
 * - whether the seller's own confirmed products look like it (their history).
 *
 * A logistic model over those signals, each weight held to the sign that makes sense (KIND_SIGNS),
 * fitted on the fixture and Tux Paint photos (each alone and as part of a seller's catalogue) and
 * checked on the GCompris set, which it never saw; each set was also checked with a model fitted
 * on the other two. An earlier unconstrained fit gave a class of the category's own a negative
 * weight (label-read drafts, right more often, have none), which left clear photos unnamed.
 */
import type { Taxonomy } from '#server/vision/taxonomy.js';
import type { ImageClassScore } from '../evidence.js';
import { isWithin } from './category-support.js';
import type { ImagenetTaxonomyMap } from './imagenet-taxonomy.js';
import type { LabelMatch } from './label-matcher.js';
import type { CategoryRanking, RankedCategory } from './rank-categories.js';

export interface KindSignals {
  /** The ranking's confidence in the choice, 0..1. */
  support: number;
  /** The choice's confidence less the strongest alternative outside it (0 when none). */
  margin: number;
  /**
   * Share of the chosen category's siblings that any classifier class maps into: low among hand
   * tools (no class for pliers, wrenches, tape measures), where a class reading is most often
   * a stand-in for a kind the classifier cannot see ('letter opener' for tweezers).
   */
  coverage: number;
  /** Share of the top classes' score that maps to no product category (animals, scenes). */
  unmapped: number;
  /** Strongest label match inside the choice (pixels and label text agree), 0..1. */
  labelAgrees: number;
  /** Strongest label match outside the choice (the label says something else), 0..1. */
  labelDisagrees: number;
  /** Strongest of the seller's confirmed products the photo looks like, inside the choice. */
  sellerAgrees: number;
}

export const KIND_SIGNALS = [
  'support',
  'margin',
  'coverage',
  'unmapped',
  'labelAgrees',
  'labelDisagrees',
  'sellerAgrees',
] as const satisfies readonly (keyof KindSignals)[];

/**
 * The direction each signal may move the certainty: more support, margin, better coverage, an agreeing label or look-alike never make the kind less likely; a share read as no
 * product or a label pointing elsewhere never more likely. The fit keeps to these signs (a weight
 * the data would flip is held at 0), so a clear photo of a class the classifier knows is never
 * made less sure by its clarity.
 */
export const KIND_SIGNS: Record<keyof KindSignals, 1 | -1> = {
  support: 1,
  margin: 1,
  coverage: 1,
  unmapped: -1,
  labelAgrees: 1,
  labelDisagrees: -1,
  sellerAgrees: 1,
};

export interface KindModel {
  intercept: number;
  weights: Record<keyof KindSignals, number>;
}

/** Fitted by scripts/calibrate-kind.ts (docs/analyzer-evaluation.md has the run). */
export const KIND_MODEL: KindModel = {
  intercept: -1.78,
  weights: {
    support: 1.71,
    margin: 1.49,
    coverage: 0.38,
    unmapped: -0.45,
    labelAgrees: 0.57,
    labelDisagrees: -0.07,
    sellerAgrees: 0.37,
  },
};

const related = (a: string, b: string) => isWithin(a, b) || isWithin(b, a);

/** Per class map and taxonomy: the share of each parent's children some class maps into. */
const coverageCache = new WeakMap<ImagenetTaxonomyMap, Map<string, number>>();

function siblingCoverage(id: string, classMap: ImagenetTaxonomyMap, taxonomy: Taxonomy): number {
  const cut = id.lastIndexOf('-');
  if (cut === -1) return 1;
  const parent = id.slice(0, cut);
  let byParent = coverageCache.get(classMap);
  if (!byParent) coverageCache.set(classMap, (byParent = new Map()));
  const known = byParent.get(parent);
  if (known !== undefined) return known;
  const seen = [...classMap.values()].map((meaning) => meaning.categoryId);
  const siblings = taxonomy.categories.filter(
    (category) =>
      category.id.startsWith(`${parent}-`) && !category.id.slice(parent.length + 1).includes('-'),
  );
  const covered = siblings.filter((sibling) => seen.some((own) => isWithin(own, sibling.id)));
  const share = siblings.length === 0 ? 1 : covered.length / siblings.length;
  byParent.set(parent, share);
  return share;
}

function unmappedShare(classes: readonly ImageClassScore[], classMap: ImagenetTaxonomyMap) {
  const total = classes.reduce((sum, value) => sum + value.score, 0);
  if (total <= 0) return 1;
  const unmapped = classes
    .filter((value) => !classMap.has(value.index))
    .reduce((sum, value) => sum + value.score, 0);
  return unmapped / total;
}

export function kindSignals(
  ranking: CategoryRanking,
  evidence: {
    classes: readonly ImageClassScore[];
    labels: readonly LabelMatch[];
    classMap: ImagenetTaxonomyMap;
    taxonomy: Taxonomy;
  },
): KindSignals {
  const { classes, labels, classMap, taxonomy } = evidence;
  const { chosen, alternatives } = ranking;
  const id = chosen.category.id;
  const competitors = alternatives.filter(
    (alternative: RankedCategory) => !related(alternative.category.id, id),
  );
  const strongest = Math.max(0, ...competitors.map((alternative) => alternative.confidence));
  const inside = (categoryId: string) => isWithin(categoryId, id);
  return {
    support: chosen.confidence,
    margin: Math.max(0, chosen.confidence - strongest),
    coverage: siblingCoverage(id, classMap, taxonomy),
    unmapped: unmappedShare(classes, classMap),
    labelAgrees: Math.max(0, ...chosen.labels.map((match) => match.score)),
    labelDisagrees: Math.max(
      0,
      ...labels.filter((match) => !related(match.categoryId, id)).map((match) => match.score),
    ),
    sellerAgrees: Math.max(
      0,
      ...chosen.lookalikes.filter((match) => inside(match.categoryId)).map((match) => match.score),
    ),
  };
}

export function kindProbability(signals: KindSignals, model: KindModel = KIND_MODEL): number {
  let z = model.intercept;
  for (const name of KIND_SIGNALS) z += model.weights[name] * signals[name];
  return 1 / (1 + Math.exp(-z));
}
