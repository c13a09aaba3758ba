/**
 * The facts a local draft may state, picked from the evidence: the product noun (only when the
 * category is sure enough to name the product), the label lines worth quoting, the colours.
 * Wording (draft-wording.ts) writes only from these, so nothing reaches the text that the
 * evidence does not hold.
 */
import type { ConfirmedAttribute } from '#domain/product-attributes.js';
import { SURE_CONFIDENCE } from '#domain/readiness.js';
import type { ColorShare, ListingEvidence, TextLine } from './evidence.js';
import { confidentColours } from './draft-colours.js';
import type { RankedCategory } from './category/rank-categories.js';
import { joinedLines } from './category/label-matcher.js';
import { plausibleLabelLine } from './label-words.js';

export interface DraftFacts {
  /** The photo's evidence, its colours only those measured with confidence (draft-colours.ts). */
  evidence: ListingEvidence;
  /** Colours measured but not surely: suggested attributes, never stated in the copy. */
  unsureColours: ColorShare[];
  category: RankedCategory;
  /**
   * Lower-case product noun, or null when the kind is not sure enough to name the product
   * (below SURE_CONFIDENCE, unless the seller confirmed the category).
   */
  noun: string | null;
  /** Label text for the title (a name line and the product line), tidied; may be empty. */
  titleLabel: string[];
  /** Confident label lines to quote in the description, in reading order, at most 3. */
  quotedLines: string[];
  /**
   * Lines read surely enough to quote but not plausible as words or a brand (label-words.ts):
   * the evidence names them, the copy never does.
   */
  unclearLines: string[];
  /** What the seller confirmed (draft-attributes.ts); absent in a first draft. */
  confirmed?: ConfirmedAttribute[];
}

/** Label lines quoted at all must be read at least this surely. */
export const QUOTE_MIN_CONFIDENCE = 0.85;
/** A short line used as the product's name (often its brand) must be read this surely. */
const NAME_MIN_CONFIDENCE = 0.9;
const MAX_QUOTED = 3;
/** Words a label can carry that name no product or maker (placeholder and code words). */
const NOT_A_NAME = new Set(['null', 'none', 'undefined', 'nan', 'test', 'sample', 'label']);
const MAX_LINE_LENGTH = 40;

function letters(text: string): number {
  return (text.match(/\p{L}/gu) ?? []).length;
}

/**
 * Label text for a title: ALL-CAPS words of 4+ letters in title case ('YOGHURT' → 'Yoghurt'),
 * short ones kept ('LED'), and a line read all in lower case starts with a capital.
 */
export function tidyLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return (
    line === line.toLowerCase() ? line.charAt(0).toUpperCase() + line.slice(1) : line
  ).replace(/\p{Lu}{4,}(?:-\p{Lu}+)*/gu, (word) =>
    word
      .split('-')
      .map((part) => part.charAt(0) + part.slice(1).toLowerCase())
      .join('-'),
  );
}

/**
 * Whether a line can stand in a title as the product's name: clean words only (letters and
 * digits, each word at least 3 long, hyphenated parts allowed), no punctuation fragments
 * ('Arter.'), no placeholder words ('NULL').
 */
export function cleanName(text: string): boolean {
  const words = text.trim().split(' ');
  return (
    /^[\p{L}\p{N}]+(?:[ -][\p{L}\p{N}]+)*$/u.test(text.trim()) &&
    words.every((word) => word.length >= 3 && !NOT_A_NAME.has(word.toLowerCase()))
  );
}

/** A line is worth quoting when it is sure, mostly words, and short enough to be a label line. */
function quotable(line: TextLine): boolean {
  const text = line.text.trim();
  const visible = text.replace(/\s/g, '').length;
  return (
    line.confidence >= QUOTE_MIN_CONFIDENCE &&
    letters(text) >= 3 &&
    letters(text) >= visible / 2 &&
    text.length <= MAX_LINE_LENGTH
  );
}

export function factsFrom(evidence: ListingEvidence, category: RankedCategory): DraftFacts {
  const { lines } = evidence.text;
  const readable = lines.filter(quotable);
  const quotable_ = readable.filter((line) => plausibleLabelLine(line, lines));
  // A guess names nothing: below the threshold the title stays empty and the seller is asked.
  const sure = category.confirmedBySeller === true || category.confidence >= SURE_CONFIDENCE;
  const noun = sure ? category.noun : null;
  // A product name broken over two lines ('TAPE' above 'MEASURE') was matched as one line.
  const readAs = [
    ...quotable_.map((line) => line.text),
    ...quotable_.slice(1).map((line, i) => joinedLines(quotable_[i]!.text, line.text)),
  ];
  const productLine = category.labels
    .map((match) => match.line)
    .find((line) => readAs.includes(line));
  // The name: a short, sure, clean line (often the brand), the wordiest if several; never a
  // fragment of another line ('ARTER' beside 'STARTER'), and only beside a product noun or
  // product line: a lone word ('Orange', 'Star') is no title, it may be a flavour or a logo.
  const within = (line: TextLine, other: TextLine) =>
    other.text.trim().length > line.text.trim().length &&
    other.text.toLowerCase().includes(line.text.trim().toLowerCase());
  const named = sure && (noun !== null || productLine !== undefined);
  // With several photos (issue 16), a brand is read beside the product's name: on the photo
  // that shows the product line, when there is one.
  const productPhoto =
    productLine === undefined
      ? undefined
      : quotable_.find((line) => productLine.includes(line.text))?.photo;
  const nameLine = quotable_
    .filter(
      (line) =>
        named &&
        (productPhoto === undefined || line.photo === productPhoto) &&
        !(productLine ?? '').toLowerCase().includes(line.text.trim().toLowerCase()) &&
        line.confidence >= NAME_MIN_CONFIDENCE &&
        letters(line.text) >= 4 &&
        line.text.trim().split(/\s+/).length <= 2 &&
        cleanName(line.text) &&
        !evidence.text.lines.some((other) => within(line, other)),
    )
    .reduce<TextLine | undefined>(
      (best, line) => (best && letters(best.text) >= letters(line.text) ? best : line),
      undefined,
    )?.text;
  const titleLabel = (named ? [nameLine, productLine] : [])
    .filter((line): line is string => line !== undefined)
    .map(tidyLabel);
  const colours = confidentColours(evidence.photo);
  return {
    evidence: { ...evidence, photo: { ...evidence.photo, colors: colours } },
    unsureColours: evidence.photo.colors.filter((color) => !colours.includes(color)),
    category,
    noun,
    titleLabel,
    unclearLines: readable.filter((line) => !quotable_.includes(line)).map((line) => line.text),
    // A word printed twice on the pack ('YOGHURT' on two faces) is quoted once.
    quotedLines: [
      ...new Map(
        quotable_.map((line) => tidyLabel(line.text)).map((text) => [text.toLowerCase(), text]),
      ).values(),
    ].slice(0, MAX_QUOTED),
  };
}
