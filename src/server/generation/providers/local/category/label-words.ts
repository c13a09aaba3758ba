/**
 * Words as the category code compares them: lower case, accents dropped, and a crude stem that
 * makes singular and plural meet ('capsules'/'capsule', 'watches'/'watch', 'cookies'/'cookie',
 * 'batteries'/'battery'). Both sides of every comparison go through the same functions, so odd
 * stems ('cooki') never show: what is shown is the word as written.
 */

const STOPWORDS = new Set(['and', 'or', 'of', 'for', 'the', 'a', 'an', 'with', 'in', 'other']);

export interface Token {
  /** The word as written, lower case ('cookies'). */
  word: string;
  /** What it is compared by ('cooki'). */
  key: string;
}

/** Plurals whose singular ends in -ie, not -y ('hoodies', 'neckties'), as the taxonomy has them. */
const IE_PLURAL =
  /(?:beanie|bootie|brownie|cookie|duckie|hoodie|movie|onesie|plushie|rotisserie|smoothie|squeakie|zombie|tie|pie|die)s$/;

/** English singular for display ('hats' → 'hat', 'watches' → 'watch'); short words unchanged. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (IE_PLURAL.test(word)) return word.slice(0, -1);
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|ch|sh|x|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function stem(word: string): string {
  let base = word;
  if (base.length > 3) {
    if (/(ss|ch|sh|x|zz)es$/.test(base)) base = base.slice(0, -2);
    else if (base.endsWith('s') && !/(ss|us|is)$/.test(base)) base = base.slice(0, -1);
  }
  return base.length > 3 ? base.replace(/(ie|y)$/, 'i') : base;
}

/** The words of a text in order, stopwords dropped. */
export function tokensOf(text: string): Token[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word !== '' && !STOPWORDS.has(word))
    .map((word) => ({ word, key: stem(word) }));
}

/** A phrase as a lookup key: its stemmed words joined by single spaces. */
export function phraseKey(text: string): string {
  return tokensOf(text)
    .map((token) => token.key)
    .join(' ');
}
