/** Which OCR lines count as text, in which order, and which reading wins (no model needed). */
import { describe, expect, it } from 'vitest';
import {
  MIN_CONFIDENCE,
  keptLines,
  readingScore,
} from '#server/vision/providers/local/analyzer/text-reader.js';

const box = (x: number, y: number): [number, number][] => [
  [x, y],
  [x + 50, y],
  [x + 50, y + 10],
  [x, y + 10],
];

describe('keptLines', () => {
  it('drops fragments under 3 letters or digits and unsure lines, whatever their length', () => {
    const lines = keptLines([
      { text: '9', mean: 0.91, box: box(0, 0) },
      { text: '00', mean: 0.9, box: box(0, 20) },
      { text: '-.-', mean: 0.99, box: box(0, 30) },
      { text: '55666', mean: 0.75, box: box(0, 40) },
      { text: 'SOLMO', mean: 0.99, box: box(0, 50) },
      { text: '净化器', mean: 0.95, box: box(0, 60) },
    ]);
    expect(lines).toEqual([
      { text: 'SOLMO', confidence: 0.99 },
      { text: '净化器', confidence: 0.95 },
    ]);
    expect(MIN_CONFIDENCE).toBeGreaterThan(0.75);
  });

  it('orders lines top to bottom, then left to right, with whitespace tidied', () => {
    const lines = keptLines([
      { text: '365 Capsules', mean: 0.99, box: box(200, 300) },
      { text: '  High   Strength ', mean: 0.99, box: box(10, 100) },
      { text: 'Vitamin E', mean: 0.99, box: box(300, 100) },
      { text: 'SOLMO', mean: 0.99, box: box(10, 20) },
    ]);
    expect(lines.map((line) => line.text)).toEqual([
      'SOLMO',
      'High Strength',
      'Vitamin E',
      '365 Capsules',
    ]);
  });
});

describe('readingScore', () => {
  it('weighs letters and digits by confidence, so a clear label beats a stray word', () => {
    const label = [
      { text: 'Crisp Almond Cookies', confidence: 0.97 },
      { text: 'BASTONCINI', confidence: 0.97 },
    ];
    const stray = [{ text: 'HUQING', confidence: 0.85 }];
    expect(readingScore(label)).toBeGreaterThan(readingScore(stray));
    expect(readingScore([])).toBe(0);
    expect(readingScore([{ text: 'A-B C', confidence: 1 }])).toBe(3);
  });
});
