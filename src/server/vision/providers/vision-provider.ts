/**
 * The seam between generation and whatever looks at the photos: the embedded local analyzer or
 * an OpenAI-compatible vision model (DESIGN.md "Shape of the system"). Routes and services only
 * know this interface; configuration picks the implementation.
 */
import type { ConfirmedAttribute } from '#domain/product-attributes.js';
import {
  LISTING_DRAFT_LIMITS,
  fitText,
  type FieldEvidence,
  type GuidanceItem,
  type ListingDraftInput,
  type RegenerateField,
} from '#domain/listing-draft.js';
import type { StoreVoice } from '#domain/seller-settings.js';
import { z } from 'zod';
import { HttpError } from '#server/http/errors.js';

/** What intake hands on: normalised working copies are always one of these. */
export type VisionImageMimeType = 'image/jpeg' | 'image/webp' | 'image/png';

export interface VisionImage {
  image: Buffer;
  mimeType: VisionImageMimeType;
}

/** A price the seller already charges for another product, to keep suggestions in their range. */
export interface SellerPriceHint {
  title: string;
  price: number;
}

/**
 * A product of the seller's whose category they confirmed, with its photo's appearance (the
 * vector the local analyzer stores for each photo): a new photo that looks like it is likely
 * the same kind of product.
 */
export interface SellerCategoryExample {
  title: string;
  /** Taxonomy GID, as products store it. */
  categoryId: string;
  appearance: readonly number[];
}

export interface DescribeHints {
  sellerPrices?: readonly SellerPriceHint[];
  sellerExamples?: readonly SellerCategoryExample[];
  /**
   * How the seller's store sounds (account page). A model follows the preset and the seller's
   * instructions; the local writer can only follow the preset. Absent: the default voice.
   */
  storeVoice?: StoreVoice;
}

export interface DescribeInput extends VisionImage {
  /**
   * The product's other photos, in the seller's order, after this main (front) one (issue 16):
   * the draft rests on the evidence of all of them, and each field's evidence names the photo
   * it came from ('photo 2'). Absent or empty: one photo.
   */
  morePhotos?: readonly VisionImage[];
  hints?: DescribeHints;
}

/** A draft, and when the provider computes one, the photo's appearance vector to keep with it. */
export type DescribedListing = ListingDraftInput & { appearance?: number[] };

/** What an appearance vector must be to be stored: finite numbers, a model's output size. */
export const appearanceSchema = z.array(z.number().finite()).min(1).max(4096);

export interface RegenerateInput extends VisionImage {
  field: RegenerateField;
  /** What the seller sees now; the new text must differ from it and fit the other field. */
  current: { title: string; description: string };
  /**
   * The category the seller confirmed for this product, if they did: the new text names the
   * product by it rather than by what the photo seemed to show.
   */
  confirmedCategory?: { id: string; fullName: string };
  /**
   * `sellerExamples` (the category they point at names the product too) and `storeVoice`
   * (the new text sounds like the rest of the store); prices do not matter here.
   */
  hints?: DescribeHints;
}

/** A regenerated field: its new text and, when the provider can tell, what the text rests on. */
export interface RegeneratedText {
  text: string;
  evidence?: FieldEvidence;
}

/** 'What is this product?': the seller's words for it, and the category they stand for. */
export interface IdentifyInput extends VisionImage {
  /** The seller's words ('gold wristwatch'), one line, trimmed; absent, the category's noun. */
  kind?: string;
  /** What the seller confirmed ('Material: Leather'): the copy states it. */
  attributes?: ConfirmedAttribute[];
  /** Taxonomy GID and path the product belongs to, confirmed. */
  category: { id: string; fullName: string };
  /** `storeVoice`: the copy sounds like the rest of the store; the other hints do not apply. */
  hints?: Pick<DescribeHints, 'storeVoice'>;
}

/** What re-drafted copy rests on: the seller's words, or the attributes they confirmed. */
export function identifySource(input: Pick<IdentifyInput, 'kind' | 'attributes'>): string {
  // The words are at most 80 characters (identifyRequestSchema): the source fits.
  return input.kind === undefined
    ? fitText(
        `your attributes: ${(input.attributes ?? []).map((entry) => entry.value).join(', ')}`,
        LISTING_DRAFT_LIMITS.evidenceSourceMax,
      )
    : `your words: "${input.kind}"`;
}

const SELLER_WORDS_SOURCE = /^your words: "(.+)"$/;

