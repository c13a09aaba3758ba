// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { phraseKey, singular } from './label-words.js';

describe('label words', () => {
  it('gives the singular a title can use', () => {
    expect(['hats', 'watches', 'batteries', 'cherries', 'glasses'].map(singular)).toEqual([
      'hat',
      'watch',
      'battery',
      'cherry',
      'glass',
    ]);
    // Nouns ending in -ie keep it ('Hoodies' is not a shelf of 'hoodys').
    expect(['hoodies', 'neckties', 'cookies', 'beanies', 'ties'].map(singular)).toEqual([
      'hoodie',
      'necktie',
      'cookie',
      'beanie',
      'tie',
    ]);
  });

  it('compares singular and plural as the same word', () => {
    expect(phraseKey('Hoodies')).toBe(phraseKey('hoodie'));
    expect(phraseKey('Tape Measures')).toBe(phraseKey('tape measure'));
  });
});
