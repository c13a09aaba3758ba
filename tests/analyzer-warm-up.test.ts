/**
 * Issue 29: the analyzer's models load once the server listens, not on the first photo, and
 * GET /api/ready answers 503 until they have (a load balancer waits for a warm process).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessReply } from '#server/http/readiness.js';
import { createFakeVisionProvider } from './support/fake-vision-provider.js';
import { startTestApp, type TestApp } from './support/harness.js';

/** The fake provider with a warm-up the test finishes (or fails) when it chooses. */
function warmingProvider() {
  const provider = createFakeVisionProvider();
  let calls = 0;
  const attempts: { resolve(): void; reject(error: Error): void }[] = [];
  return {
    provider: Object.assign(provider, {
      warmUp: () =>
        new Promise<void>((resolve, reject) => {
          calls += 1;
          attempts.push({ resolve, reject });
        }),
    }),
    get calls() {
      return calls;
    },
    attempt: (index: number) => attempts[index]!,
  };
}

describe('the analyzer warm-up and readiness', () => {
  const warming = warmingProvider();
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ visionProvider: warming.provider });
  });
  afterAll(async () => {
    await h?.close();
  });

  const ready = async () => {
    const response = await h.client().request({ url: '/api/ready' });
    return { status: response.statusCode, body: response.json<ReadinessReply>() };
  };

  it('loads the models after the server listens and is not ready until they are', async () => {
    // Built but not listening: nothing loaded yet, so start-up itself stays quick.
    expect(warming.calls).toBe(0);
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    expect(warming.calls).toBe(1);

    expect(await ready()).toEqual({
      status: 503,
      body: {
        status: 'not-ready',
        checks: { database: 'ok', storage: 'ok', analyzer: 'starting' },
      },
    });
    // A failed load is logged, tried again by the next readiness check, and said until one works.
    warming.attempt(0).reject(new Error('model file missing'));
    await expect.poll(() => h.logs.join('')).toContain('model file missing');
    const afterFailure = await ready();
    expect(afterFailure.status).toBe(503);
    expect(afterFailure.body.checks.analyzer).toBe('failed');
    expect(warming.calls).toBe(2);
    expect((await ready()).body.checks.analyzer).toBe('failed');

    warming.attempt(1).resolve();
    await expect.poll(async () => (await ready()).status).toBe(200);
    expect((await ready()).body.checks.analyzer).toBe('ok');
    expect(warming.calls).toBe(2);
  });
});
