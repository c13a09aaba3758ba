import { describe, expect, it } from 'vitest';
import {
  hasControlCharacters,
  hasVisibleText,
  isFitAccountName,
  multiLineText,
  singleLineText,
} from './text-input';

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

  it('drops invisible format characters: bidi overrides and isolates, zero-width space, BOM', () => {
    const hostile = '\ufeffMug\u202egpj.exe\u202c \u200bBlue\u2066x\u2069\u200e\u2060';
    expect(singleLineText(hostile)).toBe('Muggpj.exe Bluex');
    expect(multiLineText(`Line\u202e one\n\u200bTwo\ufeff`)).toBe('Line one\nTwo');
    // Joiners stay: they hold emoji sequences and many scripts together.
    expect(singleLineText('👩\u200d💻 desk')).toBe('👩\u200d💻 desk');
  });

  it('tells text a person can see from blank text', () => {
    expect(hasVisibleText('Mug')).toBe(true);
    for (const blank of ['', '   ', '\u00a0\u3000', '\u200d', '\t ']) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
  });

  it('accepts an account name a person would type and refuses everything else', () => {
    for (const name of ['ada', 'Ann-Marie O’Neil', 'jo.smith+shop', 'Zoë', 'a'.repeat(100)]) {
      expect(isFitAccountName(name), name).toBe(true);
    }
    for (const name of [
      '',
      '   ',
      'x'.repeat(101),
      'ann\u0000',
      'ann\r\nBcc: x',
      'ann\u202eeve',
      'an\u200bn',
      '\ufeffann',
      '<script>alert(1)</script>',
      42,
      null,
    ]) {
      expect(isFitAccountName(name), JSON.stringify(name)).toBe(false);
    }
  });
});
