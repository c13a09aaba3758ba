/**
 * Label text → taxonomy candidates. Packaging names its product in words ('365 Capsules',
 * 'Apple Juice', 'Yoghurt'); this finds those words in the lines OCR read and says which
 * category they point to. Two sources, the first trusted more:
 *  - a small keyword table of product words seen on labels whose category the taxonomy's own
 *    names would not find ('capsules' → Vitamins & Supplements, 'yoghurt' → Yogurt);
 *  - the taxonomy's own category names ('Backpacks', 'Hair Dryers') found as whole words.
 * Brand names are not matched: they say who made a thing, not what it is.
 */
import { keyedWords, phraseKey, type KeyedWord } from '#domain/text/keys.js';
import type { Taxonomy, TaxonomyCategory } from '#server/vision/taxonomy.js';
import type { TextLine } from '../evidence.js';
import { splitShares, type ClassCategoryShare } from './imagenet-taxonomy.js';
import { GENERIC_NAMES, LABEL_KEYWORDS, LABEL_WORDS } from './label-keywords.js';
import { noisyOr } from './noisy-or.js';

export interface LabelMatch {
  /** Short taxonomy id. */
  categoryId: string;
  /** 0..1: how strongly the label points there (match kind × OCR confidence, combined). */
  score: number;
  /** Lower-case product noun the label supports ('capsules', 'juice'). */
  noun: string;
  /**
   * The line the words were read from, as read; two adjacent lines joined by a space when a
   * name ran over both.
   */
  line: string;
}

/** Lines read less surely than this are too likely misread to classify by. */
export const MIN_LINE_CONFIDENCE = 0.6;
const KEYWORD_WEIGHT = 0.9;
const CATEGORY_NAME_WEIGHT = 0.6;
/** Longest category name (in words) looked for in a line. */
const MAX_NAME_WORDS = 3;

/** Branches a label word should not send a product to unless nothing else has the name. */
const SPECIALIST = /^(ap|bi|vp|pa|se|gc|ma)\b|^aa-1-2\b|^aa-1-7\b|^bt\b|^ae-2-2-10\b/;

/** Where a keyword points: categories with their share of its weight, its own first. */
interface KeywordMeaning {
  shares: readonly ClassCategoryShare[];
}

export interface LabelIndex {
  keywords: ReadonlyMap<string, KeywordMeaning>;
  names: ReadonlyMap<string, TaxonomyCategory>;
}

/** The category to file a name under when several share it: general branches, shallowest. */
function preferred(a: TaxonomyCategory, b: TaxonomyCategory): TaxonomyCategory {
  const aSpecial = SPECIALIST.test(a.id);
  const bSpecial = SPECIALIST.test(b.id);
  if (aSpecial !== bSpecial) return aSpecial ? b : a;
  return b.depth < a.depth ? b : a;
}

export function buildLabelIndex(taxonomy: Taxonomy): LabelIndex {
  const keywords = new Map<string, KeywordMeaning>();
  for (const [words, categoryId, noun, also = []] of LABEL_KEYWORDS) {
    const shares = splitShares(categoryId, noun, also);
    if (!shares) {
      throw new Error(`label keyword ${words}: its own category must keep the larger share`);
    }
    for (const { categoryId: id } of shares) {
      if (!taxonomy.byId(id)) throw new Error(`label keyword ${words}: no ${id}`);
    }
    keywords.set(phraseKey(words, LABEL_WORDS), { shares });
  }
  const names = new Map<string, TaxonomyCategory>();
  for (const category of taxonomy.categories) {
    if (category.depth < 1) continue;
    const key = phraseKey(category.name, LABEL_WORDS);
    const length = key.split(' ').length;
    if (key === '' || length > MAX_NAME_WORDS || GENERIC_NAMES.has(key)) continue;
    // A one-word name must be a real word, not an abbreviation that OCR noise could spell.
    if (length === 1 && key.length < 5) continue;
    const known = names.get(key);
    names.set(key, known ? preferred(known, category) : category);
  }
  return { keywords, names };
}

