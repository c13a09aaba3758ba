/**
 * Evidence on the taxonomy tree: each class (split with its look-alikes), each label match and
 * each of the seller's products the photo looks like is a contribution to one category, and a category's support is what lies inside it. Ids nest
 * ('co-2-4-2' is inside 'co-2-4'), so the tree is read from the ids alone.
 */
import type { Taxonomy } from '#server/vision/taxonomy.js';
import type { ImageClassScore } from '../evidence.js';
import type { ImagenetTaxonomyMap } from './imagenet-taxonomy.js';
import type { LabelMatch } from './label-matcher.js';
import type { LookalikeMatch } from './lookalikes.js';
import { noisyOr } from './noisy-or.js';

export interface Contribution {
  categoryId: string;
  score: number;
  /** The product noun it supports; null when it names none (a lookalike: the category does). */
  noun: string | null;
  source:
    | { kind: 'class'; value: ImageClassScore }
    | { kind: 'label'; value: LabelMatch }
    | { kind: 'lookalike'; value: LookalikeMatch };
}

export function ancestorsOf(id: string): string[] {
  const ids = [id];
  for (let cut = id.lastIndexOf('-'); cut > 0; cut = id.lastIndexOf('-', cut - 1)) {
    ids.push(id.slice(0, cut));
  }
  return ids;
}

export function isWithin(id: string, ancestor: string): boolean {
  return id === ancestor || id.startsWith(`${ancestor}-`);
}

export function contributionsOf(
  classes: readonly ImageClassScore[],
  labels: readonly LabelMatch[],
  lookalikes: readonly LookalikeMatch[],
  classMap: ImagenetTaxonomyMap,
  taxonomy: Taxonomy,
): Contribution[] {
  const found: Contribution[] = [];
  for (const value of classes) {
    const meaning = classMap.get(value.index);
    if (!meaning || value.score <= 0) continue;
    // A class's score is split between its own category and its look-alikes.
    for (const { categoryId, share, noun } of meaning.shares) {
      if (!taxonomy.byId(categoryId)) continue;
      found.push({
        categoryId,
        score: value.score * share,
        noun,
        source: { kind: 'class', value },
      });
    }
  }
  for (const value of labels) {
    if (!taxonomy.byId(value.categoryId)) continue;
    found.push({
      categoryId: value.categoryId,
      score: value.score,
      noun: value.noun,
      source: { kind: 'label', value },
    });
  }
  for (const value of lookalikes) {
    if (!taxonomy.byId(value.categoryId)) continue;
    found.push({
      categoryId: value.categoryId,
      score: value.score,
      noun: null,
      source: { kind: 'lookalike', value },
    });
  }
  return found;
}

/**
 * Support of a category: classes summed; label matches and lookalikes, each a separate reading,
 * combined; the two kinds reinforcing each other.
 */
export function supportOf(id: string, contributions: readonly Contribution[]): number {
  let classes = 0;
  let readings = 0;
  for (const contribution of contributions) {
    if (!isWithin(contribution.categoryId, id)) continue;
    if (contribution.source.kind === 'class') classes += contribution.score;
    else readings = noisyOr(readings, contribution.score);
  }
  return noisyOr(Math.min(classes, 1), readings);
}

function sourceKey(source: Contribution['source']): string {
  if (source.kind === 'class') return `class ${source.value.index}`;
  return source.kind === 'label' ? `label ${source.value.line}` : `lookalike ${source.value.title}`;
}

/** What a category's support rests on: the classes, label lines and lookalikes inside it. */
export function sourcesWithin(id: string, contributions: readonly Contribution[]): string {
  const keys = contributions
    .filter((contribution) => isWithin(contribution.categoryId, id))
    .map(({ source }) => sourceKey(source));
  return [...new Set(keys)].sort().join('|');
}
