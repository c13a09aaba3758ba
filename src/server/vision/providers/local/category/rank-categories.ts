/**
 * Classifier classes + label matches + the seller's products the photo looks like → the draft's
 * category and up to 3 alternatives.
 *
 * Each class's probability goes to its mapped category (split with its look-alikes, if any) and,
 * through the tree, to every ancestor (a sombrero and a cowboy hat both say "Hats"); label
 * matches and lookalikes add in the same way. Where both kinds point at a category they
 * reinforce each other (noisy-or). The choice walks down from the vertical with the most
 * support, stepping into a child only while that child holds at least half of its parent's
 * support: agreeing classes land on their common category, one dominant class on its own. Confidence is the support of the choice, discounted by the strongest
 * competitor outside it, so weak or disagreeing evidence reads as low and the seller is asked.
 */
import { singularNoun } from '#domain/text/noun-phrases.js';
import type { ImageClassScore } from '../evidence.js';
import { UNCATEGORIZED_ID, type Taxonomy, type TaxonomyCategory } from '#server/vision/taxonomy.js';
import {
  ancestorsOf,
  contributionsOf,
  isWithin,
  sourcesWithin,
  supportOf,
  type Contribution,
} from './category-support.js';
import type { ImagenetTaxonomyMap } from './imagenet-taxonomy.js';
import type { LabelMatch } from './label-matcher.js';
import type { LookalikeMatch } from './lookalikes.js';

export interface RankedCategory {
  category: TaxonomyCategory;
  /** 0..1, what the draft shows; 0 for Uncategorized. */
  confidence: number;
  /** Lower-case product noun the evidence supports for this category, or null. */
  noun: string | null;
  /** Classes that point into this category or a broader one, strongest first. */
  classes: ImageClassScore[];
  /** Label matches that point into this category or a broader one, strongest first. */
  labels: LabelMatch[];
  /** The seller's products, looked like, that point into this category or a broader one. */
  lookalikes: LookalikeMatch[];
  /** Set when the seller confirmed the category: it rests on them, not on classes or labels. */
  confirmedBySeller?: true;
}

export interface CategoryRanking {
  chosen: RankedCategory;
  alternatives: RankedCategory[];
}

export const MAX_ALTERNATIVES = 3;
/** A child must hold this share of its parent's support for the walk to step into it. */
const DESCEND_SHARE = 0.5;
/** Less support than this is noise: the product stays Uncategorized (alternatives still offered). */
const MIN_SUPPORT = 0.1;
/** A choice this sure may be offered its parent as an alternative (withBroaderKind). */
const SURE_OF_KIND = 0.5;
/** An alternative shown with less confidence than this has next to nothing behind it. */
const UNSUPPORTED = 0.05;
/** Id parts ('co-2-4-2' has 4) a choice needs for its parent to be offered: below vertical > kind. */
const BROADER_KIND_MIN_PARTS = 3;

/**
 * The noun the contributions name most strongly, if it carries at least half the support.
 * Contributions naming the same noun add up ('water jug' and 'whiskey jug' both say jug).
 */
function nounFor(inside: readonly Contribution[], support: number): string | null {
  const byNoun = new Map<string, number>();
  for (const { noun, score } of inside) {
    if (noun !== null) byNoun.set(noun, (byNoun.get(noun) ?? 0) + score);
  }
  const [top] = [...byNoun].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return top && top[1] >= DESCEND_SHARE * support ? top[0] : null;
}

/** The noun one product of a category is called by, or null when its name is no plain noun. */
export function categoryNoun(category: Pick<TaxonomyCategory, 'name'>): string | null {
  // Short plain names read as a noun ('Hats' → 'hat'); '&' or ',' names ('Handbags, Wallets &
  // Cases') do not, and the title then leans on label words instead.
  if (/[&,]/.test(category.name) || category.name.split(' ').length > 2) return null;
  return singularNoun(category.name);
}

/**
 * A noun for a kind the seller picks or confirms, even when the category's name is a list
 * ('Skillets & Frying Pans' → 'skillet'): its first item, when that is a short plain noun.
 */
function kindNoun(category: Pick<TaxonomyCategory, 'name'>): string | null {
  const first = category.name.split(/\s*(?:,|&)\s*/)[0]!;
  return categoryNoun(category) ?? categoryNoun({ name: first });
}

