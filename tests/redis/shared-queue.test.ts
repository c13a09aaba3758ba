/**
 * Two app instances over one database, one DATA_DIR and one Redis (REDIS_URL), as two server
 * processes run: the generation queue is shared (each product described once, whichever
 * process takes it), retried with backoff, idempotent, and a stalled job is taken over.
 */
import { Queue, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { unavailable } from '../support/fake-vision-provider.js';
import { testRedis } from '../support/redis.js';
import {
  account,
  balanceOf,
  ledgerOf,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
} from '../products/support.js';

const redis = testRedis('queue');
let a: TestApp;
let b: TestApp;

const PHOTOS = [
  'home-globe.jpg',
  'toys-skateboard.jpg',
  'bags-backpack-canvas.jpg',
  'accessories-belt-leather.jpg',
  'apparel-hat-straw.jpg',
  'bags-gym-duffel-grey.jpg',
  'apparel-socks-striped.jpg',
  'bags-shoulder-bag-navy.jpg',
];

function describeCalls(): number {
  return [a, b].reduce(
    (sum, h) => sum + h.vision!.calls.filter((c) => c.kind === 'describe').length,
    0,
  );
}

/** Waits until every product in the shared queue is done (whichever app took it). */
async function bothIdle(): Promise<void> {
  await a.generationIdle();
  await b.generationIdle();
}

beforeAll(async () => {
  // A short lock so that the stalled-job test needs seconds, not half a minute.
  const env = { ...redis.env, JOB_LOCK_MS: '2000', GENERATION_CONCURRENCY: '2' };
  a = await startTestApp({ env });
  b = await startTestApp({ env, shareWith: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await redis.clean();
});

describe('the generation queue on Redis', () => {
  it('describes each photo once, spread over both processes', async () => {
    a.vision!.latencyMs = 300;
    b.vision!.latencyMs = 300;
    const before = describeCalls();
    const seller = await account(a, 'spread');
    await setBalance(a, seller.id, { planName: 'premium', subscriptionCredits: 20 });
    const { results } = await uploadOk(
      seller,
      PHOTOS.map((name) => photo(name)),
    );
    await bothIdle();
    const products = await listProducts(seller);
    expect(products.map((p) => p.generation.state)).toEqual(results.map(() => 'ready'));
    expect(describeCalls() - before).toBe(PHOTOS.length);
    // Both processes took work (each runs 2 at a time, 8 photos of 300 ms).
    expect(a.vision!.calls.length).toBeGreaterThan(0);
    expect(b.vision!.calls.length).toBeGreaterThan(0);
    expect(await balanceOf(a, seller.id)).toEqual({
      subscriptionCredits: 20 - PHOTOS.length,
      fixedCredits: 3,
    });
  });

  it('resumePending in another process enqueues nothing twice', async () => {
    // Long enough that neither photo is drafted before the resume, even on a loaded machine
    // (each photo is drafted as soon as it is stored, ADR 035).
    a.vision!.latencyMs = 1500;
    b.vision!.latencyMs = 1500;
    const seller = await account(a, 'resume');
    await uploadOk(seller, [photo('home-globe.jpg'), photo('toys-skateboard.jpg')]);
    const before = describeCalls();
    // Both processes start up again over the same pending rows while the jobs wait or run.
    expect(await b.drafting.generation.resumePending()).toBeGreaterThanOrEqual(2);
    expect(await a.drafting.generation.resumePending()).toBeGreaterThanOrEqual(0);
    await bothIdle();
    const rows = await productRows(a, seller.id);
    expect(rows.map((row) => row.generationState)).toEqual(['ready', 'ready']);
    expect(describeCalls() - before).toBeLessThanOrEqual(2);
    // One credit per photo, each reserved as it was stored (ADR 035), none charged again.
    expect(
      (await ledgerOf(a, seller.id)).filter((row) => row.reason === 'generation'),
    ).toHaveLength(2);
  });

  it('retries a retryable provider failure with backoff, then charges once', async () => {
    a.vision!.latencyMs = 0;
    b.vision!.latencyMs = 0;
    a.vision!.failNextDescribes(1, unavailable);
    b.vision!.failNextDescribes(1, unavailable);
    const seller = await account(a, 'retry');
    const before = describeCalls();
    await uploadOk(seller, [photo('apparel-hat-straw.jpg')]);
    await expect
      .poll(async () => (await productRows(a, seller.id))[0]!.generationState, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe('ready');
    // The first attempt, and the second if it reached the other process's failing fake.
    const calls = describeCalls() - before;
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(3);
    // Two free credits minus this one; the failed attempts refunded nothing and charged nothing.
    expect(await balanceOf(a, seller.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 2 });
    a.vision!.failNextDescribes(0);
    b.vision!.failNextDescribes(0);
  }, 30_000);

  it('a job for a product no longer pending does nothing', async () => {
    const seller = await account(a, 'idempotent');
    const { results } = await uploadOk(seller, [photo('bags-gym-duffel-grey.jpg')]);
    await bothIdle();
    const before = describeCalls();
    await a.drafting.generation.queue.enqueue([results[0]!.id]);
    await bothIdle();
    expect(describeCalls()).toBe(before);
    expect((await listProducts(seller))[0]!.generation).toEqual({ state: 'ready' });
  });

  it('deleting a product whose job waits or runs in either process refunds it and ends the job', async () => {
    a.vision!.latencyMs = 1_000;
    b.vision!.latencyMs = 1_000;
    const seller = await account(a, 'delete');
    const { results } = await uploadOk(seller, [
      photo('home-globe.jpg'),
      photo('toys-skateboard.jpg'),
      photo('apparel-hat-straw.jpg'),
    ]);
    for (const product of results) {
      const deleted = await seller.client.request({
        method: 'DELETE',
        url: `/api/product/${product.id}`,
        cookie: seller.cookie,
      });
      expect(deleted.statusCode).toBe(204);
    }
    await bothIdle();
    expect(await productRows(a, seller.id)).toEqual([]);
    // Every reserved credit came back; nothing was charged by a job that finished afterwards.
    expect(await balanceOf(a, seller.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
    a.vision!.latencyMs = 0;
    b.vision!.latencyMs = 0;
  });

  it('takes over a job whose process stopped renewing its lock', async () => {
    // Only a third "process" takes jobs now: it takes one and dies holding it (no renewal).
    await a.drafting.generation.queue.close();
    await b.drafting.generation.queue.close();
    const seller = await account(a, 'stalled');
    const { results } = await uploadOk(seller, [photo('accessories-belt-leather.jpg')]);
    const productId = results[0]!.id;
    const connection = { url: redis.env.REDIS_URL, maxRetriesPerRequest: null };
    const prefix = `${redis.env.REDIS_PREFIX}:bull`;
    const queue = new Queue('generation', { connection, prefix });
    let took: (id: string) => void = () => {};
    const taken = new Promise<string>((resolve) => (took = resolve));
    const dying = new Worker(
      'generation',
      async (job) => {
        took(job.id!);
        await new Promise(() => {});
      },
      { connection, prefix, lockDuration: 1_000, skipLockRenewal: true, skipStalledCheck: true },
    );
    try {
      await queue.add('generate', { productId }, { jobId: productId });
      expect(await taken).toBe(productId);
      // A process starting now finds the job running elsewhere: its resume adds nothing, and
      // its stalled check hands the job to itself once the dead lock has expired.
      const started = Date.now();
      const d = await startTestApp({ env: { ...redis.env, JOB_LOCK_MS: '2000' }, shareWith: a });
      try {
        await expect
          .poll(async () => (await productRows(a, seller.id))[0]!.generationState, {
            timeout: 15_000,
            interval: 100,
          })
          .toBe('ready');
        expect(Date.now() - started).toBeLessThan(15_000);
        expect(d.vision!.calls).toHaveLength(1);
      } finally {
        await d.close();
      }
    } finally {
      await dying.close(true);
      await queue.close();
    }
  }, 40_000);
});
