/**
 * Common retail colour names for measured colours: what a seller would write in a listing
 * ("navy", "tan", "light blue"), not CSS's 140 names ("peru", "darkslategray").
 *
 * Each name has a few anchor colours spread over the range shoppers call by that name; a colour
 * gets the name of its nearest anchor by CIEDE2000 in CIELAB. Several anchors per name keep
 * broad names (grey, green, brown) from losing their edges to narrow neighbours.
 */
import { deltaE2000, parseHex, rgbToLab, type Lab, type Rgb } from './color-space';

export const COLOR_PALETTE = {
  black: ['#000000', '#1c1c1c'],
  charcoal: ['#3a3a3c', '#36393d', '#404040'],
  grey: ['#5e5e5e', '#6e6e6e', '#8c8c8c', '#7a7d80'],
  silver: ['#c0c0c0', '#b0b4b8', '#a9a9a9'],
  white: ['#ffffff', '#f2f2f2', '#e6e6e6'],
  cream: ['#fffdd0', '#f5ecd0', '#efe3c2'],
  beige: ['#e1c699', '#d9c4a7', '#c8b69a'],
  tan: ['#d2b48c', '#c19a6b', '#b08d62'],
  brown: ['#7b4b2a', '#5c3a21', '#964b00', '#3e2a1e', '#8b5a2b', '#a0522d', '#7a3b22'],
  red: ['#c81e1e', '#e03131', '#b22222', '#d0312d'],
  maroon: ['#800020', '#6d0f1a', '#5e1224'],
  pink: ['#ffb6c1', '#f06eaa', '#e75480', '#f4a6b8'],
  orange: ['#ff8c00', '#f26b1d', '#e8751a'],
  yellow: ['#f5d90a', '#ffeb3b', '#fff176', '#f2c511'],
  gold: ['#d4af37', '#c9a227', '#b8860b', '#a67c00'],
  olive: ['#6b6b23', '#808000', '#556b2f'],
  green: ['#2e8b57', '#228b22', '#3cb043', '#1b5e20', '#4f7942'],
  'light green': ['#90ee90', '#a8d5a2', '#b2d8a0'],
  teal: ['#008080', '#00796b', '#006d6f'],
  turquoise: ['#40e0d0', '#30c5c5', '#48d1cc'],
  navy: ['#1f2a44', '#000080', '#14213d', '#232b4e'],
  blue: ['#1e56c8', '#2f6fd6', '#0047ab', '#4169e1'],
  'light blue': ['#a7c7e7', '#87ceeb', '#9ecbf0'],
  purple: ['#6a2c91', '#800080', '#5b2a86', '#7b3f9e'],
  lavender: ['#b9a7d8', '#c8a2c8', '#d6c6e8'],
} as const satisfies Record<string, readonly string[]>;

export type ColorName = keyof typeof COLOR_PALETTE;

export const COLOR_NAMES = Object.keys(COLOR_PALETTE) as ColorName[];

/** Names without a hue: they pair with anything ("red and white") and suit no colour tag alone. */
export const NEUTRAL_COLOR_NAMES: ReadonlySet<ColorName> = new Set([
  'black',
  'charcoal',
  'grey',
  'silver',
  'white',
]);

/**
 * Shades a listing would not name side by side ("Black and Charcoal", "Red and Maroon" read as
 * one colour in its light and shadow). Neutrals only group with their neighbours in lightness.
 */
const COLOR_FAMILIES: readonly (readonly ColorName[])[] = [
  ['black', 'charcoal'],
  ['charcoal', 'grey'],
  ['grey', 'silver'],
  ['silver', 'white'],
  ['white', 'cream'],
  ['red', 'maroon'],
  ['cream', 'beige', 'tan', 'brown'],
  ['yellow', 'gold'],
  ['olive', 'green', 'light green'],
  ['teal', 'turquoise'],
  ['navy', 'blue', 'light blue'],
  ['purple', 'lavender'],
];

/** Whether two names are shades of one colour (see COLOR_FAMILIES); a name is its own shade. */
export function areShades(a: ColorName, b: ColorName): boolean {
  return a === b || COLOR_FAMILIES.some((family) => family.includes(a) && family.includes(b));
}

interface Anchor {
  name: ColorName;
  lab: Lab;
}

const ANCHORS: readonly Anchor[] = COLOR_NAMES.flatMap((name) =>
  COLOR_PALETTE[name].map((hex) => ({ name, lab: rgbToLab(parseHex(hex)) })),
);

/** The retail name of a colour given in CIELAB. */
export function nameLabColor(lab: Lab): ColorName {
  let best = ANCHORS[0]!;
  let bestDistance = Infinity;
  for (const anchor of ANCHORS) {
    const distance = deltaE2000(lab, anchor.lab);
    if (distance < bestDistance) {
      best = anchor;
      bestDistance = distance;
    }
  }
  return best.name;
}

/** The retail name of an sRGB colour (0–255 per channel). */
export function nameColor(rgb: Rgb): ColorName {
  return nameLabColor(rgbToLab(rgb));
}

/** "light blue" → "Light Blue", for titles. */
export function titleCaseColor(name: ColorName): string {
  return name.replace(/\b\p{Ll}/gu, (letter) => letter.toUpperCase());
}
