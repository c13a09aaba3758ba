/**
 * English for listing copy: the forms of a product noun (singular, plural, plural-only), the
 * indefinite article in front of a phrase, verb agreement and title case. Inflection is
 * pluralize's (a maintained rule set), taught the product words its rules get wrong; the
 * comparison keys of ./plurals.ts stay separate, as they are never shown.
 */
import pluralize from 'pluralize';

/** -ie nouns pluralize would singularise as -y ('hoodies' → 'hoody'), and -s singulars. */
const IRREGULARS: [one: string, many: string][] = [
  ['beanie', 'beanies'],
  ['bootie', 'booties'],
  ['brownie', 'brownies'],
  ['cookie', 'cookies'],
  ['hoodie', 'hoodies'],
  ['lingerie', 'lingerie'],
  ['movie', 'movies'],
  ['necktie', 'neckties'],
  ['onesie', 'onesies'],
  ['plushie', 'plushies'],
  ['rotisserie', 'rotisseries'],
  ['selfie', 'selfies'],
  ['smoothie', 'smoothies'],
  ['tie', 'ties'],
  ['veggie', 'veggies'],
  ['lens', 'lenses'],
  ['canvas', 'canvases'],
  ['thermos', 'thermoses'],
  ['bus', 'buses'],
  ['atlas', 'atlases'],
  ['iris', 'irises'],
  ['trellis', 'trellises'],
  ['stylus', 'styluses'],
  ['cactus', 'cacti'],
];

/**
 * Nouns that name one thing in the plural ('scissors', 'sunglasses'): one of them is "a pair
 * of scissors", and they take "are". Only pair nouns: a drinking glass stays a glass.
 */
const PAIR_NOUNS: ReadonlySet<string> = new Set([
  'scissors',
  'sunglasses',
  'eyeglasses',
  'spectacles',
  'jeans',
  'trousers',
  'pants',
  'shorts',
  'leggings',
  'tights',
  'jeggings',
  'joggers',
  'sweatpants',
  'overalls',
  'dungarees',
  'pyjamas',
  'pajamas',
  'briefs',
  'boxers',
  'panties',
  'knickers',
  'suspenders',
  'pliers',
  'tongs',
  'tweezers',
  'shears',
  'snips',
  'clippers',
  'nippers',
  'binoculars',
  'goggles',
  'earmuffs',
  'chopsticks',
]);

/** Words whose spelling misleads the vowel rule: 'an hour', 'a unicorn', 'a one-piece'. */
const AN_BEFORE = /^(?:hour|honest|honou?r|heir|[aefhilmnorsx]$)/;
const A_BEFORE =
  /^(?:uni(?!n|m)|us[abeiu]|ur[aeiou]|ut[aeiu]|uk|eu|ewe|one(?!r)|once|ouija|u$|ufo|uv$|ubiq)/;
/** Letter names read aloud with a vowel sound ('an LED lamp', 'an SD card', 'an MP3 player'). */
const INITIALISM = /^[A-Z]{2,}|^[A-Z]\d|^[A-Z]$/;
const VOWEL_SOUND_LETTERS = /^[AEFHILMNORSX]/;

for (const [one, many] of IRREGULARS) pluralize.addIrregularRule(one, many);
for (const noun of PAIR_NOUNS) pluralize.addUncountableRule(noun);

/** 'a' or 'an' for the word that follows it. */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/[\s-]/)[0] ?? '';
  if (INITIALISM.test(word)) return VOWEL_SOUND_LETTERS.test(word) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (AN_BEFORE.test(lower)) return 'an';
  if (A_BEFORE.test(lower)) return 'a';
  if (/^\d/.test(lower)) return /^(?:8|11|18)(?!\d)|^8\d*/.test(lower) ? 'an' : 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

export interface ProductNoun {
  /** As a phrase names one product: 'mug', 'sunglasses', 'mortar and pestle'. */
  one: string;
  /** Several of them: 'mugs', 'sunglasses'. */
  many: string;
  /** Plural in form though it is one product ('scissors'): it takes 'are' and 'a pair of'. */
  pair: boolean;
}

