/**
 * A local draft named by the seller ('What is this product?'): the same facts and templates as
 * any draft (draft-facts.ts, draft-wording.ts, draft-description.ts), with the seller's words as
 * the product noun and their category as a confirmed one. The title is their words in title
 * case, with the colour the photo shows unless the words already name one.
 */
import { COLOR_NAMES } from '#domain/color-names.js';
import {
  LISTING_DRAFT_LIMITS,
  cleanTags,
  fitText,
  type FieldEvidence,
} from '#domain/listing-draft.js';
import type { ConfirmedAttribute } from '#domain/product-attributes.js';
import type { StoreVoicePreset } from '#domain/seller-settings.js';
import { seoDescriptionFrom, seoTitleFrom } from '#domain/seo.js';
import { productNoun, withoutPluralTwins } from '#domain/text/noun-phrases.js';
import { identifySource, type IdentifiedListing } from '../vision-provider.js';
import { draftFacts, textEvidence, type DraftContext } from './draft-builder.js';
import { descriptionWordings } from './draft-description.js';
import { withConfirmedAttributes } from './draft-attributes.js';
import { guidanceFor } from './draft-guidance.js';
import { altTextFor, tagsFor, titleWordings } from './draft-wording.js';
import type { ListingEvidence } from './evidence.js';

/** Whether the seller's words name a colour ('gold wristwatch', 'light blue mug'). */
export function namesColour(words: string): boolean {
  const text = ` ${words.toLowerCase().replace(/[^\p{L}]+/gu, ' ')} `;
  return COLOR_NAMES.some((name) => text.includes(` ${name} `));
}

/** The seller's words as a product noun: lower case but for initialisms, one product. */
export function sellerNoun(words: string): string {
  return productNoun(words).one;
}

function withSource(evidence: FieldEvidence, source: string): FieldEvidence {
  return {
    confidence: 1,
    sources: [source, ...evidence.sources].slice(0, LISTING_DRAFT_LIMITS.evidenceSourcesMax),
  };
}

export function identifiedListing(
  evidence: ListingEvidence,
  context: DraftContext,
  input: {
    kind?: string;
    categoryId: string;
    attributes: ConfirmedAttribute[];
    preset?: StoreVoicePreset;
  },
): IdentifiedListing {
  // Re-drafted for confirmed attributes, a product the category names only by a guess at its
  // list ('Scarves & Shawls' is not surely a scarf) keeps its title rather than being renamed.
  const facts = draftFacts(evidence, context, input.categoryId, false);
  // Colours the seller named are theirs: the photo's reading would only contradict them.
  const photo =
    input.kind !== undefined && namesColour(input.kind)
      ? { ...facts.evidence.photo, colors: [] }
      : facts.evidence.photo;
  const named = withConfirmedAttributes(
    {
      ...facts,
      evidence: { ...evidence, photo },
      noun: input.kind === undefined ? facts.noun : sellerNoun(input.kind),
    },
    input.attributes,
  );
  const text = textEvidence(named);
  const source = identifySource(input);
  // The seller's words are the name: label text stays in the description and alt text.
  const titles = titleWordings({ ...named, titleLabel: [] });
  const description = descriptionWordings(named, input.preset)[0]!;
  return {
    title: fitText(titles[0]!, LISTING_DRAFT_LIMITS.titleMax),
    description,
    seoTitle: seoTitleFrom(titles),
    seoDescription: seoDescriptionFrom(description),
    tags: withoutPluralTwins(cleanTags(tagsFor(named))),
    altText: fitText(altTextFor(named), LISTING_DRAFT_LIMITS.altTextMax),
    guidance: guidanceFor(named),
    evidence: {
      title: withSource(text.title, source),
      description: withSource(text.description, source),
      tags: { confidence: 1, sources: [source] },
    },
  };
}
