import { describe, expect, it } from 'vitest';
import { seoDescriptionFrom, seoTitleFrom } from './seo';

describe('search engine listing', () => {
  it('takes the first title wording that fits 70 characters whole', () => {
    const long = `Polaroid ${'Instant '.repeat(8)}Camera`;
    expect(seoTitleFrom([long, 'Polaroid Instant Camera'])).toBe('Polaroid Instant Camera');
    const cut = seoTitleFrom([long]);
    expect(cut.length).toBeLessThanOrEqual(70);
    expect(cut.endsWith('…')).toBe(true);
    expect(seoTitleFrom(['', '  '])).toBe('');
  });

  it('writes the description on one line, as sentences, cut after a whole sentence', () => {
    expect(seoDescriptionFrom('A brown belt. Bring it home.\n\nType: Belt\nColour: brown')).toBe(
      'A brown belt. Bring it home. Type: Belt. Colour: brown.',
    );
    const sentence = 'A sturdy stoneware mug for hot drinks, glazed by hand in small batches.';
    const long = `${sentence} ${sentence} ${sentence} ${sentence} ${sentence}`;
    const fitted = seoDescriptionFrom(long);
    expect(fitted.length).toBeLessThanOrEqual(320);
    expect(fitted.endsWith('batches.')).toBe(true);
    expect(fitted).not.toMatch(/\n/);
    const oneSentence = seoDescriptionFrom(`${'word '.repeat(100)}end.`);
    expect(oneSentence.length).toBeLessThanOrEqual(320);
    expect(oneSentence.endsWith('…')).toBe(true);
  });
});
