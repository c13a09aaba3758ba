/**
 * The word tables the label matcher reads: product words seen on labels with the category they
 * name, and category names too general to name a product on their own.
 */
import { phraseKey } from '#domain/text/keys.js';
import type { WordOptions } from '#domain/text/words.js';

/**
 * How label text is split into words, here and in the matcher: packaging prints compounds as one
 * word ('T-SHIRT', 'omega-3'), and a lone word on a line reads as a logo, not a product.
 */
export const LABEL_WORDS: WordOptions = { keepHyphens: true };

/** A category a keyword also names, with its share of the keyword's weight, and its noun. */
export type AlsoMeans = readonly [categoryId: string, share: number, noun: string];

/**
 * [words as written on labels, short taxonomy id, noun for the title, optional other categories
 * the words name as well]. The keyword's own category keeps the larger share.
 */
export const LABEL_KEYWORDS: readonly (
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
export const GENERIC_NAMES = new Set(
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
  ].map((word) => phraseKey(word, LABEL_WORDS)),
);
