/**
 * The description of a local draft: listing copy a store can publish, written from the facts
 * only (draft-facts.ts). An opening sentence names the product by its noun with its colour and
 * the label text as printed, then the category's purpose (draft-verticals.ts: true of the whole
 * branch, so nothing is invented), a line in the vertical's and the store's voice
 * (draft-voice.ts), and a short list of what is known. Each vertical has its own phrasings; regenerate cycles through them in a fixed order.
 * Nothing here speaks to the seller: that is the guidance (draft-guidance.ts).
 */
import { DEFAULT_STORE_VOICE, type StoreVoicePreset } from '#domain/seller-settings.js';
import { oneOf, productNoun, titleCase, type ProductNoun } from '#domain/text/noun-phrases.js';
import { confirmedLines } from './draft-attributes.js';
import { colourAdjectives, colourInNoun, joinWords, lowerColors } from './draft-colours.js';
import type { DraftFacts } from './draft-facts.js';
import { purposeOf, verticalOf, type Vertical } from './draft-verticals.js';
import { VOICE_LINES } from './draft-voice.js';

/** What every phrasing is written from. */
interface Copy {
  /** 'a solid red mug', 'a pair of black sunglasses'; null when the product has no noun. */
  product: string | null;
  noun: ProductNoun | null;
  /** 'solid red', or '' when no colour stands out. */
  colours: string;
  /** 'for hot drinks', or null. */
  purpose: string | null;
  /** Label lines as printed, quoted: '"Polaroid" and "I-Type Camera"', or ''. */
  printed: string;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function copyOf(facts: DraftFacts, vertical: Vertical): Copy {
  const { colors } = facts.evidence.photo;
  const noun = facts.noun === null ? null : productNoun(facts.noun);
  const colours = noun !== null && colourInNoun(colors, noun.one) ? '' : colourAdjectives(colors);
  let product: string | null = null;
  if (noun !== null) {
    // Shoes come in pairs: 'a pair of grey sneakers', not 'a grey sneaker'.
    product =
      vertical === 'footwear' && !noun.pair
        ? `a pair of ${`${colours} ${noun.many}`.trim()}`
        : oneOf(noun, colours);
  }
  return {
    product,
    noun,
    colours,
    purpose: noun === null ? null : purposeOf(facts.category.category.fullName),
    printed: joinWords(facts.quotedLines.map((line) => `"${line}"`)),
  };
}

/** The opening sentence, in one of several orders. */
function openings(copy: Copy): string[] {
  const { product, purpose, printed, colours } = copy;
  if (product === null) {
    // No noun: colours and label text are all that can be said; two orders to cycle through.
    const printedTail = printed === '' ? '' : ` Printed with ${printed}.`;
    return colours === ''
      ? [`As pictured.${printedTail}`, `Shown as pictured.${printedTail}`]
      : [`In ${colours}, as pictured.${printedTail}`, `Shown in ${colours}.${printedTail}`];
  }
  const purposeTail = purpose === null ? '' : ` ${purpose}`;
  const printedTail = printed === '' ? '' : `, printed with ${printed}`;
  const wordings = [`${capitalise(product)}${purposeTail}${printedTail}.`];
  if (printed !== '') {
    wordings.push(
      `Printed with ${printed}: ${product}${purposeTail}.`,
      purpose === null
        ? `${capitalise(product)}. Printed with ${printed}.`
        : `${capitalise(product)}${printedTail}. Made ${purpose}.`,
    );
  } else {
    wordings.push(
      purpose === null ? `Shown here: ${product}.` : `Made ${purpose}: ${product}.`,
      `Here is ${product}.${purpose === null ? '' : ` Made ${purpose}.`}`,
    );
  }
  return wordings;
}

/** Verticals whose buyers look for the maker's words first: the label leads the list. */
const LABEL_FIRST: ReadonlySet<Vertical> = new Set(['food', 'beauty', 'media', 'electronics']);

/** The known attributes, one a line: only what the evidence shows, in the vertical's order. */
function details(facts: DraftFacts, copy: Copy, vertical: Vertical): string[] {
  const colours = lowerColors(facts.evidence.photo.colors);
  const colour = colours === '' ? [] : [`Colour: ${colours}`];
  const kind =
    copy.noun === null
      ? []
      : // One product is described: 'Type: Mug', not the category's plural 'Mugs'.
        [`${LABEL_FIRST.has(vertical) ? 'Product' : 'Type'}: ${titleCase(copy.noun.one)}`];
  const label =
    copy.printed === ''
      ? []
      : [`${vertical === 'food' ? 'On the pack' : 'On the label'}: ${copy.printed}`];
  const gtin = facts.evidence.barcode?.gtin;
  const barcode = gtin ? [`Barcode (GTIN): ${gtin}`] : [];
  const confirmed = confirmedLines(facts);
  return LABEL_FIRST.has(vertical)
    ? [...label, ...kind, ...colour, ...confirmed, ...barcode]
    : [...kind, ...colour, ...confirmed, ...label, ...barcode];
}

/** Description wordings, best first: plain paragraphs separated by one blank line. */
export function descriptionWordings(
  facts: DraftFacts,
  preset: StoreVoicePreset = DEFAULT_STORE_VOICE.preset,
): string[] {
  const vertical = verticalOf(facts.category.category.fullName);
  const copy = copyOf(facts, vertical);
  const voice = VOICE_LINES[vertical][preset];
  const list = details(facts, copy, vertical).join('\n');
  return openings(copy).map((opening, i) =>
    [copy.noun === null ? opening : `${opening} ${voice[i % voice.length]!}`, list]
      .filter((block) => block !== '')
      .join('\n\n'),
  );
}
