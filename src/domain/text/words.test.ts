import { describe, expect, it } from 'vitest';
import { keyedWords, phraseKey } from './keys';
import { foldText, wordsOf } from './words';

describe('text words', () => {
  it('folds case, accents and "&"', () => {
    expect(foldText('Crème Brûlée & Co')).toBe('creme brulee  and  co');
  });

  it('splits hyphenated words unless asked to keep them whole', () => {
    expect(wordsOf('Apparel & Accessories > T-Shirts')).toEqual([
      'apparel',
      'and',
      'accessories',
      't',
      'shirts',
    ]);
    expect(wordsOf('  -Two-tone- T-SHIRT!', { keepHyphens: true })).toEqual([
      'two-tone',
      't-shirt',
    ]);
  });

  it('drops stop words and keys the rest by their stem', () => {
    expect(keyedWords('Box of Cookies')).toEqual([
      { word: 'box', key: 'box' },
      { word: 'cookies', key: 'cooki' },
    ]);
    expect(phraseKey('Hoodies')).toBe(phraseKey('hoodie'));
    expect(phraseKey('Tape Measures')).toBe(phraseKey('tape measure'));
    expect(phraseKey('Other Knives & Forks')).toBe(phraseKey('knife fork'));
  });
});
