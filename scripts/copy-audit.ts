/**
 * The copy audit of scripts/evaluate-analyzer.ts: whether drafts read as listings a store can
 * publish. Per draft: listing fields (the SEO title and description included) holding a note to
 * the seller (must be 0), grammar errors an independent checker finds (retext: indefinite
 * articles, repeated words; must be 0), a generic title (colours and 'Item'/'Product': must be 0)
 * or an empty one (the product unnamed, the guidance asks for a name), and the description's
 * length.
 */
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextRepeatedWords from 'retext-repeated-words';
import retextStringify from 'retext-stringify';
import { unified } from 'unified';
import { COLOR_NAMES } from '#domain/color-names.js';
import type { ListingDraft } from '#domain/listing-draft.js';
import { medianOfSorted } from '#domain/median.js';

/** What a note to the seller says; listing copy never does. */
const SELLER_NOTE =
  /\bplease\b|\bconfirm\b|before publishing|still to add|\badd (?:the|what)\b|\bthe photo\b|photo alone|cannot show|tell buyers|it looks like/i;

const LISTING_FIELDS = [
  'title',
  'description',
  'altText',
  'seoTitle',
  'seoDescription',
  'tags',
] as const;
type ListingField = (typeof LISTING_FIELDS)[number];

const GENERIC_TITLE = new RegExp(
  `^(?:untitled\\s+|(?:solid|mostly|two-tone|and|with|accents|in|${COLOR_NAMES.join('|')})[\\s,]+)*(?:item|product)(?:\\s+in\\b.*)?$`,
  'i',
);

const checker = unified()
  .use(retextEnglish)
  .use(retextIndefiniteArticle)
  .use(retextRepeatedWords)
  .use(retextStringify);

export interface CopyAudit {
  /** Listing fields with a note to the seller. */
  sellerNotes: ListingField[];
  /** What the grammar checker reported, with the field. */
  grammar: string[];
  genericTitle: boolean;
  emptyTitle: boolean;
  descriptionLength: number;
}

function fieldText(draft: ListingDraft, field: ListingField): string {
  return field === 'tags' ? draft.tags.join(', ') : draft[field];
}

export async function auditCopy(draft: ListingDraft): Promise<CopyAudit> {
  const grammar: string[] = [];
  for (const field of ['title', 'description', 'altText', 'seoTitle', 'seoDescription'] as const) {
    const file = await checker.process(draft[field]);
    for (const message of file.messages) grammar.push(`${field}: ${message.reason}`);
  }
  return {
    sellerNotes: LISTING_FIELDS.filter((field) => SELLER_NOTE.test(fieldText(draft, field))),
    grammar,
    genericTitle: GENERIC_TITLE.test(draft.title.trim()),
    emptyTitle: draft.title.trim() === '',
    descriptionLength: draft.description.length,
  };
}

/** The audit's figures over a photo set, as lines for the report. */
export function copyFigures(audits: readonly CopyAudit[]): string[] {
  const n = audits.length;
  const fields = n * LISTING_FIELDS.length;
  const count = (test: (audit: CopyAudit) => boolean) => audits.filter(test).length;
  return [
    `listing fields with a note to the seller: ${audits.reduce((sum, audit) => sum + audit.sellerNotes.length, 0)}/${fields}`,
    `grammar errors (retext: indefinite article, repeated words): ${audits.reduce((sum, audit) => sum + audit.grammar.length, 0)}`,
    `generic titles (colours + 'Item'/'Product'): ${count((audit) => audit.genericTitle)}/${n}`,
    `empty titles (unnamed product, guidance asks for a name): ${count((audit) => audit.emptyTitle)}/${n}`,
    `median description length: ${medianOfSorted(audits.map((audit) => audit.descriptionLength).sort((a, b) => a - b))} characters`,
  ];
}
