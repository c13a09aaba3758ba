/**
 * Checks a local draft against its evidence for invented facts: a brand, material or size that
 * nothing in the evidence shows. The evidence vocabulary is every word the analyzer produced
 * (label lines, class labels and their mapped nouns, colour names) plus the taxonomy paths the
 * draft was filed under; the draft's own template words are the only other words allowed in
 * short fields. Used by the tests and by scripts/evaluate-analyzer.ts; it must stay at zero.
 */
import { COLOR_NAMES } from '#domain/color-names.js';
import type { ListingDraft } from '#domain/listing-draft.js';
import { stem } from '#domain/text/plurals.js';
import { wordsOf } from '#domain/text/words.js';
import type { ImagenetTaxonomyMap } from './category/imagenet-taxonomy.js';
import type { ListingEvidence } from './evidence.js';

export type InventedKind = 'brand' | 'material' | 'size';

export interface InventedFact {
  field: 'title' | 'description' | 'tags' | 'altText' | 'attributes';
  kind: InventedKind;
  text: string;
}

const MATERIALS = new Set(
  (
    'cotton leather suede wool woollen merino cashmere silk linen denim polyester nylon spandex ' +
    'elastane acrylic viscose rayon canvas fleece velvet satin lace ceramic porcelain stoneware ' +
    'earthenware glass crystal steel stainless aluminium aluminum brass bronze copper iron metal ' +
    'titanium plastic silicone rubber wood wooden bamboo oak pine walnut marble stone granite ' +
    'enamel paper cardboard cork jute rattan wicker'
  ).split(' '),
);

/** Words the wording templates use in titles, alt text and tags; anything else must be evidence. */
const TEMPLATE_WORDS = new Set(
  (
    'product solid mostly two-tone with accents in and on a an the plain busy ' +
    'background labelled multicolour'
  ).split(' '),
);

const SIZE_PATTERNS = [
  /\b\d+(?:[.,]\d+)?\s?(?:mm|cm|m|in|inch|inches|ft|ml|cl|l|fl\.? ?oz|oz|g|kg|mg|lb|lbs)\b/gi,
  /\bsize\s+(?:\d+|[A-Z]{1,4})\b/g,
  /(?<![\p{L}-])(?:XXS|XS|S|M|L|XL|XXL|XXXL)(?![\p{L}-])/gu,
];

/** Hyphenated words stay whole, as the templates write them ('two-tone'). */
function words(text: string): string[] {
  return wordsOf(text, { keepHyphens: true });
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[\s.]+/g, '');
}

export function inventedFacts(
  draft: ListingDraft,
  evidence: ListingEvidence,
  classMap: ImagenetTaxonomyMap,
): InventedFact[] {
  const labelText = evidence.text.lines.map((line) => line.text).join(' ');
  // By stem, so plural and singular forms meet ('capsules'/'capsule', 'accessories'/'accessory').
  const vocabulary = new Set<string>();
  const learn = (text: string) => words(text).forEach((word) => vocabulary.add(stem(word)));
  learn(labelText);
  for (const value of evidence.classes) {
    learn(value.label);
    for (const share of classMap.get(value.index)?.shares ?? []) learn(share.noun);
  }
  for (const name of COLOR_NAMES) learn(name);
  for (const category of [draft.category, ...draft.categoryAlternatives]) learn(category.fullName);
  if (evidence.barcode) learn(evidence.barcode.text);
  const known = (word: string) => vocabulary.has(stem(word));

  const found: InventedFact[] = [];
  const fields = {
    title: draft.title,
    description: draft.description,
    tags: draft.tags.join(', '),
    altText: draft.altText,
  } as const;
  for (const [field, text] of Object.entries(fields) as [keyof typeof fields, string][]) {
    for (const word of words(text)) {
      if (MATERIALS.has(word) && !known(word)) found.push({ field, kind: 'material', text: word });
    }
    for (const pattern of SIZE_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        if (!squash(labelText).includes(squash(match[0]))) {
          found.push({ field, kind: 'size', text: match[0] });
        }
      }
    }
    if (field === 'description') {
      // Quoted text claims to be read from the label.
      for (const [, quoted] of text.matchAll(/"([^"]+)"/g)) {
        if (!words(quoted!).every(known)) found.push({ field, kind: 'brand', text: quoted! });
      }
    } else {
      for (const word of words(text)) {
        if (!known(word) && !TEMPLATE_WORDS.has(word))
          found.push({ field, kind: 'brand', text: word });
      }
    }
  }
  const { brand, material, size } = draft.attributes;
  if (brand !== null) found.push({ field: 'attributes', kind: 'brand', text: brand });
  if (material !== null) found.push({ field: 'attributes', kind: 'material', text: material });
  if (size !== null) found.push({ field: 'attributes', kind: 'size', text: size });
  return found;
}