/** The last word is the head of a noun phrase ('tape measure', 'mortar and pestle'). */
function inflectHead(phrase: string, inflect: (word: string) => string): string {
  const words = phrase.split(' ');
  return [...words.slice(0, -1), inflect(words.at(-1)!)].join(' ');
}

/**
 * Nouns already inflected: pluralize tries its few hundred rules on every call, and the review
 * screen names the same few kinds on every card (~1 ms a call). Bounded, as the nouns come from
 * the seller's products.
 */
const inflected = new Map<string, ProductNoun>();
const INFLECTED_MAX = 1_000;

/** A product noun, singular or plural, as its forms (lower case but for initialisms). */
export function productNoun(noun: string): ProductNoun {
  const known = inflected.get(noun);
  if (known) return known;
  const forms = Object.freeze(inflectNoun(noun));
  if (inflected.size >= INFLECTED_MAX) inflected.clear();
  inflected.set(noun, forms);
  return forms;
}

function inflectNoun(noun: string): ProductNoun {
  // Initialisms keep their capitals ('FM transmitter', 'LED strip'): they are read as letters.
  const phrase = noun
    .trim()
    .split(/\s+/)
    .map((word) => (/\p{Lu}.*\p{Lu}/u.test(word) ? word : word.toLowerCase()))
    .join(' ');
  const head = phrase.split(' ').at(-1) ?? phrase;
  const pairHead = PAIR_NOUNS.has(head) || PAIR_NOUNS.has(pluralize.plural(head));
  if (pairHead) {
    const pairPhrase = inflectHead(phrase, (word) =>
      PAIR_NOUNS.has(word) ? word : pluralize.plural(word),
    );
    return { one: pairPhrase, many: pairPhrase, pair: true };
  }
  const one = inflectHead(phrase, (word) => pluralize.singular(word));
  return { one, many: inflectHead(one, (word) => pluralize.plural(word)), pair: false };
}

/** A taxonomy name as the noun of one product ('Tape Measures' → 'tape measure'). */
export function singularNoun(name: string): string {
  return productNoun(name).one;
}

/**
 * One product with what is said of it before the noun: 'an orange mug', 'a pair of black
 * sunglasses'. `before` are the words in front of the noun (colours), possibly empty.
 */
export function oneOf(noun: ProductNoun, before = ''): string {
  const phrase = `${before} ${noun.one}`.trim();
  return noun.pair ? `a pair of ${phrase}` : `${indefiniteArticle(phrase)} ${phrase}`;
}

/** The verb 'to be' agreeing with the noun as subject ('the mug is', 'the scissors are'). */
export function isOrAre(noun: ProductNoun): 'is' | 'are' {
  return noun.pair ? 'are' : 'is';
}

/** Words a title keeps in lower case unless they start it (Chicago style, short words). */
const SMALL_WORDS = new Set(
  'a an and as at but by for in nor of on or per the to vs via with'.split(' '),
);

/**
 * Title case: each word capitalised, hyphenated parts too ('T-Shirt'), small words lower case
 * except first ('Mortar and Pestle'); words already holding capitals keep them ('LED', 'iPhone').
 */
export function titleCase(text: string): string {
  let first = true;
  return text
    .split(' ')
    .map((word) => {
      const lower = word.toLowerCase();
      const keepSmall = !first && SMALL_WORDS.has(lower);
      first = false;
      if (keepSmall) return lower;
      if (word !== lower) return word;
      return word.replace(
        /(^|-)(\p{Ll})/gu,
        (_, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
      );
    })
    .join(' ');
}

/**
 * Tags with one form of each noun: a later singular or plural of an earlier tag is dropped
 * ('belt', 'belts' → 'belt'); pair nouns ('sunglasses') have one form only.
 */
export function withoutPluralTwins(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = productNoun(tag).one.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
