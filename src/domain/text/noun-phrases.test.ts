import { describe, expect, it } from 'vitest';
import { withoutPluralTwins } from './noun-phrases';

describe('withoutPluralTwins', () => {
  it('keeps the first form of a noun and drops its singular or plural twin', () => {
    expect(withoutPluralTwins(['belt', 'belts', 'brown', 'leather'])).toEqual([
      'belt',
      'brown',
      'leather',
    ]);
    expect(withoutPluralTwins(['watches', 'gold watch', 'watch'])).toEqual([
      'watches',
      'gold watch',
    ]);
    expect(withoutPluralTwins(['hoodies', 'hoodie', 'tape measure', 'tape measures'])).toEqual([
      'hoodies',
      'tape measure',
    ]);
  });

  it('leaves different nouns alone, pair nouns included', () => {
    expect(withoutPluralTwins(['sunglasses', 'scissors', 'mug', 'mugs set', 'red'])).toEqual([
      'sunglasses',
      'scissors',
      'mug',
      'mugs set',
      'red',
    ]);
  });
});
