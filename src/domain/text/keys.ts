/**
 * Words as lookups compare them: the meaningful words of a text, each with its key (the stem,
 * ./plurals.ts), so 'Tape Measures' and 'tape measure' are the same phrase. Both sides of a
 * comparison must be read with the same WordOptions.
 */
import { stem } from './plurals';
import { isStopWord, wordsOf, type WordOptions } from './words';

export interface KeyedWord {
  /** The word as written, folded ('cookies'). */
  word: string;
  /** What it is compared by ('cooki'). */
  key: string;
}

/** The words of a text in order, stop words dropped, each with its key. */
export function keyedWords(text: string, options?: WordOptions): KeyedWord[] {
  return wordsOf(text, options)
    .filter((word) => !isStopWord(word))
    .map((word) => ({ word, key: stem(word) }));
}

/** A phrase as a lookup key: its words' keys joined by single spaces. */
export function phraseKey(text: string, options?: WordOptions): string {
  return keyedWords(text, options)
    .map(({ key }) => key)
    .join(' ');
}
