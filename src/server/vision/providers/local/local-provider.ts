/**
 * The embedded vision provider: works offline, with no account, from the evidence the local
 * analyzer gathers (analyzer/: pixels, an ImageNet classifier, label text, barcodes) and the
 * shipped tables (ImageNet → taxonomy map, Shopify taxonomy, price baseline). Photo → evidence →
 * draft (draft-builder.ts); every field says what it rests on, and what the evidence cannot tell
 * is asked of the seller in the draft's guidance, apart from the listing copy. Same photo,
 * same draft: nothing random, nothing cached between calls.
 */
import { listingDraftSchema } from '#domain/listing-draft.js';
import type { PriceBaseline } from '#domain/price-baseline.js';
import { loadPriceBaseline } from '#server/vision/pricing/price-baseline.js';
import { loadTaxonomy, type Taxonomy } from '#server/vision/taxonomy.js';
import {
  VisionProviderError,
  type DescribeInput,
  type DescribedListing,
  type IdentifiedListing,
  type IdentifyInput,
  type RegenerateInput,
  type RegeneratedText,
  type VisionImage,
  type VisionProvider,
} from '../vision-provider.js';
import { createEvidenceAnalyzer } from './analyzer/index.js';
import { loadImagenetTaxonomy } from './category/imagenet-taxonomy.js';
import { buildLabelIndex } from './category/label-matcher.js';
import { buildDraft, draftFacts, textEvidence, type DraftContext } from './draft-builder.js';
import { descriptionWordings } from './draft-description.js';
import { identifiedListing } from './draft-identify.js';
import { nextWording, titleWordings } from './draft-wording.js';
import type { ListingEvidence } from './evidence.js';
import { combinedEvidence } from './photo-evidence.js';

/** What the provider needs from an analyzer: evidence for a photo, and a way to let go. */
export interface PhotoAnalyzer {
  analyze(image: Buffer, signal?: AbortSignal): Promise<{ evidence: ListingEvidence }>;
  warmUp?(): Promise<void>;
  close?(): Promise<void>;
}

export interface LocalVisionProviderOptions {
  /** Defaults to the worker-pool analyzer (models load at warm-up, or on the first photo). */
  analyzer?: PhotoAnalyzer;
  /** Defaults to the taxonomy shipped with the server. */
  taxonomy?: Taxonomy;
  /** Defaults to the price table shipped with the server. */
  priceBaseline?: PriceBaseline;
}

/** The tables a draft is written with: the shipped ones unless a caller brings its own. */
export function createDraftContext(
  options: Pick<LocalVisionProviderOptions, 'taxonomy' | 'priceBaseline'> = {},
): DraftContext {
  const taxonomy = options.taxonomy ?? loadTaxonomy();
  return {
    taxonomy,
    baseline: options.priceBaseline ?? loadPriceBaseline(),
    classMap: loadImagenetTaxonomy(),
    labelIndex: buildLabelIndex(taxonomy),
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new VisionProviderError('aborted', 'cancelled by the caller');
}

export function createLocalVisionProvider(
  options: LocalVisionProviderOptions = {},
): VisionProvider {
  const context = createDraftContext(options);
  const analyzer = options.analyzer ?? createEvidenceAnalyzer();

  async function gatherEvidence(input: VisionImage, signal?: AbortSignal) {
    throwIfAborted(signal);
    try {
      const { evidence } = await analyzer.analyze(input.image, signal);
      throwIfAborted(signal);
      return evidence;
    } catch (error) {
      if (error instanceof VisionProviderError) throw error;
      // Intake hands over its own display JPEG, so this is a broken image, not a busy service.
      const detail = error instanceof Error ? error.message : String(error);
      throw new VisionProviderError('malformed', `local analysis failed: ${detail}`, {
        cause: error,
      });
    }
  }

  return {
    name: 'local',

    async describe(input: DescribeInput, signal?: AbortSignal): Promise<DescribedListing> {
      const evidence = combinedEvidence(
        await Promise.all(
          [input, ...(input.morePhotos ?? [])].map((photo) => gatherEvidence(photo, signal)),
        ),
      );
      const draft = buildDraft(evidence, { ...context, hints: input.hints });
      return evidence.appearance ? { ...draft, appearance: evidence.appearance } : draft;
    },

    async regenerate(input: RegenerateInput, signal?: AbortSignal): Promise<RegeneratedText> {
      const evidence = await gatherEvidence(input, signal);
      const facts = draftFacts(
        evidence,
        { ...context, hints: input.hints },
        input.confirmedCategory?.id,
      );
      const wordings =
        input.field === 'title'
          ? titleWordings(facts)
          : descriptionWordings(facts, input.hints?.storeVoice?.preset);
      const text = listingDraftSchema.shape[input.field].parse(
        nextWording(wordings, input.current[input.field]),
      );
      // Every wording rests on the same facts; with a confirmed category they are not the
      // draft's, so the field's evidence goes with the text.
      return { text, evidence: textEvidence(facts)[input.field] };
    },

    async identify(input: IdentifyInput, signal?: AbortSignal): Promise<IdentifiedListing> {
      const evidence = await gatherEvidence(input, signal);
      return identifiedListing(evidence, context, {
        kind: input.kind,
        categoryId: input.category.id,
        attributes: input.attributes ?? [],
        preset: input.hints?.storeVoice?.preset,
      });
    },

    async warmUp(): Promise<void> {
      await analyzer.warmUp?.();
    },

    async close(): Promise<void> {
      await analyzer.close?.();
    },
  };
}
