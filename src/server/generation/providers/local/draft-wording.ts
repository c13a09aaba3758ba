/**
 * The words of a local draft, written from its facts only (draft-facts.ts): label text as read,
 * the product noun when the category is sure enough, colour shares, background and photo
 * measurements. What the evidence cannot tell (material, size, condition; the brand and what
 * the item is when no label or class says so) is asked of the seller instead.
 *
 * Each field has several wordings in a fixed order; regenerate cycles through them, so the
 * same photo always gives the same texts in the same order.
 */
import { NEUTRAL_COLOR_NAMES, areShades, titleCaseColor } from '#domain/color-names.js';
import { stem } from '#domain/text/plurals.js';
import { wordsOf } from '#domain/text/words.js';
import type { DraftFacts } from './draft-facts.js';
import type { ColorShare, PhotoEvidence } from './evidence.js';

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

/** 'backpack' → 'Backpack', 't-shirt' → 'T-Shirt', 'LED bulb' → 'LED Bulb'. */
function titleCaseNoun(noun: string): string {
  return noun.replace(
    /(^|[\s-])(\p{Ll})/gu,
    (_, before: string, first: string) => `${before}${first.toUpperCase()}`,
  );
}

/** Whether the label text already names the product ('I-Type Camera' for 'instant camera'). */
function mentions(text: string, noun: string): boolean {
  const head = wordsOf(noun, { keepHyphens: true }).at(-1);
  return (
    head !== undefined &&
    wordsOf(text, { keepHyphens: true }).some((word) => stem(word) === stem(head))
  );
}

/**
 * Label text followed by the noun, without saying a word twice where the label ends as the
 * noun begins ('Upro Soya' + 'Soya Product' → 'Upro Soya Product').
 */
function withNoun(label: string, noun: string): string {
  if (mentions(label, noun)) return label;
  const labelWords = label.toLowerCase().split(' ');
  const nounWords = noun.split(' ');
  let overlap = Math.min(labelWords.length, nounWords.length - 1);
  while (
    overlap > 0 &&
    labelWords.slice(-overlap).join(' ') !== nounWords.slice(0, overlap).join(' ').toLowerCase()
  ) {
    overlap--;
  }
  return [label, ...nounWords.slice(overlap)].join(' ');
}

function colourWordings(photo: PhotoEvidence, thing: string): string[] {
  const colors = named(photo.colors);
  const all = titleColors(photo.colors);
  const [main, second] = colors;
  if (!main) return [thing];
  const wordings = [`${all} ${thing}`];
  if (colors.length === 1) {
    wordings.push(
      main.share >= SOLID_SHARE
        ? `Solid ${titleCaseColor(main.name)} ${thing}`
        : `Mostly ${titleCaseColor(main.name)} ${thing}`,
    );
  } else if (second && colors.length === 2 && second.share >= 0.3) {
    wordings.push(`Two-Tone ${all} ${thing}`);
  } else {
    const rest = joinWords(colors.slice(1).map((color) => titleCaseColor(color.name)));
    wordings.push(`${titleCaseColor(main.name)} ${thing} with ${rest} Accents`);
  }
  wordings.push(`${thing} in ${all}`);
  return wordings;
}

/**
 * Title wordings, best first: label words and product noun when there are any, then colour
 * and noun, then colours alone. The background belongs in description and alt text.
 */
export function titleWordings(facts: DraftFacts): string[] {
  const { photo } = facts.evidence;
  const noun = facts.noun === null ? null : titleCaseNoun(facts.noun);
  const label = facts.titleLabel.join(' ');
  const wordings: string[] = [];
  if (label !== '') {
    const labelled = noun === null ? label : withNoun(label, noun);
    wordings.push(labelled);
    if (noun !== null) wordings.push(`${colourWordings(photo, noun)[0]} – ${label}`);
    const colours = titleColors(photo.colors);
    if (colours !== '') wordings.push(`${labelled} in ${colours}`);
  }
  if (noun !== null) wordings.push(...colourWordings(photo, noun));
  if (wordings.length === 0) {
    if (named(photo.colors).length === 0) return ['Untitled Item', 'Item'];
    wordings.push(...colourWordings(photo, 'Item'), `${titleColors(photo.colors)} Product`);
  }
  return [...new Set(wordings)];
}

