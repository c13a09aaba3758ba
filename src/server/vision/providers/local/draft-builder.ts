/**
 * Evidence → a valid ListingDraft: the category ranking (category/), the facts it allows
 * (draft-facts.ts), their wording (draft-wording.ts), the price (price-estimate.ts), and for every
 * field the evidence it rests on, in sentences the review card shows ('from the label:
 * "Polaroid One Step"', 'looks like: backpack (82%)', 'colour: red (68% of the product)').
 */
import {
  LISTING_DRAFT_LIMITS,
  cleanTags,
  fitText,
  listingDraftSchema,
  type FieldEvidence,
  type ListingDraft,
} from '#domain/listing-draft.js';
import { titleCaseColor } from '#domain/color-names.js';
import { CONFIRMED_CATEGORY_SOURCE } from '#domain/products.js';
import { SURE_CONFIDENCE } from '#domain/readiness.js';
import { seoDescriptionFrom, seoTitleFrom } from '#domain/seo.js';
import { withoutPluralTwins } from '#domain/text/noun-phrases.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import { UNCATEGORIZED_ID, type Taxonomy } from '#server/vision/taxonomy.js';
import type { DescribeHints } from '../vision-provider.js';
import type { ImagenetTaxonomyMap } from './category/imagenet-taxonomy.js';
import { matchLabelText, type LabelIndex } from './category/label-matcher.js';
import { findLookalikes, type LookalikeMatch } from './category/lookalikes.js';
import { kindProbability, kindSignals, type KindSignals } from './category/kind-certainty.js';
import {
  confirmedCategory,
  rankCategories,
  type CategoryRanking,
  type RankedCategory,
} from './category/rank-categories.js';
import { factsFrom, tidyLabel, type DraftFacts } from './draft-facts.js';
import { descriptionWordings } from './draft-description.js';
import { guidanceFor } from './draft-guidance.js';
import { altTextFor, tagsFor, titleWordings } from './draft-wording.js';
import type { ColorShare, ImageClassScore, ListingEvidence } from './evidence.js';
import { estimatePrice } from '../../pricing/price-estimate.js';

export interface DraftContext {
  taxonomy: Taxonomy;
  baseline: PriceBaseline;
  classMap: ImagenetTaxonomyMap;
  labelIndex: LabelIndex;
}

/** A title or description that rests on colours alone says little about the product. */
const COLOURS_ONLY_CONFIDENCE = 0.2;
const LABEL_ONLY_CONFIDENCE = 0.5;
const percent = (share: number) => `${Math.round(share * 100)}%`;

export function classSource(value: ImageClassScore): string {
  return `looks like: ${value.label} (${percent(value.score)})`;
}

function lookalikeSource(match: LookalikeMatch): string {
  return `like your "${match.title}" (${percent(match.similarity)} alike)`;
}

/** `photo`: the photo it was read on, named when the product has several. */
export function labelSource(line: string, photo?: number): string {
  const on = photo === undefined ? '' : ` on photo ${photo}`;
  return `from the label${on}: "${tidyLabel(line)}"`;
}

/**
 * The photo a label line (as matched or quoted: tidied, perhaps two lines joined) was read on;
 * undefined for a product of one photo.
 */
function photoOfLine(evidence: ListingEvidence, text: string): number | undefined {
  const wanted = tidyLabel(text).toLowerCase();
  return evidence.text.lines.find((line) => {
    const read = tidyLabel(line.text).toLowerCase();
    return read === wanted || (read.length > 0 && wanted.includes(read));
  })?.photo;
}

function labelSourceIn(evidence: ListingEvidence, line: string): string {
  return labelSource(line, photoOfLine(evidence, line));
}

function colourSource(color: ColorShare, region: 'subject' | 'centre', photo?: number): string {
  const of = region === 'subject' ? 'of the product' : 'of the middle of the photo';
  const on = photo === undefined ? '' : ` on photo ${photo}`;
  return `colour: ${color.name} (${percent(color.share)} ${of}${on})`;
}