function describe(
  category: TaxonomyCategory,
  confidence: number,
  contributions: readonly Contribution[],
  support: number,
): RankedCategory {
  const inside = contributions
    .filter((c) => isWithin(c.categoryId, category.id))
    .sort((a, b) => b.score - a.score);
  // Evidence for a broader category agrees with this one ('camera' on the label of an instant
  // camera) and is listed with it, though it does not choose the noun.
  const agreeing = contributions
    .filter((c) => isWithin(c.categoryId, category.id) || isWithin(category.id, c.categoryId))
    .sort((a, b) => b.score - a.score);
  const classes: ImageClassScore[] = [];
  const labels: LabelMatch[] = [];
  const lookalikes: LookalikeMatch[] = [];
  for (const { source } of agreeing) {
    if (source.kind === 'label') labels.push(source.value);
    else if (source.kind === 'lookalike') lookalikes.push(source.value);
    else if (!classes.includes(source.value)) classes.push(source.value);
  }
  return {
    category,
    confidence: Math.round(Math.min(Math.max(confidence, 0), 1) * 100) / 100,
    noun: nounFor(inside, support) ?? categoryNoun(category),
    classes,
    labels,
    lookalikes,
  };
}

/**
 * A category the seller confirmed: certain, resting on no evidence, named by its own noun, else
 * by what the ranked evidence inside it says ('frying pan' under 'Skillets & Frying Pans'), else
 * (with `byListName`) by the first item of its name. Label text read as a product inside it is
 * kept, so a name printed over two lines ('TAPE' above 'MEASURE') still titles it whole.
 */
export function confirmedCategory(
  category: TaxonomyCategory,
  ranked: readonly RankedCategory[] = [],
  byListName = true,
): RankedCategory {
  const inside = ranked.find(
    (entry) => entry.noun !== null && isWithin(entry.category.id, category.id),
  );
  return {
    category,
    confidence: 1,
    noun: categoryNoun(category) ?? inside?.noun ?? (byListName ? kindNoun(category) : null),
    classes: [],
    labels: ranked
      .filter((entry) => isWithin(entry.category.id, category.id))
      .flatMap((entry) => entry.labels),
    lookalikes: [],
    confirmedBySeller: true,
  };
}

export function rankCategories(input: {
  classes: readonly ImageClassScore[];
  labels: readonly LabelMatch[];
  /** The seller's confirmed products the photo looks like (none when they have none). */
  lookalikes?: readonly LookalikeMatch[];
  classMap: ImagenetTaxonomyMap;
  taxonomy: Taxonomy;
}): CategoryRanking {
  const { taxonomy } = input;
  const uncategorized = taxonomy.byId(UNCATEGORIZED_ID);
  if (!uncategorized) throw new Error('taxonomy has no Uncategorized entry');
  const contributions = contributionsOf(
    input.classes,
    input.labels,
    input.lookalikes ?? [],
    input.classMap,
    taxonomy,
  );

  // Every category with evidence and all its ancestors, with their support.
  const support = new Map<string, number>();
  for (const { categoryId } of contributions) {
    for (const id of ancestorsOf(categoryId)) {
      if (!support.has(id)) support.set(id, supportOf(id, contributions));
    }
  }
  const nodes = [...support.keys()].sort();
  const byScore = (a: string, b: string) => support.get(b)! - support.get(a)! || (a < b ? -1 : 1);
  const childrenOf = (id: string) =>
    nodes.filter((node) => node.startsWith(`${id}-`) && !node.slice(id.length + 1).includes('-'));

  let chosenId: string | undefined = nodes.filter((id) => !id.includes('-')).sort(byScore)[0];
  for (let next = chosenId; next !== undefined;) {
    chosenId = next;
    const [child] = childrenOf(chosenId).sort(byScore);
    next =
      child !== undefined && support.get(child)! >= DESCEND_SHARE * support.get(chosenId)!
        ? child
        : undefined;
  }

  const chosenSupport = chosenId === undefined ? 0 : support.get(chosenId)!;
  const outside = (id: string) => !isWithin(id, chosenId!) && !isWithin(chosenId!, id);
  const competitor = Math.max(0, ...nodes.filter(outside).map((id) => support.get(id)!));
  const discounted = (own: number, other: number) => (own * own) / (own + other || 1);

  const chosen =
    chosenId !== undefined && chosenSupport >= MIN_SUPPORT
      ? describe(
          taxonomy.byId(chosenId)!,
          discounted(chosenSupport, competitor),
          contributions,
          chosenSupport,
        )
      : {
          category: uncategorized,
          confidence: 0,
          noun: null,
          classes: [],
          labels: [],
          lookalikes: [],
        };

  // Alternatives: the categories evidence points at directly, plus children of the choice that
  // have evidence ('Cowboy Hats' under a chosen 'Hats'), never the choice or its ancestors. A
  // broad choice is offered its narrower categories first: the evidence agrees on 'Cameras' and
  // the seller's next question is which kind, not some unrelated category.
  const direct = new Set(contributions.map((c) => c.categoryId));
  const refines = (id: string) => id !== chosen.category.id && isWithin(id, chosen.category.id);
  const candidates = nodes
    .filter((id) => id !== chosen.category.id && !isWithin(chosen.category.id, id))
    .filter((id) => direct.has(id) || (chosenId !== undefined && isWithin(id, chosenId)));
  const alternatives = withoutRepeats(candidates, contributions, support)
    .sort((a, b) => Number(refines(b)) - Number(refines(a)) || byScore(a, b))
    .slice(0, MAX_ALTERNATIVES)
    .map((id) => {
      const own = support.get(id)!;
      return describe(taxonomy.byId(id)!, discounted(own, chosenSupport), contributions, own);
    });
  return { chosen, alternatives: withBroaderKind(chosen, alternatives, taxonomy) };
}

