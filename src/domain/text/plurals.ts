/**
 * Singular and plural, for folded lower-case words (./words.ts). Two functions on purpose:
 * - `singular` is English for display ('hoodies' → 'hoodie', 'berries' → 'berry',
 *   'knives' → 'knife'); it needs word lists where spelling does not tell ('hoodies' but
 *   'berries'), so a word it does not know may come out wrong ('calories' → 'calory');
 * - `stem` is the key words are compared by: the singular with those ambiguous endings folded
 *   ('calorie' and 'calory' both → 'calori'), so a singular and its plural always meet. Keys are
 *   never shown.
 * Short words (three letters or fewer) are left as they are: 'gas', 'bus', 'yes'.
 */

/** Singulars that end in s and take -es ('lenses', 'buses', 'styluses'). */
const S_SINGULARS =
  'lens|bus|gas|canvas|atlas|bias|thermos|iris|trellis|stylus|abacus|cactus|citrus|virus|' +
  'octopus|walrus|bonus|campus|circus|chorus|census|status|focus|callus|lotus|discus|fungus';

/**
 * Words already singular (or the same in both): -ss, Latin -us ('cactus', 'hummus'; the few
 * plurals of -u, 'menus', stay as they are), Greek -sis and -itis, the listed ones, and a few -is
 * words; other -is words are plurals ('bikinis', 'skis').
 */
const UNCHANGED = new RegExp(
  `(?:ss|us|sis|itis|(?:^|-)(?:${S_SINGULARS}|tennis|physalis|chassis|pelvis|vis|christmas|series|species|news))$`,
);
const S_SINGULAR_PLURAL = new RegExp(`(?:^|-)(?:${S_SINGULARS})es$`);
/** Plurals whose singular ends in -ie, not -y ('hoodies', 'neckties'); others are -y ('berries'). */
const IE_PLURAL =
  /(?:^|-)(?:beanie|bootie|brownie|calorie|cookie|duckie|goalie|hoodie|lingerie|movie|onesie|plushie|rotisserie|selfie|smoothie|squeakie|veggie|zombie|(?:neck|head|bow)?tie|pie|die)s$/;
/** -ves plurals of -fe and -f ('knives', 'shelves'); others are -ve ('gloves', 'valves'). */
const FE_PLURAL = /(?:kni|(?:^|-)(?:wi|li))ves$/;
const F_PLURAL = /(?:shel|(?:^|-)(?:el|scar|wol|hal|cal|lea|loa|thie|shea))ves$/;
/** -oes plurals of -o ('tomatoes'); others are -oe ('shoes', 'canoes'). */
const O_PLURAL =
  /(?:^|-)(?:potato|tomato|mango|hero|echo|volcano|torpedo|domino|mosquito|tornado)es$/;

/** English singular for display ('hats' → 'hat', 'watches' → 'watch'). */
export function singular(word: string): string {
  if (word.length <= 3 || UNCHANGED.test(word)) return word;
  if (S_SINGULAR_PLURAL.test(word) || O_PLURAL.test(word)) return word.slice(0, -2);
  if (IE_PLURAL.test(word)) return word.slice(0, -1);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (FE_PLURAL.test(word)) return `${word.slice(0, -3)}fe`;
  if (F_PLURAL.test(word)) return `${word.slice(0, -3)}f`;
  if (/(?:ss|ch|sh|x|zz)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/**
 * The key singular and plural meet by: the singular, with -ie/-y, -oe/-o and -se/-s folded
 * together, for the words the singular's lists do not know ('calories', 'heroes', 'styluses').
 */
export function stem(word: string): string {
  const one = singular(word);
  if (one.length <= 3) return one;
  return one
    .replace(/(?:ie|y)$/, 'i')
    .replace(/oe$/, 'o')
    .replace(/([iou]s)e$/, '$1');
}
