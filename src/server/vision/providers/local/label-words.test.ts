import { describe, expect, it } from 'vitest';
import type { TextLine } from './evidence.js';
import { plausibleLabelLine } from './label-words.js';

const read = (text: string, confidence = 0.9): TextLine => ({ text, confidence });
const alone = (line: TextLine) => plausibleLabelLine(line, [line]);

describe('label text that may reach listing copy (issue 24)', () => {
  it('keeps real words, numbers and measures', () => {
    expect(alone(read('High Strength'))).toBe(true);
    expect(alone(read('Vitamin E 268 mg'))).toBe(true);
    expect(alone(read('365 Capsules'))).toBe(true);
    expect(alone(read('orange 100%'))).toBe(true);
    expect(alone(read('I-TYPE CAMERA'))).toBe(true);
  });

  it('leaves out the garbled fragments OCR read on the issue’s photos', () => {
    expect(alone(read("GOD' MOR", 0.94))).toBe(false);
    expect(alone(read('allMlandorla', 0.97))).toBe(false);
    expect(alone(read('Tuxraint', 0.9))).toBe(false);
    expect(alone(read('A.rla', 0.91))).toBe(false);
    expect(alone(read('fntera2017', 0.86))).toBe(false);
  });

  it('leaves out web boilerplate, though it is real words', () => {
    expect(alone(read('Powered by Ruby on Rails.', 0.98))).toBe(false);
    expect(alone(read('www.example.com', 0.99))).toBe(false);
  });

  it('keeps a brand-like name read with high confidence or on two lines', () => {
    expect(alone(read('Polaroid', 0.98))).toBe(true);
    expect(alone(read('SOLIDUS', 0.96))).toBe(true);
    // Read once, not surely: it may be a misreading.
    expect(alone(read('Tropicana', 0.92))).toBe(false);
    const twice = [read('NATURELL', 0.9), read('Arla NATURELL', 0.9)];
    expect(plausibleLabelLine(twice[0]!, twice)).toBe(true);
  });

  it('leaves out a short fragment of a longer word read elsewhere', () => {
    const lines = [read('TER', 0.97), read('STARTER.', 0.97)];
    expect(plausibleLabelLine(lines[0]!, lines)).toBe(false);
    expect(plausibleLabelLine(lines[1]!, lines)).toBe(true);
    // Too short to be a brand on its own, and no word.
    expect(alone(read('TER', 0.99))).toBe(false);
  });

  it('keeps a single letter, a number and a unit also read inside a longer token', () => {
    // The vitamin tub: 'E268mg' on the French line is no reason to drop 'Vitamin E 268 mg'.
    const lines = [read('Vitamin E 268 mg', 0.99), read('FR Vitamine E268mg', 0.98)];
    expect(plausibleLabelLine(lines[0]!, lines)).toBe(true);
  });

  it('leaves out a sentence in another language, though read surely', () => {
    expect(alone(read('Questa confezione contiene 365 porzioni.', 0.99))).toBe(false);
    expect(alone(read('Fabricado en el Reino Unido.', 1))).toBe(false);
    expect(alone(read('Arla NATURELL', 0.97))).toBe(true);
  });

  it('keeps a name whose inner capitals join real words', () => {
    expect(alone(read('PlayStation', 0.9))).toBe(true);
  });
});
