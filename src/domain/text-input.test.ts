import { describe, expect, it } from 'vitest';
import { hasControlCharacters, multiLineText, singleLineText } from './text-input';

describe('text input', () => {
  it('keeps a title on one line without control characters', () => {
    expect(singleLineText('Blue\u0000 Mug\r\nLarge\tSize\u001b[31m')).toBe(
      'Blue  Mug Large Size [31m',
    );
    expect(singleLineText('Café au lait')).toBe('Café au lait');
    expect(singleLineText('Mug\u2028Blue')).toBe('Mug Blue');
  });

  it('keeps line breaks and tabs in a description and drops other controls', () => {
    expect(multiLineText('Line one\r\nLine\u0000 two\rthree\tend\u0007')).toBe(
      'Line one\nLine two\nthree\tend',
    );
  });

  it('composes accents so the same word is stored the same way', () => {
    expect(singleLineText('Cafe\u0301')).toBe('Café');
  });

  it('finds control characters', () => {
    expect(hasControlCharacters('ann\u0000')).toBe(true);
    expect(hasControlCharacters('Ann Smith')).toBe(false);
  });
});
