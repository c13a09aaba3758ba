/**
 * One budget per seller for analyzer work (issue 28, ADR 034): regenerate, identify, combine,
 * split and the library's bulk regenerate all take the photos they describe from one
 * allowance per minute; a combine of 3 photos takes 3. With REDIS_URL, two processes count
 * against the same allowance. The refusal keeps the 429 reply the regenerate limit always had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGENERATE_RATE_LIMIT_MESSAGE } from '#server/limits/analyzer-budget.js';
import { removeTempDirs, startTestApp, type TestApp } from '../support/harness.js';
import { testRedis } from '../support/redis.js';
import {
  account,
  listProducts,
  photo,
  setBalance,
  uploadOk,
  type Account,
} from '../products/support.js';

const PHOTOS = ['home-mug-black-yellow.jpg', 'home-mug-stoneware.jpg', 'toys-football.jpg'];
const BUDGET = 6;
/** A clock that stays inside one minute, so a slow run never crosses into a fresh allowance. */
const now = () => new Date('2026-11-27T12:00:30Z');

function post(h: TestApp, who: Account, url: string, payload?: object) {
  return h.client(who.client.ip).request({ method: 'POST', url, cookie: who.cookie, payload });
}

function regenerate(h: TestApp, who: Account, productId: string) {
  return post(h, who, '/api/product/regenerate-product-detail', { productId, field: 'title' });
}

function expectRefused(reply: { statusCode: number; json(): unknown }) {
  expect(reply.statusCode).toBe(429);
  expect(reply.json()).toEqual({ error: REGENERATE_RATE_LIMIT_MESSAGE, code: 'rate-limited' });
}

async function seller(h: TestApp, label: string, planName = 'free'): Promise<Account> {
  const who = await account(h, label);
  await setBalance(h, who.id, { fixedCredits: 20, planName });
  return who;
}

describe('one analyzer budget per seller, in one process', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ regenerationsPerMinute: BUDGET, now });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts a combine by its photos, then split, identify and regenerate against the same allowance', async () => {
    const who = await seller(h, 'budget');
    await uploadOk(
      who,
      PHOTOS.map((name) => photo(name)),
    );
    await h.generationIdle();
    const products = await listProducts(who);
    // Uploads cost credits, not budget: the whole allowance is left. The combine takes 3.
    const combined = await post(h, who, '/api/products/combine', {
      productIds: products.map((p) => p.id),
    });
    expect(combined.statusCode, combined.body).toBe(200);
    const kept = products[0]!.id;
    expect((await post(h, who, `/api/product/${kept}/split`)).statusCode).toBe(200);
    await h.generationIdle();
    expect(
      (await post(h, who, `/api/product/${kept}/identify`, { kind: 'coffee mug' })).statusCode,
    ).toBe(200);
    expect((await regenerate(h, who, kept)).statusCode).toBe(200);
    // 3 + 1 + 1 + 1: the allowance of 6 is spent, whichever route asks next.
    expectRefused(await regenerate(h, who, kept));
    expectRefused(await post(h, who, `/api/product/${kept}/identify`, { kind: 'mug' }));
    const others = (await listProducts(who)).filter((p) => p.id !== kept);
    expectRefused(
      await post(h, who, '/api/products/combine', { productIds: others.map((p) => p.id) }),
    );
    // Another seller's allowance is their own.
    const other = await seller(h, 'budget-other');
    await uploadOk(other, [photo(PHOTOS[0]!)]);
    await h.generationIdle();
    const [theirs] = await listProducts(other);
    expect((await regenerate(h, other, theirs!.id)).statusCode).toBe(200);
  });

  it('counts every regeneration of a library bulk action; the rest are refused with the same message', async () => {
    const who = await seller(h, 'bulk', 'premium');
    await uploadOk(
      who,
      PHOTOS.map((name) => photo(name)),
    );
    await uploadOk(who, [photo(PHOTOS[0]!)]);
    await h.generationIdle();
    const ids = (await listProducts(who)).map((p) => p.id);
    const describedBefore = h.vision!.calls.filter((call) => call.kind === 'regenerate').length;
    const bulk = await post(h, who, '/api/library/bulk', {
      selection: { kind: 'ids', ids },
      action: { type: 'regenerate' },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const { results } = bulk.json() as { results: { outcome: string; message: string }[] };
    // Title and description per product: 6 regenerations fit, for 3 products; the 4th waits.
    expect(results.map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'failed']);
    expect(results[3]!.message).toBe(REGENERATE_RATE_LIMIT_MESSAGE);
    expect(h.vision!.calls.filter((call) => call.kind === 'regenerate').length).toBe(
      describedBefore + BUDGET,
    );
    expectRefused(await regenerate(h, who, ids[0]!));
  });
});

describe('one analyzer budget per seller, across two processes sharing Redis', () => {
  const redis = testRedis('budget');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ env: redis.env, regenerationsPerMinute: BUDGET, now });
    b = await startTestApp({ env: redis.env, regenerationsPerMinute: BUDGET, now, shareWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis.clean();
    await removeTempDirs();
  });

  it('a combine through one process and regenerations through the other share the allowance', async () => {
    const who = await seller(a, 'shared-budget');
    await uploadOk(
      who,
      PHOTOS.map((name) => photo(name)),
    );
    await a.generationIdle();
    await b.generationIdle();
    const products = await listProducts(who);
    const combined = await post(a, who, '/api/products/combine', {
      productIds: products.map((p) => p.id),
    });
    expect(combined.statusCode, combined.body).toBe(200);
    const kept = products[0]!.id;
    for (const [h, status] of [
      [b, 200],
      [a, 200],
      [b, 200],
      [a, 429],
      [b, 429],
    ] as const) {
      expect((await regenerate(h, who, kept)).statusCode).toBe(status);
    }
    expectRefused(await regenerate(b, who, kept));
  });
});
