/**
 * The Shopify Standard Product Taxonomy (release in ./shopify-taxonomy/, MIT, built by
 * scripts/build-taxonomy-data.ts) and a matcher from a model's free-text category to a real
 * entry. Models only see the 25 top-level names in their prompt, so they answer with a path
 * that is often close but not exact; the matcher tries, in order: an id or GID, the exact full
 * path, the last path segment, then token overlap; failing all, "Uncategorized".
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { TAXONOMY_CATEGORY_GID_PREFIX } from '#domain/listing-draft.js';
import { keyedWords } from '#domain/text/keys.js';
import { foldText } from '#domain/text/words.js';

export interface TaxonomyCategory {
  /** Short id as in Shopify's files, e.g. 'aa-1-13-8'. */
  id: string;
  /** What the Admin API and ListingDraft use: 'gid://shopify/TaxonomyCategory/aa-1-13-8'. */
  gid: string;
  name: string;
  /** 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts'. */
  fullName: string;
  depth: number;
}

export type CategoryMatchKind = 'id' | 'exact' | 'last-segment' | 'token-overlap' | 'none';

export interface CategoryMatch {
  category: TaxonomyCategory;
  kind: CategoryMatchKind;
  /** How sure the match is, 0..1 (1 for id/exact, 0 when nothing matched). */
  score: number;
}

export interface Taxonomy {
  version: string;
  categories: readonly TaxonomyCategory[];
  /** Top-level names ("verticals"), for prompts. */
  verticals: readonly string[];
  byId(idOrGid: string): TaxonomyCategory | undefined;
  /** An id, GID or exact full path (case, accents and '&' aside), at once; never a guess. */
  exact(text: string): TaxonomyCategory | undefined;
  /** exact(), else the best guess: a scan of every category, milliseconds a call. */
  match(text: string): CategoryMatch;
}

export const UNCATEGORIZED_ID = 'na';
const LAST_SEGMENT_SCORE = 0.9;
/** A fuzzy guess never claims as much certainty as a name that matched exactly. */
const TOKEN_OVERLAP_WEIGHT = 0.8;

const dataFileSchema = z.object({
  version: z.string(),
  categories: z.array(z.tuple([z.string().regex(/^[a-z]{2}(-\d+)*$/), z.string().min(1)])),
});

/** Case, accents, '&' vs 'and' and spacing do not matter when comparing names. */
function normalizeName(text: string): string {
  return foldText(text)
    .replace(/[^\p{L}\p{N}>]+/gu, ' ')
    .replace(/\s*>\s*/g, ' > ')
    .trim();
}

/** The meaningful words of a name or path, by stem ("Mugs"/"mug", "Accessories"/"accessory"). */
function tokens(text: string): Set<string> {
  return new Set(keyedWords(text).map(({ key }) => key));
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared;
}

function lastSegment(path: string): string {
  return path.split('>').at(-1)?.trim() ?? '';
}

interface IndexedCategory {
  category: TaxonomyCategory;
  nameTokens: Set<string>;
  pathTokens: Set<string>;
}

