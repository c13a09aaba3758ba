/**
 * Improve runs over Redis (REDIS_URL), as two server processes run them: the run started on one
 * process is worked by whichever takes its job, each product is improved and charged once, and
 * the other process reports the same progress.
 */
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImproveRun } from '#domain/improve-run.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { testRedis } from '../support/redis.js';
import { account, ledgerOf, setBalance } from '../products/support.js';
import { makePremium, seedLibrary, startImproveRun } from '../library/support.js';

const redis = testRedis('improve');
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp({ env: redis.env });
  b = await startTestApp({ env: redis.env, shareWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis.clean();
});

async function progressOn(h: TestApp, cookie: string, id: string): Promise<ImproveRun> {
  const response = await h.client().request({ url: `/api/library/improve-runs/${id}`, cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImproveRun>();
}

describe('Improve runs on Redis', () => {
  it('are worked by either process, each product charged once', async () => {
    const seller = await account(a, 'improve-redis');
    await makePremium(a, seller.id);
    await setBalance(a, seller.id, { subscriptionCredits: 0, fixedCredits: 10 });
    const ids = await seedLibrary(
      a,
      seller.id,
      Array.from({ length: 5 }, (_, i) => ({
        title: `Jug ${i + 1}`,
        description: `A stoneware jug, thrown by hand, number ${i + 1}.`,
      })),
    );
    const events = new QueueEvents('improve', {
      connection: { url: redis.env.REDIS_URL, maxRetriesPerRequest: null },
      prefix: `${redis.env.REDIS_PREFIX}:bull`,
    });
    await events.waitUntilReady();
    const completed: string[] = [];
    events.on('completed', ({ jobId }) => completed.push(jobId));
    const completedJobs = new Promise<string[]>((resolve) =>
      events.on('completed', () => resolve(completed)),
    ).finally(() => events.close());
    const started = await startImproveRun(seller, {
      selection: { kind: 'ids', ids },
      fields: ['seo'],
      mode: 'fill-empty',
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = started.json<ImproveRun>();

    let run = await progressOn(b, seller.cookie, id);
    for (let waited = 0; run.state === 'running' && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await progressOn(b, seller.cookie, id);
    }
    expect(run).toMatchObject({ state: 'done', total: 5, done: 5, improved: 5, charged: 5 });
    expect(await progressOn(a, seller.cookie, id)).toEqual(run);
    const charges = (await ledgerOf(a, seller.id)).filter((row) => row.reason === 'improve');
    expect(charges).toHaveLength(5);
    // The run went through the shared queue, not a process's own.
    expect(await completedJobs).toContain(id);
  });
});