/** The two largest colours of the main photo, as sources. */
function colourSources(evidence: ListingEvidence): string[] {
  const { photo } = evidence;
  const main = (evidence.photoCount ?? 1) > 1 ? 1 : undefined;
  return photo.colors.slice(0, 2).map((color) => colourSource(color, photo.colorRegion, main));
}

function barcodeSources(evidence: ListingEvidence): string[] {
  const { barcode } = evidence;
  if (!barcode?.gtin) return [];
  return [
    `barcode${barcode.photo === undefined ? '' : ` on photo ${barcode.photo}`}: ${barcode.gtin}`,
  ];
}

function fieldEvidence(confidence: number, sources: readonly string[]): FieldEvidence {
  return {
    confidence: Math.round(Math.min(Math.max(confidence, 0), 1) * 100) / 100,
    sources: [...new Set(sources)]
      .slice(0, LISTING_DRAFT_LIMITS.evidenceSourcesMax)
      .map((source) => fitText(source, LISTING_DRAFT_LIMITS.evidenceSourceMax)),
  };
}

function categorySources(category: RankedCategory, evidence: ListingEvidence): string[] {
  if (category.confirmedBySeller) return [`category: ${CONFIRMED_CATEGORY_SOURCE}`];
  const sources = [
    ...category.lookalikes.slice(0, 2).map(lookalikeSource),
    ...category.labels.slice(0, 2).map((match) => labelSourceIn(evidence, match.line)),
    ...category.classes.slice(0, 3).map(classSource),
  ];
  return sources.length > 0 ? sources : ['no class or label text points to a category'];
}

/**
 * The ranked categories and how likely the chosen kind is right (category/kind-certainty.ts):
 * what draftFacts decides from, and what scripts/calibrate-kind.ts fits the certainty on.
 */
export function rankKind(
  evidence: ListingEvidence,
  context: DraftContext & { hints?: DescribeHints },
): { ranking: CategoryRanking; signals: KindSignals; certainty: number } {
  const labels = matchLabelText(evidence.text.lines, context.labelIndex);
  const ranking = rankCategories({
    classes: evidence.classes,
    labels,
    lookalikes: findLookalikes(
      evidence.appearance,
      context.hints?.sellerExamples ?? [],
      context.taxonomy,
    ),
    classMap: context.classMap,
    taxonomy: context.taxonomy,
  });
  const signals = kindSignals(ranking, {
    classes: evidence.classes,
    labels,
    classMap: context.classMap,
    taxonomy: context.taxonomy,
  });
  const uncategorized = ranking.chosen.category.id === UNCATEGORIZED_ID;
  return { ranking, signals, certainty: uncategorized ? 0 : kindProbability(signals) };
}

/**
 * Ranks the categories and picks the facts: shared by describe and regenerate. The chosen
 * category's confidence is the calibrated certainty of its kind. A category the seller
 * confirmed (`confirmedCategoryId`, when it is a taxonomy entry) replaces the ranked choice, and
 * is named by what the evidence says inside it ('frying pan' under 'Skillets & Frying Pans').
 */
export function draftFacts(
  evidence: ListingEvidence,
  context: DraftContext & { hints?: DescribeHints },
  confirmedCategoryId?: string,
  /** Name an unnamed product by the first item of a list-named confirmed category ('skillet'). */
  byListName = true,
): DraftFacts & {
  alternatives: RankedCategory[];
} {
  const { ranking, certainty } = rankKind(evidence, context);
  const confirmed =
    confirmedCategoryId === undefined ? undefined : context.taxonomy.byId(confirmedCategoryId);
  const chosen = confirmed
    ? confirmedCategory(confirmed, [ranking.chosen, ...ranking.alternatives], byListName)
    : { ...ranking.chosen, confidence: Math.round(certainty * 100) / 100 };
  const facts = factsFrom(evidence, chosen);
  return {
    ...facts,
    alternatives: ranking.alternatives,
  };
}