function colorSentence(photo: PhotoEvidence, thing: string): string {
  const [main, ...others] = named(photo.colors);
  if (!main) return 'No clear colour stands out in the photo.';
  const rest = joinWords(others.map((color) => color.name));
  const where =
    photo.colorRegion === 'subject'
      ? `In the photo, the ${thing} is`
      : 'The background is busy, so colours were read from the middle of the photo, which is';
  if (main.share >= SOLID_SHARE && others.length === 0) return `${where} solid ${main.name}.`;
  if (main.share >= MOSTLY_SHARE) {
    return others.length > 0
      ? `${where} mostly ${main.name}, with some ${rest}.`
      : `${where} mostly ${main.name}.`;
  }
  // One named colour under half the product: the rest are its shades or too small to name.
  if (others.length === 0) return `${where} largely ${main.name}.`;
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

function quoteList(lines: readonly string[]): string {
  return joinWords(lines.map((line) => `"${line}"`));
}

/** What the product is, as sure as the evidence allows, plus label text and barcode. */
function identitySentences(facts: DraftFacts): string[] {
  const { category, noun, quotedLines, evidence } = facts;
  const sentences: string[] = [];
  if (noun !== null) {
    sentences.push(
      category.confidence >= 0.6
        ? `The photo shows ${article(noun)} ${noun} (${category.category.fullName}).`
        : `It looks like ${article(noun)} ${noun} (${category.category.fullName}); please confirm the category.`,
    );
  }
  if (quotedLines.length > 0) sentences.push(`The label reads ${quoteList(quotedLines)}.`);
  if (evidence.barcode?.gtin) sentences.push(`Its barcode reads ${evidence.barcode.gtin} (GTIN).`);
  return sentences;
}

/** What the seller still has to add: always material, size and condition; more when unknown. */
function missing(facts: DraftFacts): string[] {
  const unknown: string[] = [];
  if (facts.noun === null) unknown.push('what the item is');
  if (facts.quotedLines.length === 0) unknown.push('the brand');
  unknown.push('the material', 'the size', 'the condition');
  return unknown;
}

/** Description wordings, best first: plain paragraphs separated by one blank line. */
export function descriptionWordings(facts: DraftFacts): string[] {
  const { photo } = facts.evidence;
  const thing = facts.noun ?? 'item';
  const identity = identitySentences(facts);
  const colors = colorSentence(photo, thing);
  const shot = photoSentence(photo);
  const advice = photoAdvice(photo);
  const list = lowerColors(photo.colors);
  const unknown = joinWords(missing(facts));
  const capitalisedUnknown = unknown.charAt(0).toUpperCase() + unknown.slice(1);
  const seen = list === '' ? 'No clear colour stands out.' : `Colours seen in the photo: ${list}.`;
  return [
    paragraphs(
      identity,
      [colors, shot],
      advice,
      `Before publishing, add ${unknown}: the photo alone cannot show ${missing(facts).length > 1 ? 'these' : 'this'}.`,
    ),
    paragraphs(
      `Still to add: ${unknown}. Buyers look for these, and the photo cannot show them.`,
      identity,
      [seen, shot],
      advice,
    ),
    paragraphs(
      [...identity, colors, ...advice],
      `${capitalisedUnknown}: tell buyers about ${missing(facts).length > 1 ? 'these' : 'this'}, as the photo alone does not show them.`,
    ),
  ];
}

function paragraphs(...blocks: (string | string[])[]): string {
  return blocks
    .map((block) => (Array.isArray(block) ? block.join(' ') : block))
    .filter((block) => block !== '')
    .join('\n\n');
}

export function altTextFor(facts: DraftFacts): string {
  const { photo } = facts.evidence;
  const list = lowerColors(photo.colors);
  const thing = facts.noun ?? 'item';
  const subject = list === '' ? thing : `${list} ${thing}`;
  const label = facts.titleLabel.length > 0 ? ` labelled "${facts.titleLabel.join(' ')}"` : '';
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)}${label} on ${backgroundPhrase(photo)}`;
}

/**
 * Tags: the product noun and category name when sure enough, label product words, every named
 * colour, plus "multicolour" when three or more hues share the product.
 */
export function tagsFor(facts: DraftFacts): string[] {
  const { photo } = facts.evidence;
  const tags: string[] = [];
  if (facts.noun !== null) {
    tags.push(facts.noun, facts.category.category.name.toLowerCase());
    for (const match of facts.category.labels) tags.push(match.noun);
  }
  tags.push(...photo.colors.map((color) => color.name));
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
