/**
 * Whether label text read by OCR may reach listing copy (title, description, tags, alt text).
 * OCR misreads: 'GOD' MOR' for 'GOD MORGON', 'Tuxraint' for 'Tux Paint', 'allMlandorla' for
 * 'all'Mandorla', and reads a website's footer ('Powered by Ruby on Rails.') as well as a pack.
 * A line goes into the copy only when every word is
 * - an English word (the `word-list` package, ~274,000 words, MIT, read from disk: no network),
 *   a number or a measure ('268mg', '100%'), or
 * - a plausible brand: shaped like a name (one case pattern, a vowel, 4+ letters, or a code with
 *   digits) and read with high confidence or on more than one line,
 * and the line is no web boilerplate. Other lines stay in the evidence ('Why?'), never the copy.
 */
import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';
import type { TextLine } from './evidence.js';

/** A brand-like token read this surely may stand in the copy on one reading. */
export const BRAND_CONFIDENCE = 0.95;

/** Footer and web text that is no label of a product, though it is real words. */
const BOILERPLATE =
  /\bpowered by\b|\ball rights reserved\b|\bcopyright\b|©|\bwww\.|https?:|\.(?:com|org|net|io)\b|@\w|\bprivacy policy\b|\bterms of (?:use|service)\b|\bsign (?:in|up)\b|\blog ?in\b/i;

/** A number, or an amount with its unit ('268mg', '250 g' is two tokens, '100%', '8.8'). */
const MEASURE = /^\d+(?:[.,]\d+)?(?:%|mg|mcg|g|kg|ml|cl|l|oz|lb|lbs|cm|mm|m|in|ft|v|w|mah)?$/i;

const UNITS = new Set(['mg', 'mcg', 'g', 'kg', 'ml', 'cl', 'oz', 'lb', 'lbs', 'cm', 'mm', 'fl']);

let words: ReadonlySet<string> | undefined;

/** The English word list, read once on first use. */
function englishWords(): ReadonlySet<string> {
  words ??= new Set(readFileSync(wordListPath, 'utf8').split('\n'));
  return words;
}

/** A word of the list; hyphenated or with an apostrophe, each part one ('I-Type', "don't"). */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  if (englishWords().has(lower)) return true;
  const parts = lower.split(/[-'’]/);
  return parts.length > 1 && parts.every((part) => part.length <= 1 || englishWords().has(part));
}

/** The tokens of a line, with punctuation that may end a word ('STARTER.', 'Rails,') taken off. */
function tokensOf(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/[.,:;!?)]+$/u, '').replace(/^[(]/u, ''))
    .filter((token) => token !== '' && token !== '&' && token !== '-');
}

/** Lower, UPPER or Capitalised. */
function nameShaped(token: string): boolean {
  return /^\p{Lu}+$|^\p{Ll}+$|^\p{Lu}\p{Ll}+$/u.test(token);
}

/** Words joined by inner capitals ('PlayStation'); not 'allMlandorla'. */
function joinedWords(token: string): boolean {
  const parts = token.match(/\p{Lu}?\p{Ll}+|\p{Lu}+(?!\p{Ll})/gu) ?? [];
  return parts.length > 1 && parts.join('') === token && parts.every(isEnglishWord);
}

/**
 * A number or measure, a single letter ('Vitamin E') or a unit standing alone ('268 mg'): says
 * nothing garbled, even when it is also part of a longer token read elsewhere ('E268mg').
 */
function plainToken(token: string): boolean {
  if (MEASURE.test(token)) return true;
  if (!/^[\p{L}\p{N}]+$/u.test(token)) return false;
  const letters = token.replace(/[^\p{L}]/gu, '');
  return (letters.length <= 1 && letters.length === token.length) || UNITS.has(token.toLowerCase());
}

/** Most tokens of one line that may stand as a brand rather than as words. */
const MAX_BRAND_TOKENS = 2;

/** An English word, or English words joined by inner capitals, without digits. */
function knownWord(token: string): boolean {
  return !/\p{N}/u.test(token) && (isEnglishWord(token) || joinedWords(token));
}

/** Why a token cannot go into the copy, or null when it can. */
function tokenProblem(token: string, confidence: number, readings: number): string | null {
  if (plainToken(token)) return null;
  // Letters (hyphens and apostrophes only between letters) or letters with digits (a model code).
  if (!/^[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*$/u.test(token)) return 'broken';
  const letters = token.replace(/[^\p{L}]/gu, '');
  if (letters.length <= 1 && !/\p{N}/u.test(token)) return null;
  const hasDigits = /\p{N}/u.test(token);
  if (knownWord(token)) return null;
  const sure = confidence >= BRAND_CONFIDENCE || readings > 1;
  if (hasDigits)
    return sure && /^\p{Lu}?\p{Ll}*\p{N}+$|^\p{Lu}+\p{N}*$/u.test(token) ? null : 'code';
  if (!nameShaped(token)) return 'mixed case';
  if (letters.length < 4 || !/[aeiouyäöüåéèáíóú]/iu.test(letters)) return 'fragment';
  return sure ? null : 'unsure';
}

/**
 * Whether a line may be quoted in listing copy. `lines` is everything read on the product: a
 * token read on another line too ('YOGHURT' on two faces of the pack) counts as read twice,
 * and a short token that is only part of a longer one read elsewhere ('ARTER' of 'STARTER')
 * is a fragment.
 */
export function plausibleLabelLine(line: TextLine, lines: readonly TextLine[]): boolean {
  if (BOILERPLATE.test(line.text)) return false;
  const tokens = tokensOf(line.text);
  if (tokens.length === 0) return false;
  const elsewhere = lines
    .filter((other) => other !== line)
    .flatMap((other) => tokensOf(other.text));
  // A brand is a name or two ('Arla NATURELL'); more unknown words are a sentence in another
  // language ('Questa confezione contiene 365 porzioni.'), which no English listing quotes.
  const unknown = tokens.filter((token) => !plainToken(token) && !knownWord(token));
  if (unknown.length > MAX_BRAND_TOKENS) return false;
  return tokens.every((token) => {
    const lower = token.toLowerCase();
    const readings = 1 + elsewhere.filter((other) => other.toLowerCase() === lower).length;
    const partOfLonger = elsewhere.some(
      (other) => other.length > token.length && other.toLowerCase().includes(lower),
    );
    if (partOfLonger && !plainToken(token) && !isEnglishWord(token)) return false;
    return tokenProblem(token, line.confidence, readings) === null;
  });
}
