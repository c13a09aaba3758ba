/**
 * Search of the whole taxonomy by what a seller types ("watch", "water bottle"), best first.
 * Pure: the route hands it the shipped categories.
 *
 * A category is a result when every query word appears in its full path (case, accents and
 * '&'/'and' do not matter; plurals meet singulars; a word may be typed partly). Ranking:
 * 1. more query words in the category's own name (a match only in the ancestors comes last);
 * 2. how the name matches: the name itself ("watch" → Watches), whole words, word prefixes,
 *    then inside a word ("watch" in Stopwatches);
 * 3. shallower categories; 4. names that begin with the first query word; 5. alphabetical by
 *    full path.
 * "Uncategorized" is never a result.
 */
import { stem } from '#domain/text/plurals.js';
import { isStopWord, wordsOf } from '#domain/text/words.js';
import { UNCATEGORIZED_ID, type TaxonomyCategory } from './taxonomy.js';

export const DEFAULT_SEARCH_LIMIT = 20;

/** Inside-a-word matches only for words this long: "tv" should not find "Activewear". */
const INSIDE_MATCH_MIN_LENGTH = 3;

/** How a typed word meets a word of a name, weakest first. */
const Level = { None: 0, Inside: 1, Prefix: 2, Whole: 3 } as const;
type Level = (typeof Level)[keyof typeof Level];

/** A word as typed and its stem ('watches' → 'watch', 'hoodies' → 'hoodi'). */
interface Word {
  raw: string;
  stem: string;
}

interface Entry {
  category: TaxonomyCategory;
  nameWords: Word[];
  /** The name's meaningful words, stemmed: equal to the query's when the name is the query. */
  nameKey: string;
  pathWords: Word[];
}

function words(text: string): Word[] {
  return wordsOf(text).map((raw) => ({ raw, stem: stem(raw) }));
}

function meaningful(list: Word[]): Word[] {
  const kept = list.filter((word) => !isStopWord(word.raw));
  return kept.length > 0 ? kept : list;
}

function keyOf(list: Word[]): string {
  return [...new Set(meaningful(list).map((word) => word.stem))].sort().join(' ');
}

function levelIn(query: Word, list: readonly Word[]): Level {
  let best: Level = Level.None;
  for (const word of list) {
    for (const typed of [query.raw, query.stem]) {
      for (const form of [word.raw, word.stem]) {
        if (form === typed) return Level.Whole;
        if (form.startsWith(typed)) best = Level.Prefix;
        else if (typed.length >= INSIDE_MATCH_MIN_LENGTH && form.includes(typed)) {
          if (best < Level.Inside) best = Level.Inside;
        }
      }
    }
  }
  return best;
}

const indexes = new WeakMap<readonly TaxonomyCategory[], Entry[]>();

function indexOf(categories: readonly TaxonomyCategory[]): Entry[] {
  let index = indexes.get(categories);
  if (!index) {
    index = categories
      .filter((category) => category.id !== UNCATEGORIZED_ID)
      .map((category) => {
        const nameWords = words(category.name);
        return {
          category,
          nameWords,
          nameKey: keyOf(nameWords),
          pathWords: words(category.fullName),
        };
      });
    indexes.set(categories, index);
  }
  return index;
}

interface Ranked {
  category: TaxonomyCategory;
  nameHits: number;
  /** 4: the name is the query; else the weakest level among the query words in the name. */
  nameLevel: number;
  /** The name begins with the first query word ("wat" → Watches before Smart Watches). */
  nameStarts: boolean;
}

function compare(a: Ranked, b: Ranked): number {
  return (
    b.nameHits - a.nameHits ||
    b.nameLevel - a.nameLevel ||
    a.category.depth - b.category.depth ||
    Number(b.nameStarts) - Number(a.nameStarts) ||
    a.category.fullName.localeCompare(b.category.fullName, 'en')
  );
}

/** The categories matching `query`, best first, at most `limit`; none for a blank query. */
export function searchTaxonomy(
  categories: readonly TaxonomyCategory[],
  query: string,
  limit = DEFAULT_SEARCH_LIMIT,
): TaxonomyCategory[] {
  // "&", "and", "of"… alone say nothing about a category.
  const queryWords = words(query).filter((word) => !isStopWord(word.raw));
  if (queryWords.length === 0 || limit <= 0) return [];
  const queryKey = keyOf(queryWords);

  const ranked: Ranked[] = [];
  for (const entry of indexOf(categories)) {
    if (!queryWords.every((word) => levelIn(word, entry.pathWords) > Level.None)) continue;
    let nameHits = 0;
    let weakest: Level = Level.Whole;
    for (const word of queryWords) {
      const level = levelIn(word, entry.nameWords);
      if (level === Level.None) continue;
      nameHits += 1;
      if (level < weakest) weakest = level;
    }
    const nameLevel = nameHits === 0 ? 0 : entry.nameKey === queryKey ? 4 : weakest;
    const first = entry.nameWords[0];
    const nameStarts = first !== undefined && levelIn(queryWords[0]!, [first]) >= Level.Prefix;
    ranked.push({ category: entry.category, nameHits, nameLevel, nameStarts });
  }
  return ranked
    .sort(compare)
    .slice(0, limit)
    .map((result) => result.category);
}

/** Shortest ending of a compound word worth searching for ('wristwatch' → 'watch'). */
const MIN_HEAD_ENDING = 4;

/**
 * The categories for a seller's words for a product ('gold wristwatch'): those matching all of
 * them, else the longest ending of them that matches (the head of an English noun phrase comes
 * last: 'wristwatch'), else the longest ending of a compound head word ('watch'). A leading word
 * alone ('gold') is never searched: it says what the product is like, not what it is.
 */
export function searchTaxonomyForKind(
  categories: readonly TaxonomyCategory[],
  words: string,
  limit = DEFAULT_SEARCH_LIMIT,
): TaxonomyCategory[] {
  const list = words.trim().split(/\s+/);
  const head = list.at(-1) ?? '';
  const tries = [
    ...list.map((_, start) => list.slice(start).join(' ')),
    ...Array.from({ length: Math.max(head.length - MIN_HEAD_ENDING, 0) }, (_, cut) =>
      head.slice(cut + 1),
    ),
  ];
  for (const query of tries) {
    const found = searchTaxonomy(categories, query, limit);
    if (found.length > 0) return found;
  }
  return [];
}
