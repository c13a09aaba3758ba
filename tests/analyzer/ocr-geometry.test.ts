/** The OCR pipeline's pure parts: text regions, boxes at an angle, unclip and CTC decoding. */
import { describe, expect, it } from 'vitest';
import {
  corners,
  minAreaRect,
  textBoxes,
  textRegions,
  unclip,
  type Point,
} from '#server/vision/providers/local/analyzer/ocr-detection.js';
import { joinRows } from '#server/vision/providers/local/analyzer/ocr-engine.js';
import { ctcDecode } from '#server/vision/providers/local/analyzer/ocr-recognition.js';

/** A probability map with `value` inside each listed rectangle [left, top, right, bottom). */
function map(width: number, height: number, rects: [number, number, number, number, number][]) {
  const data = new Float32Array(width * height);
  for (const [left, top, right, bottom, value] of rects) {
    for (let y = top; y < bottom; y++)
      for (let x = left; x < right; x++) data[y * width + x] = value;
  }
  return data;
}

const rounded = (points: readonly Point[]) =>
  points.map(([x, y]) => [+x.toFixed(3), +y.toFixed(3)]);

describe('textRegions', () => {
  it('finds 8-connected regions above the threshold, with their mean probability', () => {
    const probabilities = map(12, 6, [
      [1, 1, 4, 3, 0.9],
      [4, 3, 5, 4, 0.5], // touches the first region at a corner only: still the same region
      [8, 1, 11, 5, 0.7],
      [0, 5, 2, 6, 0.15], // below the threshold
    ]);
    const regions = textRegions(probabilities, 12, 6);
    expect(regions).toHaveLength(2);
    expect(regions[0]!.score).toBeCloseTo((6 * 0.9 + 0.5) / 7, 5);
    expect(regions[1]!.score).toBeCloseTo(0.7, 5);
    const hull = minAreaRect(regions[1]!.outline);
    expect([hull.width, hull.height].sort()).toEqual([3, 4]);
  });
});

describe('minAreaRect and corners', () => {
  it('fits a tilted line tightly and orders its corners in reading order', () => {
    // A 40 × 10 rectangle turned 30° clockwise (in image coordinates, y down) around (50, 50).
    const angle = Math.PI / 6;
    const [cx, cy, ux, uy] = [50, 50, Math.cos(angle), Math.sin(angle)];
    const points: Point[] = [];
    for (let s = -20; s <= 20; s += 2) {
      for (const t of [-5, 5]) points.push([cx + s * ux - t * uy, cy + s * uy + t * ux]);
    }
    const rect = minAreaRect(points);
    expect(rect.width * rect.height).toBeCloseTo(400, 3);
    const [topLeft, topRight, bottomRight, bottomLeft] = corners(rect);
    expect(rounded([topLeft])).toEqual(rounded([[cx - 20 * ux + 5 * uy, cy - 20 * uy - 5 * ux]]));
    expect(topRight[0]).toBeGreaterThan(topLeft[0]);
    expect(topRight[1]).toBeGreaterThan(topLeft[1]); // reading downhill, as the line runs
    expect(Math.hypot(topRight[0] - topLeft[0], topRight[1] - topLeft[1])).toBeCloseTo(40, 3);
    expect(Math.hypot(bottomLeft[0] - topLeft[0], bottomLeft[1] - topLeft[1])).toBeCloseTo(10, 3);
    expect(bottomRight[1]).toBeGreaterThan(topRight[1]);
  });
});

describe('unclip', () => {
  it('grows every side by area × ratio / perimeter', () => {
    const rect = { cx: 10, cy: 5, width: 40, height: 10, ux: 1, uy: 0 };
    // 400 × 1.5 / 100 = 6 on each side.
    expect(unclip(rect, 1.5)).toEqual({ ...rect, width: 52, height: 22 });
  });
});

describe('textBoxes', () => {
  it('keeps confident regions, grown and scaled to the image, top to bottom', () => {
    const probabilities = map(32, 32, [
      [4, 20, 24, 24, 0.9], // a line lower down
      [4, 4, 24, 8, 0.95], // a line at the top
      [28, 4, 30, 30, 0.9], // 2 px wide: too thin
      [4, 12, 24, 16, 0.4], // above the pixel threshold but not confident enough
    ]);
    const boxes = textBoxes(probabilities, { width: 32, height: 32 }, { width: 64, height: 64 });
    expect(boxes).toHaveLength(2);
    // 20 × 4 grown by 80 × 1.8 / 48 = 3 on each side, then doubled.
    expect(rounded(boxes[0]!)).toEqual([
      [2, 2],
      [54, 2],
      [54, 22],
      [2, 22],
    ]);
    expect(boxes[1]![0][1]).toBeCloseTo(34, 5);
  });
});

describe('ctcDecode', () => {
  const alphabet = ['a', 'b', ' '];
  /** One step per entry: [class, its probability]; the rest of the step shares what is left. */
  function steps(best: [number, number][]) {
    const data = new Float32Array(best.length * 4);
    best.forEach(([k, p], step) => {
      for (let c = 0; c < 4; c++) data[step * 4 + c] = c === k ? p : (1 - p) / 3;
    });
    return data;
  }

  it('collapses repeats, drops blanks and averages the kept characters’ probabilities', () => {
    const data = steps([
      [1, 0.9],
      [1, 0.5],
      [0, 0.99],
      [1, 0.7],
      [3, 0.8],
      [2, 0.6],
      [2, 0.9],
    ]);
    const line = ctcDecode(data, 0, 7, 4, alphabet);
    expect(line.text).toBe('aa b');
    expect(line.confidence).toBeCloseTo((0.9 + 0.7 + 0.8 + 0.6) / 4, 5);
  });

  it('reads a line at an offset in the batch, and gives 0 confidence to an empty line', () => {
    const data = steps([
      [0, 0.9],
      [0, 0.9],
      [2, 0.8],
      [0, 0.9],
    ]);
    expect(ctcDecode(data, 0, 2, 4, alphabet)).toEqual({ text: '', confidence: 0 });
    expect(ctcDecode(data, 8, 2, 4, alphabet).text).toBe('b');
  });
});

describe('joinRows', () => {
  const quad = (left: number, top: number, right: number, bottom: number) =>
    [
      [left, top],
      [right, top],
      [right, bottom],
      [left, bottom],
    ] as [Point, Point, Point, Point];

  it('joins close boxes on one row left to right, rows top to bottom', () => {
    const lines = joinRows([
      { text: '268 mg', confidence: 0.9, box: quad(120, 52, 180, 70) },
      { text: 'I-TYPE', confidence: 0.9, box: quad(200, 50, 280, 70) }, // 20 px off: apart
      { text: 'Step2', confidence: 0.9, box: quad(10, 100, 60, 120) }, // under the next: apart
      { text: 'One', confidence: 0.9, box: quad(10, 85, 40, 100) },
      { text: 'SOLMO', confidence: 1, box: quad(10, 0, 100, 20) },
      { text: 'Vitamin E', confidence: 0.8, box: quad(10, 50, 110, 70) },
    ]);
    expect(lines.map(({ text, mean }) => [text, +mean.toFixed(3)])).toEqual([
      ['SOLMO', 1],
      ['Vitamin E 268 mg', 0.85],
      ['I-TYPE', 0.9],
      ['One', 0.9],
      ['Step2', 0.9],
    ]);
    // From the first box's left side to the last box's right side.
    expect(lines[1]!.box).toEqual([
      [10, 50],
      [180, 52],
      [180, 70],
      [10, 70],
    ]);
  });
});
