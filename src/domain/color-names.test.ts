import { describe, expect, it } from 'vitest';
import {
  COLOR_NAMES,
  COLOR_PALETTE,
  areShades,
  nameColor,
  nameLabColor,
  titleCaseColor,
} from './color-names';
import { deltaE2000, labToRgb, parseHex, rgbToLab, toHex } from './color-space';

describe('colour space', () => {
  it('converts sRGB to CIELAB (D65) like the reference values', () => {
    const white = rgbToLab({ r: 255, g: 255, b: 255 });
    expect(white.l).toBeCloseTo(100, 1);
    expect(Math.abs(white.a) + Math.abs(white.b)).toBeLessThan(0.05);
    const red = rgbToLab({ r: 255, g: 0, b: 0 });
    expect([red.l, red.a, red.b].map((v) => Math.round(v))).toEqual([53, 80, 67]);
    expect(rgbToLab({ r: 0, g: 0, b: 0 }).l).toBeCloseTo(0, 5);
  });

  it('round-trips through CIELAB', () => {
    for (const hex of ['#000000', '#ffffff', '#1e56c8', '#d4af37', '#7b4b2a']) {
      expect(toHex(labToRgb(rgbToLab(parseHex(hex))))).toBe(hex);
    }
  });

  // Sharma, Wu & Dalal (2005), test pairs 1, 7 and 17 of their table.
  it.each([
    [{ l: 50, a: 2.6772, b: -79.7751 }, { l: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ l: 50, a: 0, b: 0 }, { l: 50, a: -1, b: 2 }, 2.3669],
    [{ l: 50, a: 2.5, b: 0 }, { l: 73, a: 25, b: -18 }, 27.1492],
  ])('CIEDE2000 matches the published value %#', (x, y, expected) => {
    expect(deltaE2000(x, y)).toBeCloseTo(expected, 4);
    expect(deltaE2000(y, x)).toBeCloseTo(expected, 4);
  });

  it('parses short and long hex and refuses the rest', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('1E56C8')).toEqual({ r: 30, g: 86, b: 200 });
    expect(() => parseHex('red')).toThrow();
  });
});

describe('nameColor', () => {
  it.each([
    ['#ff0000', 'red'],
    ['#d62828', 'red'],
    ['#800000', 'maroon'],
    ['#000000', 'black'],
    ['#111111', 'black'],
    ['#3c3b3f', 'charcoal'],
    ['#808080', 'grey'],
    ['#c0c0c0', 'silver'],
    ['#ffffff', 'white'],
    ['#fafafa', 'white'],
    ['#000080', 'navy'],
    ['#0000ff', 'blue'],
    ['#87ceeb', 'light blue'],
    ['#008080', 'teal'],
    ['#008000', 'green'],
    ['#808000', 'olive'],
    ['#ffff00', 'yellow'],
    ['#d4af37', 'gold'],
    ['#ffa500', 'orange'],
    ['#ffc0cb', 'pink'],
    ['#800080', 'purple'],
    ['#8b4513', 'brown'],
    ['#d2b48c', 'tan'],
  ] as const)('%s is %s', (hex, name) => {
    expect(nameColor(parseHex(hex))).toBe(name);
  });

  it('gives every palette anchor its own name', () => {
    for (const name of COLOR_NAMES) {
      for (const hex of COLOR_PALETTE[name]) {
        expect(nameLabColor(rgbToLab(parseHex(hex))), hex).toBe(name);
      }
    }
  });

  it('covers the common retail names', () => {
    expect(COLOR_NAMES).toEqual(
      expect.arrayContaining(['black', 'white', 'grey', 'silver', 'red', 'maroon', 'pink']),
    );
    expect(COLOR_NAMES).toEqual(
      expect.arrayContaining(['orange', 'brown', 'tan', 'beige', 'yellow', 'gold', 'olive']),
    );
    expect(COLOR_NAMES).toEqual(
      expect.arrayContaining(['green', 'teal', 'navy', 'blue', 'light blue', 'purple']),
    );
  });

  it('title-cases multi-word names', () => {
    expect(titleCaseColor('light blue')).toBe('Light Blue');
    expect(titleCaseColor('red')).toBe('Red');
  });

  it('groups shades of one colour but not different colours', () => {
    expect(areShades('black', 'charcoal')).toBe(true);
    expect(areShades('red', 'maroon')).toBe(true);
    expect(areShades('navy', 'light blue')).toBe(true);
    expect(areShades('red', 'white')).toBe(false);
    expect(areShades('black', 'white')).toBe(false);
    expect(areShades('black', 'grey')).toBe(false);
  });
});