/** Builds a taxonomy from [short id, name] pairs, parents before children. */
export function buildTaxonomy(
  version: string,
  entries: readonly (readonly [string, string])[],
): Taxonomy {
  const byShortId = new Map<string, TaxonomyCategory>();
  for (const [id, name] of entries) {
    const parentId = id.includes('-') ? id.slice(0, id.lastIndexOf('-')) : null;
    const parent = parentId === null ? undefined : byShortId.get(parentId);
    if (parentId !== null && !parent) throw new Error(`taxonomy: ${id} comes before its parent`);
    byShortId.set(id, {
      id,
      gid: `${TAXONOMY_CATEGORY_GID_PREFIX}${id}`,
      name,
      fullName: parent ? `${parent.fullName} > ${name}` : name,
      depth: parent ? parent.depth + 1 : 0,
    });
  }
  const categories = [...byShortId.values()];
  const firstOrUncategorized = byShortId.get(UNCATEGORIZED_ID) ?? categories[0];
  if (!firstOrUncategorized) throw new Error('taxonomy: no categories');
  const uncategorized: TaxonomyCategory = firstOrUncategorized;

  const byFullName = new Map(categories.map((c) => [normalizeName(c.fullName), c]));
  const byName = new Map<string, TaxonomyCategory[]>();
  for (const category of categories) {
    const key = normalizeName(category.name);
    byName.set(key, [...(byName.get(key) ?? []), category]);
  }
  const indexed: IndexedCategory[] = categories.map((category) => ({
    category,
    nameTokens: tokens(category.name),
    pathTokens: tokens(category.fullName),
  }));
  const indexOf = new Map(indexed.map((entry) => [entry.category, entry]));

  function byId(idOrGid: string): TaxonomyCategory | undefined {
    const trimmed = idOrGid.trim();
    const id = trimmed.startsWith(TAXONOMY_CATEGORY_GID_PREFIX)
      ? trimmed.slice(TAXONOMY_CATEGORY_GID_PREFIX.length)
      : trimmed;
    return byShortId.get(id);
  }

  /**
   * Last segment weighs most (it names the product type); the rest of the path breaks ties
   * ("T-Shirts" exists under five parents). Dice on the names keeps "Mugs" from matching
   * "Mug Warmers & Coasters" as well as "Mugs" itself.
   */
  function overlapScore(entry: IndexedCategory, query: Set<string>, queryLast: Set<string>) {
    const shared = overlap(queryLast, entry.nameTokens);
    const nameScore = (2 * shared) / (queryLast.size + entry.nameTokens.size || 1);
    const pathScore = query.size === 0 ? 0 : overlap(query, entry.pathTokens) / query.size;
    return 0.7 * nameScore + 0.3 * pathScore;
  }

  function best(
    candidates: readonly IndexedCategory[],
    query: Set<string>,
    queryLast: Set<string>,
  ): { entry: IndexedCategory; score: number } | undefined {
    let winner: { entry: IndexedCategory; score: number } | undefined;
    for (const entry of candidates) {
      const score = overlapScore(entry, query, queryLast);
      const better =
        !winner ||
        score > winner.score ||
        // Equal scores: the more general category is the safer guess.
        (score === winner.score && entry.category.depth < winner.entry.category.depth);
      if (better) winner = { entry, score };
    }
    return winner;
  }

  function exactCategory(text: string): TaxonomyCategory | undefined {
    return byId(text) ?? byFullName.get(normalizeName(text));
  }

  function match(text: string): CategoryMatch {
    const direct = byId(text);
    if (direct) return { category: direct, kind: 'id', score: 1 };
    const exact = byFullName.get(normalizeName(text));
    if (exact) return { category: exact, kind: 'exact', score: 1 };

    const query = tokens(text);
    const queryLast = tokens(lastSegment(text));
    const sameName = byName.get(normalizeName(lastSegment(text))) ?? [];
    const named = best(
      sameName.map((category) => indexOf.get(category)!),
      query,
      queryLast,
    );
    if (named)
      return { category: named.entry.category, kind: 'last-segment', score: LAST_SEGMENT_SCORE };

    const guess = best(indexed, query, queryLast);
    if (guess && guess.score > 0) {
      return {
        category: guess.entry.category,
        kind: 'token-overlap',
        score: guess.score * TOKEN_OVERLAP_WEIGHT,
      };
    }
    return { category: uncategorized, kind: 'none', score: 0 };
  }

  const verticals = categories.filter((c) => c.depth === 0).map((c) => c.name);
  return { version, categories, verticals, byId, exact: exactCategory, match };
}

let shipped: Taxonomy | undefined;

/** The taxonomy shipped with the server, read and indexed once (~10k categories, ~0.2 s). */
export function loadTaxonomy(): Taxonomy {
  if (!shipped) {
    const file = new URL('./shopify-taxonomy/categories.json', import.meta.url);
    const data = dataFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    shipped = buildTaxonomy(data.version, data.categories);
  }
  return shipped;
}
