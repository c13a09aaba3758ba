/**
 * Label text → taxonomy candidates. Packaging names its product in words ('365 Capsules',
 * 'Apple Juice', 'Yoghurt'); this finds those words in the lines OCR read and says which
 * category they point to. Two sources, the first trusted more:
 *  - a small keyword table of product words seen on labels whose category the taxonomy's own
 *    names would not find ('capsules' → Vitamins & Supplements, 'yoghurt' → Yogurt);
 *  - the taxonomy's own category names ('Backpacks', 'Hair Dryers') found as whole words.
 * Brand names are not matched: they say who made a thing, not what it is.
 */
import type { TextLine } from '../evidence.js';
import type { Taxonomy, TaxonomyCategory } from '../../../taxonomy.js';
import { splitShares, type ClassCategoryShare } from './imagenet-taxonomy.js';
import { phraseKey, tokensOf, type Token } from './label-words.js';

export interface LabelMatch {
  /** Short taxonomy id. */
  categoryId: string;
  /** 0..1: how strongly the label points there (match kind × OCR confidence, combined). */
  score: number;
  /** Lower-case product noun the label supports ('capsules', 'juice'). */
  noun: string;
  /** The line the words were read from, as read. */
  line: string;
}

/** Lines read less surely than this are too likely misread to classify by. */
export const MIN_LINE_CONFIDENCE = 0.6;
const KEYWORD_WEIGHT = 0.9;
const CATEGORY_NAME_WEIGHT = 0.6;
/** Longest category name (in words) looked for in a line. */
const MAX_NAME_WORDS = 3;

/** A category a keyword also names, with its share of the keyword's weight, and its noun. */
type AlsoMeans = readonly [categoryId: string, share: number, noun: string];

/**
 * [words as written on labels, short taxonomy id, noun for the title, optional other categories
 * the words name as well]. The keyword's own category keeps the larger share.
 */
