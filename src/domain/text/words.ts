/**
 * Text as the matching code compares it (taxonomy matching and search, label matching, price
 * hints, the invented-facts audit): one way to normalise and split, one list of stop words.
 * Plural forms: ./plurals.ts.
 */

/** Words that say nothing about what a product is ('&' reads as 'and'). */
const STOP_WORDS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'of',
  'for',
  'the',
  'a',
  'an',
  'with',
  'in',
  'other',
]);

/** Lower case, accents folded ('Crème' → 'creme'), '&' read as ' and '. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/&/g, ' and ');
}

export interface WordOptions {
  /**
   * Keep a hyphenated word whole ('t-shirt', 'two-tone'), as labels print compounds and as the
   * label matcher counts words; by default hyphens split words, so 'shirt' is a whole word of
   * 'T-Shirts'.
   */
  keepHyphens?: boolean;
}

/** The words of a text in order, folded (see foldText); stop words included. */
export function wordsOf(text: string, { keepHyphens = false }: WordOptions = {}): string[] {
  return foldText(text)
    .split(keepHyphens ? /[^\p{L}\p{N}-]+/u : /[^\p{L}\p{N}]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter((word) => word !== '');
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