/** What the title and the description rest on, and how sure they are: for describe and regenerate. */
export function textEvidence(facts: DraftFacts): Record<'title' | 'description', FieldEvidence> {
  const { evidence, category, noun } = facts;
  const colours = colourSources(evidence);
  const nounSources = noun === null ? [] : categorySources(category, evidence);
  const titleLabelSources = facts.titleLabel.map((line) => labelSourceIn(evidence, line));
  const quotedSources = facts.quotedLines.map((line) => labelSourceIn(evidence, line));
  const labelConfidence = Math.min(
    ...evidence.text.lines
      .filter((line) => facts.quotedLines.includes(tidyLabel(line.text)))
      .map((line) => line.confidence),
    1,
  );
  const titleConfidence =
    facts.titleLabel.length > 0
      ? Math.max(labelConfidence * LABEL_ONLY_CONFIDENCE, noun === null ? 0 : category.confidence)
      : noun === null
        ? COLOURS_ONLY_CONFIDENCE
        : category.confidence;
  const describedConfidence =
    noun !== null
      ? category.confidence
      : facts.quotedLines.length > 0
        ? LABEL_ONLY_CONFIDENCE * labelConfidence
        : COLOURS_ONLY_CONFIDENCE;
  return {
    title: fieldEvidence(titleConfidence, [...titleLabelSources, ...nounSources, ...colours]),
    description: fieldEvidence(describedConfidence, [
      ...quotedSources,
      ...nounSources,
      ...barcodeSources(evidence),
      ...colours,
      // Last: the list is capped, and what the copy rests on comes before what it left out.
      ...facts.unclearLines.map((line) => `read on the label, unclear, left out: "${line}"`),
    ]),
  };
}

export function buildDraft(
  evidence: ListingEvidence,
  context: DraftContext & { hints?: DescribeHints },
): ListingDraft {
  const facts = draftFacts(evidence, context);
  const { category, noun } = facts;
  const colors = evidence.photo.colors.slice(0, LISTING_DRAFT_LIMITS.colorsMax);

  const price = estimatePrice({
    sellerPrices: context.hints?.sellerPrices,
    categoryId: category.category.id,
    baseline: context.baseline,
    productWords: noun === null ? [] : [noun, category.category.name],
    sure: category.confirmedBySeller === true || category.confidence >= SURE_CONFIDENCE,
  });
  const titles = titleWordings(facts);
  const description = descriptionWordings(facts, context.hints?.storeVoice?.preset)[0]!;
  return listingDraftSchema.parse({
    title: fitText(titles[0]!, LISTING_DRAFT_LIMITS.titleMax),
    description,
    seoTitle: seoTitleFrom(titles),
    seoDescription: seoDescriptionFrom(description),
    price: price.price,
    category: {
      id: category.category.gid,
      fullName: category.category.fullName,
      confidence: category.confidence,
    },
    categoryAlternatives: facts.alternatives.map((alternative) => ({
      id: alternative.category.gid,
      fullName: alternative.category.fullName,
      confidence: alternative.confidence,
    })),
    tags: withoutPluralTwins(cleanTags(tagsFor(facts))),
    attributes: {
      colors: colors.map((color) => titleCaseColor(color.name)),
      material: null,
      brand: null,
      size: null,
    },
    altText: fitText(altTextFor(facts), LISTING_DRAFT_LIMITS.altTextMax),
    barcode: evidence.barcode?.gtin ?? null,
    guidance: guidanceFor(facts),
    evidence: {
      ...textEvidence(facts),
      category: fieldEvidence(category.confidence, categorySources(category, evidence)),
      price: fieldEvidence(price.confidence, [price.source]),
      tags: fieldEvidence(noun === null ? COLOURS_ONLY_CONFIDENCE : category.confidence, [
        ...(noun === null ? [] : categorySources(category, evidence)),
        ...colourSources(evidence),
      ]),
    },
  });
}