const LABEL_KEYWORDS: readonly (
  readonly [string, string, string] | readonly [string, string, string, readonly AlsoMeans[]]
)[] = [
  // Health: supplements name their form and content.
  ['vitamin', 'hb-1-9-6', 'supplement'],
  ['multivitamin', 'hb-1-9-6', 'supplement'],
  ['capsule', 'hb-1-9-6', 'capsules'],
  ['softgel', 'hb-1-9-6', 'softgels'],
  ['supplement', 'hb-1-9-6', 'supplement'],
  ['food supplement', 'hb-1-9-6', 'supplement'],
  ['probiotic', 'hb-1-9-6', 'supplement'],
  ['omega-3', 'hb-1-9-6', 'supplement'],
  // Beauty and personal care.
  ['shampoo', 'hb-3-10-13-3', 'shampoo'],
  ['conditioner', 'hb-3-10-13', 'conditioner'],
  ['lipstick', 'hb-3-2-6-5-6', 'lipstick'],
  ['moisturiser', 'hb-3-2-9-10', 'moisturiser'],
  ['moisturizer', 'hb-3-2-9-10', 'moisturizer'],
  ['body lotion', 'hb-3-2-9-10', 'body lotion'],
  ['sunscreen', 'hb-3-2-9-15', 'sunscreen'],
  ['sun cream', 'hb-3-2-9-15', 'sun cream'],
  ['eau de parfum', 'hb-3-2-8', 'perfume'],
  ['eau de toilette', 'hb-3-2-8', 'fragrance'],
  ['perfume', 'hb-3-2-8', 'perfume'],
  ['deodorant', 'hb-3-5-2', 'deodorant'],
  ['toothpaste', 'hb-3-12-19', 'toothpaste'],
  ['body wash', 'hb-3-2-1-5', 'body wash'],
  ['hand soap', 'hb-3-2-1-8', 'hand soap'],
  // Drinks.
  ['juice', 'fb-1-7', 'juice'],
  ['smoothie', 'fb-1-7', 'smoothie'],
  ['soy drink', 'fb-1-10-5', 'soy drink'],
  ['soya drink', 'fb-1-10-5', 'soya drink'],
  ['soy milk', 'fb-1-10-5', 'soy milk'],
  ['oat drink', 'fb-1-10', 'oat drink'],
  ['almond drink', 'fb-1-10', 'almond drink'],
  ['milk', 'fb-1-9', 'milk'],
  // 'Soya' alone names a soy product, not which one (most often a food, often a drink); longer
  // phrases above and below say which.
  ['soya', 'fb-2-19', 'soya product', [['fb-1-10-5', 0.4, 'soya drink']]],
  ['soy', 'fb-2-19', 'soy product', [['fb-1-10-5', 0.4, 'soy drink']]],
  ['soy sauce', 'fb-2-4-20', 'soy sauce'],
  ['coffee', 'fb-1-3', 'coffee'],
  ['espresso', 'fb-1-3', 'coffee'],
  ['tea', 'fb-1-14-2', 'tea'],
  ['mineral water', 'fb-1-16', 'water'],
  ['beer', 'fb-1-1-1', 'beer'],
  ['lager', 'fb-1-1-1', 'lager'],
  ['wine', 'fb-1-1-7', 'wine'],
  // Food.
  ['yoghurt', 'fb-2-6-8', 'yoghurt'],
  ['yogurt', 'fb-2-6-8', 'yogurt'],
  ['cheese', 'fb-2-6-2', 'cheese'],
  ['butter', 'fb-2-6-1', 'butter'],
  ['cookie', 'fb-2-1-6', 'cookies'],
  ['biscuit', 'fb-2-1-6', 'biscuits'],
  ['bread', 'fb-2-1-3', 'bread'],
  ['chocolate', 'fb-2-3-2', 'chocolate'],
  ['cereal', 'fb-2-11-4', 'cereal'],
  ['granola', 'fb-2-11-4', 'granola'],
  ['pasta', 'fb-2-14', 'pasta'],
  ['rice', 'fb-2-11-9', 'rice'],
  ['honey', 'fb-2-4-6', 'honey'],
  ['jam', 'fb-2-7-6', 'jam'],
  ['olive oil', 'fb-2-5-12-4', 'olive oil'],
  ['flour', 'fb-2-5-20', 'flour'],
  ['sugar', 'fb-2-5-30', 'sugar'],
  ['yeast', 'fb-2-5-36', 'yeast'],
  ['baking soda', 'fb-2-5-6', 'baking soda'],
  ['baking powder', 'fb-2-5-5', 'baking powder'],
  ['nuts', 'fb-2-13', 'nuts'],
  // Electronics and cameras.
  ['camera', 'co-2', 'camera'],
  ['headphones', 'el-2-2-7', 'headphones'],
  ['earbuds', 'el-2-2-7', 'earbuds'],
  ['speaker', 'el-2-2-10', 'speaker'],
  ['keyboard', 'el-7-9-12-8', 'keyboard'],
  ['mouse', 'el-7-9-12-11', 'mouse'],
  ['charger', 'el-7-15-5', 'charger'],
  ['battery', 'el-7-15-1', 'batteries'],
  ['router', 'el-12-1', 'router'],
  ['light bulb', 'hg-13-7', 'light bulb'],
  ['led bulb', 'hg-13-7', 'LED bulb'],
  ['led lamp', 'hg-13-7', 'LED lamp'],
  ['hard drive', 'el-7-9-14-4', 'hard drive'],
  // Household and office.
  ['candle', 'hg-3-40-2', 'candle'],
  ['laundry detergent', 'hg-10-9-17', 'laundry detergent'],
  ['washing liquid', 'hg-10-9-17', 'washing liquid'],
  ['washing-up liquid', 'hg-10-6-11-4', 'washing-up liquid'],
  ['dish soap', 'hg-10-6-11-4', 'dish soap'],
  ['tissues', 'hg-10-7-1', 'tissues'],
  ['toilet paper', 'hg-10-7-4', 'toilet paper'],
  ['notebook', 'os-4-9-9', 'notebook'],
  ['jigsaw', 'tg-4-7', 'jigsaw puzzle'],
  ['puzzle', 'tg-4', 'puzzle'],
];

/** Single-word category names too general to say what a product is. */
const GENERIC_NAMES = new Set(
  [
    'accessories',
    'sets',
    'kits',
    'parts',
    'supplies',
    'products',
    'tools',
    'equipment',
    'other',
    'covers',
    'cases',
    'holders',
    'stands',
    'mounts',
    'nets',
    'pins',
    'clips',
    'bags',
    'boxes',
    'organizers',
    'decor',
    'signs',
    'labels',
    'refills',
    'rings',
    'original',
    'natural',
    'classic',
  ].map((word) => phraseKey(word)),
);

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
    keywords.set(phraseKey(words), { shares });
  }
  const names = new Map<string, TaxonomyCategory>();
  for (const category of taxonomy.categories) {
    if (category.depth < 1) continue;
    const key = phraseKey(category.name);
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

function noisyOr(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
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
    tokens: readonly Token[],
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
      const tokens = tokensOf(line.text);
      const used = new Array<boolean>(tokens.length).fill(false);
      matchPhrases(line, tokens, used, () => true);
      return { line, tokens, used };
    });
  for (const [i, above] of read.entries()) {
    const below = read[i + 1];
    if (!below) break;
    const joined: TextLine = {
      text: `${above.line.text} ${below.line.text}`,
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
