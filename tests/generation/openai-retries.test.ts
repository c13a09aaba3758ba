import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  VisionProviderError,
  isVisionProviderError,
} from '#server/vision/providers/vision-provider.js';
import {
  jsonReply,
  startFakeOpenAi,
  validDraftAnswer,
  type FakeOpenAi,
} from '../support/fake-openai.js';
import { API_KEY, PHOTO, providerOn, rejectionOf } from './support.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const photo = { image: PHOTO, mimeType: 'image/jpeg' as const };
const ok = () => jsonReply(validDraftAnswer());
const serverError = { status: 500, body: { error: { message: 'upstream exploded' } } };

/** A port on 127.0.0.1 with nothing listening (bound, read, released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('openai provider: retries', () => {
  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    fake.reply({ status: 429, headers: { 'retry-after': '2' }, body: { error: {} } }, ok());
    const { provider, waits } = providerOn(fake);
    const draft = await provider.describe(photo);
    expect(draft.title).toBe('Black Crew Neck T-Shirt');
    expect(fake.requests).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('caps a huge Retry-After', async () => {
    fake.reply({ status: 429, headers: { 'retry-after': '3600' }, body: {} }, ok());
    const { provider, waits } = providerOn(fake, { retry: { maxRetryAfterMs: 10_000 } });
    await provider.describe(photo);
    expect(waits).toEqual([10_000]);
  });

  it('backs off exponentially after 5xx, then succeeds', async () => {
    fake.reply(serverError, { status: 503, body: {} }, ok());
    const { provider, waits } = providerOn(fake, {
      retry: { baseDelayMs: 100, maxDelayMs: 10_000, random: () => 1 },
    });
    await provider.describe(photo);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after maxRetries with a retryable "unavailable" error', async () => {
    fake.reply(serverError, serverError, serverError);
    const { provider, waits } = providerOn(fake, { maxRetries: 2 });
    const error = await rejectionOf(provider.describe(photo));
    expect(error).toBeInstanceOf(VisionProviderError);
    expect(error).toMatchObject({ reason: 'unavailable', retryable: true, upstreamStatus: 500 });
    expect(fake.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('reports "rate-limited" when 429 persists', async () => {
    fake.reply({ status: 429, body: {} }, { status: 429, body: {} });
    const error = await rejectionOf(providerOn(fake, { maxRetries: 1 }).provider.describe(photo));
    expect(error).toMatchObject({ reason: 'rate-limited', retryable: true, statusCode: 503 });
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry a 400', async () => {
    fake.reply({ status: 400, body: { error: { message: 'model does not support images' } } });
    const { provider, waits } = providerOn(fake);
    const error = (await rejectionOf(provider.describe(photo))) as VisionProviderError;
    expect(error).toMatchObject({ reason: 'rejected', retryable: false, upstreamStatus: 400 });
    expect(error.detail).toContain('model does not support images');
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('retries network errors, then reports "network"', async () => {
    const port = await closedPort();
    const { provider, waits } = providerOn(fake, {
      baseUrl: `http://127.0.0.1:${port}/v1`,
      maxRetries: 2,
    });
    const error = await rejectionOf(provider.describe(photo));
    expect(error).toMatchObject({ reason: 'network', retryable: true });
    expect(waits).toHaveLength(2);
  });
});

describe('openai provider: timeouts and cancellation', () => {
  it('aborts an attempt that outlasts the timeout', async () => {
    fake.reply({ ...ok(), delayMs: 10_000 });
    const { provider } = providerOn(fake, { timeoutMs: 150 });
    const error = await rejectionOf(provider.describe(photo));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true, statusCode: 504 });
    expect(await fake.requests[0]!.clientHungUp).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });

  it("honours the caller's signal", async () => {
    fake.reply({ ...ok(), delayMs: 10_000 });
    const controller = new AbortController();
    const pending = providerOn(fake).provider.describe(photo, controller.signal);
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error).toMatchObject({ reason: 'aborted', retryable: false });
    expect(await fake.requests[0]!.clientHungUp).toBe(true);
  });

  it('does not start when the signal is already aborted', async () => {
    const error = await rejectionOf(providerOn(fake).provider.describe(photo, AbortSignal.abort()));
    expect(error).toMatchObject({ reason: 'aborted' });
    expect(fake.requests).toHaveLength(0);
  });

  it('stops waiting to retry when the caller aborts', async () => {
    fake.reply(serverError, ok());
    const controller = new AbortController();
    const { provider } = providerOn(fake, {
      retry: {
        sleep: async (_ms, signal) => {
          controller.abort();
          signal?.throwIfAborted();
        },
      },
    });
    const error = await rejectionOf(provider.describe(photo, controller.signal));
    expect(error).toMatchObject({ reason: 'aborted' });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('openai provider: the API key stays secret', () => {
  const leakyReplies = [
    {
      status: 401,
      body: {
        error: { message: `Incorrect API key provided: ${API_KEY}`, header: `Bearer ${API_KEY}` },
      },
    },
    { status: 500, body: `internal error while using key ${API_KEY}` },
    { status: 200, body: { choices: [{ message: { content: `I saw ${API_KEY}` } }] } },
  ];

  it.each(leakyReplies.map((reply) => [reply.status, reply] as const))(
    'is not in the error after an upstream %s that echoes it',
    async (_status, reply) => {
      fake.reply(reply, reply);
      const error = await rejectionOf(providerOn(fake, { maxRetries: 1 }).provider.describe(photo));
      expect(isVisionProviderError(error)).toBe(true);
      const views = [
        String(error),
        (error as Error).message,
        (error as VisionProviderError).detail,
        JSON.stringify(error),
        inspect(error, { depth: 10 }),
      ];
      for (const view of views) expect(view).not.toContain(API_KEY);
      expect((error as VisionProviderError).detail).toContain('[redacted]');
    },
  );

  it('keeps a user-safe message apart from the internal detail', async () => {
    fake.reply({ status: 400, body: { error: { message: 'Invalid model "fake-vision"' } } });
    const error = (await rejectionOf(
      providerOn(fake).provider.describe(photo),
    )) as VisionProviderError;
    expect(error.message).not.toContain('fake-vision');
    expect(error.message).toMatch(/not set up correctly/);
    expect(error.detail).toContain('HTTP 400');
  });
});