/** Every run of 1–3 words as [key, start, length], longest runs first. */
function phrases(keys: readonly string[]): [string, number, number][] {
  const runs: [string, number, number][] = [];
  for (let size = MAX_NAME_WORDS; size >= 1; size--) {
    for (let start = 0; start + size <= keys.length; start++) {
      runs.push([keys.slice(start, start + size).join(' '), start, size]);
    }
  }
  return runs;
}

/** Two adjacent lines as one, as a name broken over both is matched and reported (`line`). */
export function joinedLines(above: string, below: string): string {
  return `${above} ${below}`;
}

/**
 * Candidates from the label, strongest first. Every phrase of 1–3 words in a confident line is
 * looked up, longest first, and the words a longer phrase used are not matched again
 * ('soy milk' is soy milk, not milk). Packaging often breaks a name over two lines ('TAPE' above
 * 'MEASURE'), so phrases that run from one confident line into the next are looked up as well,
 * from words neither line matched on its own.
 */
export function matchLabelText(lines: readonly TextLine[], index: LabelIndex): LabelMatch[] {
  const byCategory = new Map<string, LabelMatch>();
  const add = (categoryId: string, weight: number, noun: string, line: TextLine) => {
    const score = weight * line.confidence;
    const known = byCategory.get(categoryId);
    if (!known) {
      byCategory.set(categoryId, { categoryId, score, noun, line: line.text });
      return;
    }
    const combined = noisyOr(known.score, score);
    byCategory.set(
      categoryId,
      score > known.score
        ? { categoryId, score: combined, noun, line: line.text }
        : {
            ...known,
            score: combined,
          },
    );
  };
  /** Looks up the phrases `within` allows in `line`, marks the words a match used; true if any. */
  const matchPhrases = (
    line: TextLine,
    tokens: readonly KeyedWord[],
    used: boolean[],
    within: (start: number, size: number) => boolean,
  ) => {
    const keys = tokens.map((token) => token.key);
    // A line that names its product by a keyword is about that product: its other words
    // ('apple' in 'Apple Juice') describe it and are not matched against category names.
    const hasKeyword = phrases(keys).some(([key]) => index.keywords.has(key));
    // A word standing alone is more often a logo or brand ('STARTER') than a product name:
    // category names are only looked for in lines of two or more words.
    const describes = tokens.filter((token) => /\p{L}/u.test(token.word)).length >= 2;
    for (const [key, start, size] of phrases(keys)) {
      if (!within(start, size) || used.slice(start, start + size).some(Boolean)) continue;
      const keyword = index.keywords.get(key);
      const named = keyword || hasKeyword || !describes ? undefined : index.names.get(key);
      const written = tokens
        .slice(start, start + size)
        .map((token) => token.word)
        .join(' ');
      if (keyword) {
        for (const { categoryId, share, noun } of keyword.shares) {
          add(categoryId, KEYWORD_WEIGHT * share, noun, line);
        }
      } else if (named) add(named.id, CATEGORY_NAME_WEIGHT, written, line);
      else continue;
      used.fill(true, start, start + size);
    }
  };

  const read = lines
    .filter((line) => line.confidence >= MIN_LINE_CONFIDENCE)
    .map((line) => {
      const tokens = keyedWords(line.text, LABEL_WORDS);
      const used = new Array<boolean>(tokens.length).fill(false);
      matchPhrases(line, tokens, used, () => true);
      return { line, tokens, used };
    });
  for (const [i, above] of read.entries()) {
    const below = read[i + 1];
    if (!below) break;
    const joined: TextLine = {
      text: joinedLines(above.line.text, below.line.text),
      confidence: Math.min(above.line.confidence, below.line.confidence),
    };
    const cut = above.tokens.length;
    matchPhrases(
      joined,
      [...above.tokens, ...below.tokens],
      [...above.used, ...below.used],
      (start, size) => start < cut && start + size > cut,
    );
  }
  return [...byCategory.values()].sort(
    (a, b) => b.score - a.score || a.categoryId.localeCompare(b.categoryId),
  );
}