/**
 * A category and a narrower one that rest on exactly the same evidence ('Uniforms' and 'White
 * Coats', both only the lab-coat class) are one offer, not two: the narrower one is kept when
 * the evidence for it is more than a trace, the broader one otherwise (a faint reading tells the
 * kind more surely than the detail).
 */
function withoutRepeats(
  candidates: readonly string[],
  contributions: readonly Contribution[],
  support: ReadonlyMap<string, number>,
): string[] {
  const sources = new Map(candidates.map((id) => [id, sourcesWithin(id, contributions)]));
  const repeats = (broad: string, narrow: string) =>
    broad !== narrow && isWithin(narrow, broad) && sources.get(broad) === sources.get(narrow);
  return candidates.filter((id) =>
    candidates.every((other) => {
      if (repeats(id, other)) return support.get(other)! < UNSUPPORTED;
      if (repeats(other, id)) return support.get(id)! >= UNSUPPORTED;
      return true;
    }),
  );
}

/**
 * A narrow choice the evidence is fairly sure of ('Instant Film Cameras' for a folding camera
 * the model calls a Polaroid) is most often wrong in detail, not in kind: its parent ('Film
 * Cameras') is then a better offer than an alternative nothing supports, and goes before those.
 * Only for choices three or more levels deep, so the parent still names a kind of product.
 */
function withBroaderKind(
  chosen: RankedCategory,
  alternatives: RankedCategory[],
  taxonomy: Taxonomy,
): RankedCategory[] {
  const { id } = chosen.category;
  const parent =
    id.split('-').length > BROADER_KIND_MIN_PARTS &&
    taxonomy.byId(id.slice(0, id.lastIndexOf('-')));
  if (!parent || chosen.confidence < SURE_OF_KIND) return alternatives;
  const supported = alternatives.filter((alternative) => alternative.confidence >= UNSUPPORTED);
  if (supported.length >= MAX_ALTERNATIVES) return alternatives;
  const broader: RankedCategory = {
    category: parent,
    // Whatever makes the choice likely makes its parent at least as likely.
    confidence: chosen.confidence,
    noun: categoryNoun(parent),
    classes: chosen.classes,
    labels: chosen.labels,
    lookalikes: chosen.lookalikes,
  };
  const unsupported = alternatives.filter((alternative) => alternative.confidence < UNSUPPORTED);
  return [...supported, broader, ...unsupported].slice(0, MAX_ALTERNATIVES);
}
