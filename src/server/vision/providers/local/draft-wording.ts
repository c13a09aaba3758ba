/**
 * The short fields of a local draft, written from its facts only (draft-facts.ts): the title
 * (label text as read, the product noun when the category is sure enough, colour shares), the
 * alt text and the tags. The description is draft-description.ts's; what the evidence cannot
 * tell is the guidance's (draft-guidance.ts), never the listing's.
 *
 * Each regenerable field has several wordings in a fixed order; regenerate cycles through them,
 * so the same photo always gives the same texts in the same order.
 */
import { NEUTRAL_COLOR_NAMES, titleCaseColor } from '#domain/color-names.js';
import { productNoun, titleCase } from '#domain/text/noun-phrases.js';
import { stem } from '#domain/text/plurals.js';
import { wordsOf } from '#domain/text/words.js';
import {
  NAMED_SHARE,
  colourInNoun,
  isSolid,
  joinWords,
  lowerColors,
  named,
  titleColors,
} from './draft-colours.js';
import { confirmedTags } from './draft-attributes.js';
import type { DraftFacts } from './draft-facts.js';
import { verticalOf } from './draft-verticals.js';
import type { PhotoEvidence } from './evidence.js';

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
  if (!main || colourInNoun(photo.colors, thing)) return [thing];
  const wordings = [`${all} ${thing}`];
  if (colors.length === 1) {
    wordings.push(
      isSolid(photo.colors)
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
 * and noun; empty when neither a label nor a noun says what the product is. The background
 * belongs in the alt text.
 */
export function titleWordings(facts: DraftFacts): string[] {
  const { photo } = facts.evidence;
  // Shoes are sold by the pair, and stores title them in the plural ('Grey Sneakers').
  const footwear = verticalOf(facts.category.category.fullName) === 'footwear';
  const forms = facts.noun === null ? null : productNoun(facts.noun);
  // Otherwise the noun as the evidence gave it ('Capsules' as the pack says), a pair noun whole.
  const noun =
    forms === null || facts.noun === null
      ? null
      : titleCase(footwear ? forms.many : forms.pair ? forms.one : facts.noun);
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
  // Colours alone name no product: the title stays empty and the guidance asks for a name.
  if (wordings.length === 0) return [''];
  return [...new Set(wordings)];
}

function backgroundPhrase(photo: PhotoEvidence): string {
  return photo.background.kind === 'plain'
    ? `a plain ${photo.background.color} background`
    : 'a busy background';
}

export function altTextFor(facts: DraftFacts): string {
  const { photo } = facts.evidence;
  const list = lowerColors(photo.colors);
  const thing = facts.noun ?? 'product';
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
  tags.push(...confirmedTags(facts));
  return tags;
}

/**
 * The next wording after `current` in the cycle; when the seller's text is none of them, the
 * first wording that differs from it. When none differs (an unnamed product's empty title),
 * there is nothing new to say and the text stays.
 */
export function nextWording(wordings: readonly string[], current: string): string {
  const normalized = current.trim();
  const index = wordings.findIndex((wording) => wording === normalized);
  const start = index === -1 ? 0 : index + 1;
  for (let step = 0; step < wordings.length; step++) {
    const candidate = wordings[(start + step) % wordings.length]!;
    if (candidate !== normalized) return candidate;
  }
  return normalized;
}
