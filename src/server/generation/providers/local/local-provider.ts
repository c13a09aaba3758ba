/**
 * The embedded vision provider: works offline, with no account and no model, by honest pixel
 * analysis. Photo → evidence (photo-analysis.ts) → draft (draft-wording.ts, price-estimate.ts).
 * It names only what the pixels show (colours, background, photo facts), asks the seller for the
 * rest, files the product under Uncategorized with confidence 0 (no classifier yet) and prices it
 * from the seller's own prices or the shipped baseline. Same photo, same draft: nothing random,
 * nothing cached between calls or users.
 */
import {
  LISTING_DRAFT_LIMITS,
  cleanTags,
  listingDraftSchema,
  type ListingDraft,
} from '../../../../domain/listing-draft.js';
import { titleCaseColor } from '../../../../domain/color-names.js';
import type { PriceBaseline } from '../../../../domain/price-baseline.js';
import { loadPriceBaseline } from '../../price-baseline/price-baseline.js';
import { UNCATEGORIZED_ID, loadTaxonomy, type Taxonomy } from '../../taxonomy.js';
import {
  VisionProviderError,
  type DescribeInput,
  type RegenerateInput,
  type VisionImage,
  type VisionProvider,
} from '../vision-provider.js';
import {
  altTextFor,
  descriptionWordings,
  nextWording,
  tagsFor,
  titleWordings,
} from './draft-wording.js';
import type { ListingEvidence, PhotoEvidence } from './evidence.js';
import { analyzePhoto } from './photo-analysis.js';
import { estimatePrice } from './price-estimate.js';

export interface LocalVisionProviderOptions {
  /** Defaults to the taxonomy shipped with the server. */
  taxonomy?: Taxonomy;
  /** Defaults to the price table shipped with the server. */
  priceBaseline?: PriceBaseline;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new VisionProviderError('aborted', 'cancelled by the caller');
}

async function gatherEvidence(input: VisionImage, signal?: AbortSignal): Promise<ListingEvidence> {
  throwIfAborted(signal);
  let photo: PhotoEvidence;
  try {
    photo = await analyzePhoto(input.image);
  } catch (error) {
    // Intake hands over its own display JPEG, so this is a broken image, not a busy service.
    const detail = error instanceof Error ? error.message : String(error);
    throw new VisionProviderError('malformed', `local analysis failed: ${detail}`, {
      cause: error,
    });
  }
  throwIfAborted(signal);
  return { photo, classes: [], text: { lines: [], rotation: 0 }, barcode: null };
}

export function buildDraft(
  evidence: ListingEvidence,
  context: { taxonomy: Taxonomy; baseline: PriceBaseline; hints?: DescribeInput['hints'] },
): ListingDraft {
  const category = context.taxonomy.byId(UNCATEGORIZED_ID);
  if (!category) throw new Error('taxonomy has no Uncategorized entry');
  const colors = evidence.photo.colors.slice(0, LISTING_DRAFT_LIMITS.colorsMax);
  return listingDraftSchema.parse({
    title: titleWordings(evidence)[0],
    description: descriptionWordings(evidence)[0],
    price: estimatePrice({
      sellerPrices: context.hints?.sellerPrices,
      categoryId: category.id,
      baseline: context.baseline,
    }),
    // Nothing here can tell what the product is; a classifier is a later evidence source.
    category: { id: category.gid, fullName: category.fullName, confidence: 0 },
    tags: cleanTags(tagsFor({ ...evidence, photo: { ...evidence.photo, colors } })),
    attributes: {
      colors: colors.map((color) => titleCaseColor(color.name)),
      material: null,
      brand: null,
      size: null,
    },
    altText: altTextFor(evidence),
  });
}

export function createLocalVisionProvider(
  options: LocalVisionProviderOptions = {},
): VisionProvider {
  const taxonomy = options.taxonomy ?? loadTaxonomy();
  const baseline = options.priceBaseline ?? loadPriceBaseline();

  return {
    name: 'local',

    async describe(input: DescribeInput, signal?: AbortSignal): Promise<ListingDraft> {
      const evidence = await gatherEvidence(input, signal);
      return buildDraft(evidence, { taxonomy, baseline, hints: input.hints });
    },

    async regenerate(input: RegenerateInput, signal?: AbortSignal): Promise<string> {
      const evidence = await gatherEvidence(input, signal);
      const wordings =
        input.field === 'title' ? titleWordings(evidence) : descriptionWordings(evidence);
      return listingDraftSchema.shape[input.field].parse(
        nextWording(wordings, input.current[input.field]),
      );
    },
  };
}
