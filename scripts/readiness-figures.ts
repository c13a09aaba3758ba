/**
 * Issue 24's figures for scripts/evaluate-analyzer.ts: whether a draft that names the product is
 * right, how often an unsure draft offers the right kind one click away, garbled label text in
 * the listing copy, and suggested prices against the labelled category's own price range.
 */
import type { ListingDraft } from '#domain/listing-draft.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import type { Taxonomy } from '#server/vision/taxonomy.js';
import { isEnglishWord, plausibleLabelLine } from '#server/vision/providers/local/label-words.js';
import { QUOTE_MIN_CONFIDENCE } from '#server/vision/providers/local/draft-facts.js';
import { hasWord, relatedCategory, type PhotoLabel } from './eval-labels.js';

interface ScoredDraft {
  label: PhotoLabel;
  draft: ListingDraft;
  titleWord: boolean;
  evidence: ListingEvidence;
}

const share = (count: number, of: number) =>
  of === 0 ? `${count}/0` : `${count}/${of} = ${((100 * count) / of).toFixed(1)}%`;

/**
 * The kinds an unsure draft offers as 'What is this?' buttons, as the card computes them
 * (src/web/features/review/kind-question.tsx): its category, then its alternatives, skipping
 * Uncategorized, at most three.
 */
function offersRightKind({ label, draft }: ScoredDraft): boolean {
  return [draft.category, ...draft.categoryAlternatives]
    .filter((category) => !/\/na$/.test(category.id))
    .slice(0, 3)
    .some((category) => relatedCategory(category.fullName, label.categories));
}

/**
 * Label text read surely enough to quote but not plausible as words or a brand (label-words.ts),
 * whose unknown words appear in a listing field: 'GOD' MOR', 'A.rla'.
 */
function garbledInCopy({ draft, evidence }: ScoredDraft): string[] {
  const copy = [draft.title, draft.description, draft.altText, draft.seoTitle, ...draft.tags]
    .join(' ')
    .toLowerCase();
  const { lines } = evidence.text;
  return lines
    .filter((line) => line.confidence >= QUOTE_MIN_CONFIDENCE && !plausibleLabelLine(line, lines))
    .flatMap((line) =>
      line.text
        .split(/\s+/)
        .map((token) => token.replace(/[.,:;!?]+$/, ''))
        .filter((token) => token.replace(/[^\p{L}]/gu, '').length >= 3 && !isEnglishWord(token))
        .filter((token) => hasWord(copy, token))
        .map(() => line.text),
    )
    .filter((text, i, all) => all.indexOf(text) === i);
}

export function readinessFigures(
  rows: readonly ScoredDraft[],
  baseline: PriceBaseline,
  taxonomy: Taxonomy,
): string[] {
  const named = rows.filter((row) => row.draft.title.trim() !== '');
  const unsure = rows.filter((row) => row.draft.title.trim() === '');
  const garbled = rows.flatMap(garbledInCopy);
  const priced = rows.filter((row) => row.draft.price.suggested !== null);
  const inRange = (row: ScoredDraft, wide: boolean) => {
    // The labelled category's own row, or its nearest ancestor with price data.
    const labelled = taxonomy.categories.find((c) => c.fullName === row.label.categories[0]);
    const found = labelled ? baseline.lookup(labelled.id) : null;
    const price = row.draft.price.suggested!;
    if (!found) return false;
    const [low, high] = wide ? [found.row.p10, found.row.p90] : [found.row.p25, found.row.p75];
    return price >= low && price <= high;
  };
  return [
    `titles that name the product, right: ${share(named.filter((row) => row.titleWord).length, named.length)} (named: ${share(named.length, rows.length)})`,
    `unsure drafts whose right kind is offered: ${share(unsure.filter(offersRightKind).length, unsure.length)}`,
    `garbled label fragments in listing copy: ${garbled.length}${garbled.length > 0 ? ` (${garbled.join(' | ')})` : ''}`,
    `suggested prices: ${share(priced.length, rows.length)}; inside the labelled category's middle half: ${share(priced.filter((row) => inRange(row, false)).length, priced.length)}, inside its 10th–90th percentiles: ${share(priced.filter((row) => inRange(row, true)).length, priced.length)}`,
  ];
}
