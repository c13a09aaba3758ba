/** The colours a draft names, and how it names them in titles and sentences. */
import { areShades, titleCaseColor } from '#domain/color-names.js';
import { singularNoun } from '#domain/text/noun-phrases.js';
import type { ColorShare, PhotoEvidence } from './evidence.js';

/** Colours named in a title or sentence must cover at least this share of the product. */
export const NAMED_SHARE = 0.15;
/** At most this many colours in a title: more reads as noise. */
const TITLE_COLORS = 3;
/** A main colour covering this much of the product makes it "solid". */
const SOLID_SHARE = 0.85;

export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The colours worth naming in words: large enough, largest first, and not a shade of one named
 * before it (a black T-shirt's charcoal folds are still a black T-shirt).
 */
export function named(colors: readonly ColorShare[]): ColorShare[] {
  const main: ColorShare[] = [];
  for (const color of colors) {
    if (color.share < NAMED_SHARE && main.length > 0) break;
    if (main.some((kept) => areShades(kept.name, color.name))) continue;
    main.push(color);
    if (main.length === TITLE_COLORS) break;
  }
  return main;
}

/** 'Red and Black', for titles. */
export function titleColors(colors: readonly ColorShare[]): string {
  return joinWords(named(colors).map((color) => titleCaseColor(color.name)));
}

/** 'red and black', for sentences and alt text. */
export function lowerColors(colors: readonly ColorShare[]): string {
  return joinWords(named(colors).map((color) => color.name));
}

/** Whether one colour covers nearly all of the product. */
export function isSolid(colors: readonly ColorShare[]): boolean {
  const main = named(colors);
  return main.length === 1 && main[0]!.share >= SOLID_SHARE;
}

/** Colour words in front of a noun: 'solid red', 'red and black', or '' when none stands out. */
export function colourAdjectives(colors: readonly ColorShare[]): string {
  const list = lowerColors(colors);
  return isSolid(colors) ? `solid ${list}` : list;
}

/** Whether a colour worth naming is a word of the noun ('orange' and 'oranges'): said once. */
export function colourInNoun(colors: readonly ColorShare[], noun: string): boolean {
  const words = noun
    .toLowerCase()
    .split(/[\s-]+/)
    .flatMap((word) => [word, singularNoun(word)]);
  return named(colors).some((color) => words.includes(color.name));
}

/** A colour is stated in the copy only when it covers this much of the product … */
const CONFIDENT_SHARE = 0.3;
/** … the colours stated cover this much together (else the palette is too mixed to say) … */
const CONFIDENT_COVER = 0.5;
/** … and the background was this even around the product the colours were read from. */
const CONFIDENT_BACKGROUND = 0.9;

/**
 * The colours measured with confidence, which the copy may state as facts: read from the product
 * itself on a plain, even background, and large, clear shares. A chrome wrench's reflections (a
 * little beige beside its silver) or a busy photo's middle are suggested attributes only.
 */
export function confidentColours(photo: PhotoEvidence): ColorShare[] {
  const { background, colorRegion, colors } = photo;
  if (colorRegion !== 'subject' || background.uniformity < CONFIDENT_BACKGROUND) return [];
  const clear = colors.filter((color) => color.share >= CONFIDENT_SHARE);
  const cover = clear.reduce((sum, color) => sum + color.share, 0);
  return cover >= CONFIDENT_COVER ? clear : [];
}