/**
 * The seller's words a field was drafted from by an earlier identify ({@link identifySource}),
 * so a later re-draft (new attributes) keeps them; undefined when it rests on none.
 */
export function sellerWordsIn(sources: readonly string[] | undefined): string | undefined {
  for (const source of sources ?? []) {
    const words = SELLER_WORDS_SOURCE.exec(source)?.[1];
    if (words !== undefined) return words;
  }
  return undefined;
}

/** The listing drafted again around the seller's words; each field already valid. */
export interface IdentifiedListing {
  title: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  tags: string[];
  altText: string;
  guidance: GuidanceItem[];
  evidence: Record<'title' | 'description' | 'tags', FieldEvidence>;
}

export interface VisionProvider {
  /** Short name for logs ('local', 'openai'). */
  readonly name: string;
  describe(input: DescribeInput, signal?: AbortSignal): Promise<DescribedListing>;
  /** New text for one field only, already valid for that field of a ListingDraft. */
  regenerate(input: RegenerateInput, signal?: AbortSignal): Promise<RegeneratedText>;
  /**
   * The listing copy drafted again from the seller's words, free of charge. Optional: without
   * it, naming the product sets the title from the words alone.
   */
  identify?(input: IdentifyInput, signal?: AbortSignal): Promise<IdentifiedListing>;
  /**
   * Loads what the first photo would otherwise wait for (the local analyzer's models). The app
   * calls it once the server listens and answers not-ready until it has resolved.
   */
  warmUp?(): Promise<void>;
  /** Releases what the provider holds (worker threads, models); the app calls it on close. */
  close?(): Promise<void>;
}

export type VisionFailureReason =
  /** One attempt took longer than the configured timeout. */
  | 'timeout'
  /** 429 after every retry. */
  | 'rate-limited'
  /** 5xx after every retry. */
  | 'unavailable'
  /** Connection refused/reset, DNS, TLS: after every retry. */
  | 'network'
  /** A 4xx other than 429: wrong key, model name or request; retrying cannot help. */
  | 'rejected'
  /** The answer was not a valid draft, twice. */
  | 'malformed'
  /** The model declined to describe the photo (content policy). */
  | 'refused'
  /** The caller's signal aborted (user left, job cancelled). */
  | 'aborted';

const FAILURES: Record<
  VisionFailureReason,
  { status: number; retryable: boolean; userMessage: string }
> = {
  timeout: {
    status: 504,
    retryable: true,
    userMessage: 'Generating product details took too long. Please try again.',
  },
  'rate-limited': {
    status: 503,
    retryable: true,
    userMessage: 'The product details service is busy right now. Please try again in a moment.',
  },
  unavailable: {
    status: 503,
    retryable: true,
    userMessage: 'The product details service is unavailable right now. Please try again later.',
  },
  network: {
    status: 503,
    retryable: true,
    userMessage: 'The product details service could not be reached. Please try again later.',
  },
  rejected: {
    status: 502,
    retryable: false,
    userMessage: 'The product details service is not set up correctly. Please contact support.',
  },
  malformed: {
    status: 502,
    retryable: false,
    userMessage: 'We could not generate product details for this photo. Please try again.',
  },
  refused: {
    status: 422,
    retryable: false,
    userMessage: 'We could not generate product details for this photo. Please try another photo.',
  },
  aborted: { status: 499, retryable: false, userMessage: 'The request was cancelled.' },
};

/**
 * A provider failure. `message` is safe to show to the user (and is what the app's error
 * handler answers with); `detail` is for logs. Neither ever holds the API key: providers
 * redact it before building the error.
 */
export class VisionProviderError extends HttpError {
  /** Whether trying the same photo again later may succeed (busy, down, slow). */
  readonly retryable: boolean;
  /** The HTTP status the provider answered with, when it answered. */
  readonly upstreamStatus?: number;

  constructor(
    readonly reason: VisionFailureReason,
    /** Internal detail for the log (status, short upstream excerpt); never shown to users. */
    readonly detail: string,
    options?: { upstreamStatus?: number; cause?: unknown },
  ) {
    const failure = FAILURES[reason];
    super(failure.status, failure.userMessage, `vision-${reason}`);
    this.name = 'VisionProviderError';
    this.retryable = failure.retryable;
    if (options?.upstreamStatus !== undefined) this.upstreamStatus = options.upstreamStatus;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export function isVisionProviderError(error: unknown): error is VisionProviderError {
  return error instanceof VisionProviderError;
}
