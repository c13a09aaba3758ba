/**
 * A VisionProvider for server tests: answers valid drafts after a configurable delay, fails
 * the calls a test asks it to, honours the abort signal, and records every call.
 */
import type { ListingDraft, RegenerateField } from '../../src/domain/listing-draft.js';
import {
  VisionProviderError,
  type DescribeInput,
  type RegenerateInput,
  type VisionProvider,
} from '../../src/server/generation/providers/vision-provider.js';

export interface FakeVisionCall {
  kind: 'describe' | 'regenerate';
  /** The image bytes the provider was given (the display JPEG). */
  image: Buffer;
  mimeType: string;
  hints?: DescribeInput['hints'];
  field?: RegenerateField;
  current?: RegenerateInput['current'];
  confirmedCategory?: RegenerateInput['confirmedCategory'];
}

/** Decides whether call number `index` (0-based, per kind) fails, and with what. */
export type FailurePlan = (call: FakeVisionCall, index: number) => Error | undefined;

export interface FakeVisionProvider extends VisionProvider {
  readonly calls: FakeVisionCall[];
  /** Delay before each answer, in ms. */
  latencyMs: number;
  failDescribe: FailurePlan | undefined;
  failRegenerate: FailurePlan | undefined;
  /** Makes the next `count` describe calls fail with `error` (default: provider unavailable). */
  failNextDescribes(count: number, error?: () => Error): void;
  /** Calls still waiting for their answer. */
  readonly inFlight: number;
}

export function unavailable(): VisionProviderError {
  return new VisionProviderError('unavailable', 'fake provider: 503 after retries');
}

/** A real EAN-13 (check digit valid), as the local analyzer reads from a label. */
export const SAMPLE_BARCODE = '4006381333931';

export function sampleDraft(n: number, overrides: Partial<ListingDraft> = {}): ListingDraft {
  return {
    categoryAlternatives: [
      {
        id: 'gid://shopify/TaxonomyCategory/hg-11-10-5-8',
        fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Tumblers',
        confidence: 0.3,
      },
      {
        id: 'gid://shopify/TaxonomyCategory/hg-11-10-2-2',
        fullName:
          'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots > Teapots',
        confidence: 0.1,
      },
    ],
    barcode: SAMPLE_BARCODE,
    evidence: {
      title: { confidence: 0.8, sources: [`from the label: "Sample ${n}"`] },
      category: { confidence: 0.8, sources: ['looks like: coffee mug (80%)'] },
    },
    title: `Sample product ${n}`,
    description: `A sample description for product ${n}.\n\nSecond paragraph.`,
    price: {
      suggested: 19.99 + n,
      low: 10 + n,
      high: 30 + n,
      currency: 'USD',
      basis: 'comparable sample products',
    },
    category: {
      id: 'gid://shopify/TaxonomyCategory/hg-11-6-2',
      fullName: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs',
      confidence: 0.8,
    },
    tags: ['sample', `tag-${n}`],
    attributes: { colors: ['Black'], material: 'Ceramic', brand: null, size: null },
    altText: `Photo of sample product ${n}`,
    ...overrides,
  };
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      reject(new VisionProviderError('aborted', 'fake provider: aborted'));
    };
    if (signal?.aborted) return aborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

export function createFakeVisionProvider(options: { latencyMs?: number } = {}): FakeVisionProvider {
  const calls: FakeVisionCall[] = [];
  let describes = 0;
  let regenerations = 0;
  let inFlight = 0;
  let failuresLeft = 0;
  let failure: () => Error = unavailable;

  const fake: FakeVisionProvider = {
    name: 'fake',
    calls,
    latencyMs: options.latencyMs ?? 0,
    failDescribe: undefined,
    failRegenerate: undefined,
    failNextDescribes(count, error = unavailable) {
      failuresLeft = count;
      failure = error;
    },
    get inFlight() {
      return inFlight;
    },
    async describe(input, signal) {
      const call: FakeVisionCall = {
        kind: 'describe',
        image: input.image,
        mimeType: input.mimeType,
        hints: input.hints,
      };
      calls.push(call);
      const index = describes++;
      inFlight += 1;
      try {
        await wait(fake.latencyMs, signal);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw failure();
        }
        const planned = fake.failDescribe?.(call, index);
        if (planned) throw planned;
        return sampleDraft(index + 1);
      } finally {
        inFlight -= 1;
      }
    },
    async regenerate(input, signal) {
      const call: FakeVisionCall = {
        kind: 'regenerate',
        image: input.image,
        mimeType: input.mimeType,
        field: input.field,
        current: input.current,
        confirmedCategory: input.confirmedCategory,
      };
      calls.push(call);
      const index = regenerations++;
      inFlight += 1;
      try {
        await wait(fake.latencyMs, signal);
        const planned = fake.failRegenerate?.(call, index);
        if (planned) throw planned;
        return input.field === 'title'
          ? `Regenerated title ${index + 1}`
          : `Regenerated description ${index + 1}.`;
      } finally {
        inFlight -= 1;
      }
    },
  };
  return fake;
}
