/**
 * The words of a local draft, written from evidence only. Every claim maps to a measurement
 * (colour shares, background, orientation, sharpness, brightness); what the pixels cannot tell
 * (what the product is, brand, material, size, condition) is asked of the seller instead.
 *
 * Each field has several wordings in a fixed order; regenerate cycles through them, so the
 * same photo always gives the same texts in the same order.
 */
import { NEUTRAL_COLOR_NAMES, areShades, titleCaseColor } from '../../../../domain/color-names.js';
import type { ColorShare, ListingEvidence, PhotoEvidence } from './evidence.js';

/** Colours named in a title or sentence must cover at least this share of the product. */
const NAMED_SHARE = 0.15;
/** At most this many colours in a title: more reads as noise. */
const TITLE_COLORS = 3;
/** A main colour covering this much of the product makes it "solid". */
const SOLID_SHARE = 0.85;
const MOSTLY_SHARE = 0.5;

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The colours worth naming in words: large enough, largest first, and not a shade of one named
 * before it (a black T-shirt's charcoal folds are still a black T-shirt).
 */
function named(colors: readonly ColorShare[]): ColorShare[] {
  const main: ColorShare[] = [];
  for (const color of colors) {
    if (color.share < NAMED_SHARE && main.length > 0) break;
    if (main.some((kept) => areShades(kept.name, color.name))) continue;
    main.push(color);
    if (main.length === TITLE_COLORS) break;
  }
  return main;
}

function titleColors(colors: readonly ColorShare[]): string {
  return joinWords(named(colors).map((color) => titleCaseColor(color.name)));
}

function lowerColors(colors: readonly ColorShare[]): string {
  return joinWords(named(colors).map((color) => color.name));
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** Title wordings, best first. Colours only: the background belongs in description and alt text. */
export function titleWordings({ photo }: ListingEvidence): string[] {
  const colors = named(photo.colors);
  const all = titleColors(photo.colors);
  const [main, second] = colors;
  const wordings: string[] = [];
  if (!main) return ['Untitled Item', 'Item'];
  wordings.push(`${all} Item`);
  if (colors.length === 1) {
    wordings.push(
      main.share >= SOLID_SHARE
        ? `Solid ${titleCaseColor(main.name)} Item`
        : `Mostly ${titleCaseColor(main.name)} Item`,
    );
  } else if (second && colors.length === 2 && second.share >= 0.3) {
    wordings.push(`Two-Tone ${all} Item`);
  } else {
    const rest = joinWords(colors.slice(1).map((color) => titleCaseColor(color.name)));
    wordings.push(`${titleCaseColor(main.name)} Item with ${rest} Accents`);
  }
  wordings.push(`Item in ${all}`, `${all} Product`);
  return [...new Set(wordings)];
}

function colorSentence(photo: PhotoEvidence): string {
  const [main, ...others] = named(photo.colors);
  if (!main) return 'No clear colour stands out in the photo.';
  const rest = joinWords(others.map((color) => color.name));
  const where =
    photo.colorRegion === 'subject'
      ? 'In the photo, the item is'
      : 'The background is busy, so colours were read from the middle of the photo, which is';
  if (main.share >= SOLID_SHARE && others.length === 0) return `${where} solid ${main.name}.`;
  if (main.share >= MOSTLY_SHARE) {
    return others.length > 0
      ? `${where} mostly ${main.name}, with some ${rest}.`
      : `${where} mostly ${main.name}.`;
  }
  return `${where} a mix of ${lowerColors(photo.colors)}.`;
}

function backgroundPhrase(photo: PhotoEvidence): string {
  return photo.background.kind === 'plain'
    ? `a plain ${photo.background.color} background`
    : 'a busy background';
}

function photoSentence(photo: PhotoEvidence): string {
  const shot = photo.orientation === 'square' ? 'square' : photo.orientation;
  return `It is shown in ${article(shot)} ${shot} photo on ${backgroundPhrase(photo)}.`;
}

/** Advice on the photo itself, only when a measurement calls for it. */
function photoAdvice(photo: PhotoEvidence): string[] {
  const advice: string[] = [];
  if (photo.sharpness.level === 'soft') {
    advice.push('The photo looks slightly soft; a sharper one would show buyers more detail.');
  }
  if (photo.brightness.level === 'dark') {
    advice.push('The photo is quite dark; more light would show the true colours.');
  }
  return advice;
}

const ASK_SELLER =
  'Before publishing, add what the item is, its brand, material, size and condition: none of these can be told from the photo alone.';
const ASK_SELLER_LIST =
  'Still to add: what the item is, the brand, the material, the size and the condition. Buyers look for these, and the photo cannot show them.';
const ASK_SELLER_SHORT =
  'Tell buyers what this is and describe its brand, material, size and condition; the photo alone does not show them.';

function paragraphs(...blocks: (string | string[])[]): string {
  return blocks
    .map((block) => (Array.isArray(block) ? block.join(' ') : block))
    .filter((block) => block !== '')
    .join('\n\n');
}

/** Description wordings, best first: plain paragraphs separated by one blank line. */
export function descriptionWordings({ photo }: ListingEvidence): string[] {
  const colors = colorSentence(photo);
  const shot = photoSentence(photo);
  const advice = photoAdvice(photo);
  const list = lowerColors(photo.colors);
  const capitalised = list.charAt(0).toUpperCase() + list.slice(1);
  return [
    paragraphs([colors, shot], advice, ASK_SELLER),
    paragraphs(ASK_SELLER_LIST, [`Colours seen in the photo: ${list}.`, shot], advice),
    paragraphs(
      [`${capitalised}, photographed on ${backgroundPhrase(photo)}.`, ...advice],
      ASK_SELLER_SHORT,
    ),
  ];
}

export function altTextFor({ photo }: ListingEvidence): string {
  const list = lowerColors(photo.colors);
  const subject = list === '' ? 'Item' : `${list.charAt(0).toUpperCase()}${list.slice(1)} item`;
  return `${subject} on ${backgroundPhrase(photo)}`;
}

/** Colour tags: every named colour, plus "multicolour" when three or more share the product. */
export function tagsFor({ photo }: ListingEvidence): string[] {
  const tags: string[] = photo.colors.map((color) => color.name);
  const hued = photo.colors.filter(
    (color) => color.share >= NAMED_SHARE && !NEUTRAL_COLOR_NAMES.has(color.name),
  );
  if (named(photo.colors).length >= 3 && hued.length >= 2) tags.push('multicolour');
  return tags;
}

/**
 * The next wording after `current` in the cycle; when the seller's text is none of them, the
 * first wording that differs from it.
 */
export function nextWording(wordings: readonly string[], current: string): string {
  const normalized = current.trim();
  const index = wordings.findIndex((wording) => wording === normalized);
  const start = index === -1 ? 0 : index + 1;
  for (let step = 0; step < wordings.length; step++) {
    const candidate = wordings[(start + step) % wordings.length]!;
    if (candidate !== normalized) return candidate;
  }
  throw new Error('no wording differs from the current text');
}
