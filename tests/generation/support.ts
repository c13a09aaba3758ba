/** Shared by the generation tests: the fixture photo, a test API key and a provider on the fake. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createOpenAiProvider,
  type OpenAiProviderOptions,
} from '#server/vision/providers/openai-provider.js';
import type { VisionProvider } from '#server/vision/providers/vision-provider.js';
import type { FakeOpenAi } from '../support/fake-openai.js';

/** A real product photo (resolved from the repo root, like the other photo tests). */
export const PHOTO_PATH = path.resolve(
  process.cwd(),
  '../shared/fixtures/photos/apparel-tshirt-black-thumb.jpg',
);
export const PHOTO = readFileSync(PHOTO_PATH);
export const PHOTO_DATA_URL = `data:image/jpeg;base64,${PHOTO.toString('base64')}`;

export const API_KEY = 'sk-test-listsmith-0123456789-DO-NOT-LEAK';

export interface TestProvider {
  provider: VisionProvider;
  /** Every backoff wait the provider asked for, in ms (the waits themselves are skipped). */
  waits: number[];
}

/**
 * A provider pointed at the fake, with waits recorded instead of slept and no jitter; `retry`
 * overrides are merged into that, the other options replace the defaults.
 */
export function providerOn(
  fake: FakeOpenAi,
  { retry, ...overrides }: Partial<OpenAiProviderOptions> = {},
): TestProvider {
  const waits: number[] = [];
  const provider = createOpenAiProvider({
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: 'fake-vision',
    timeoutMs: 5_000,
    maxRetries: 3,
    retry: {
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 1,
      ...retry,
    },
    ...overrides,
  });
  return { provider, waits };
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
