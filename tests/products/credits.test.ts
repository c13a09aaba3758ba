import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notEnoughCreditsMessage } from '#domain/upload-rules.js';
import type { Product } from '#domain/products.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import { reserveCredits } from '#server/credits/credit-ledger.js';
import { createSellerSettingsRepository } from '#server/account/settings-repository.js';
import { createCatalog } from '#server/catalog/index.js';
import { createDrafting } from '#server/drafting/index.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  balanceOf,
  ledgerOf,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
} from './support.js';

const PHOTOS = ['toys-football.jpg', 'toys-rubiks-cube.jpg', 'home-globe.jpg', 'food-bagel.jpg'];

function sumLedger(rows: { subscriptionDelta: number; fixedDelta: number }[]) {
  return rows.reduce(
    (sum, row) => ({
      subscriptionCredits: sum.subscriptionCredits + row.subscriptionDelta,
      fixedCredits: sum.fixedCredits + row.fixedDelta,
    }),
    { subscriptionCredits: 0, fixedCredits: 0 },
  );
}

describe('credits, failures and retries', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('never spends a credit twice: 8 simultaneous uploads against a balance of 3', async () => {
    const a = await account(h, 'race');
    await setBalance(h, a.id, { planName: 'premium', subscriptionCredits: 1, fixedCredits: 2 });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        a.client.upload(
          a.cookie,
          i % 2 === 0
            ? [photo(PHOTOS[i % 4]!)]
            : [photo(PHOTOS[i % 4]!), photo(PHOTOS[(i + 1) % 4]!)],
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 202 || s === 402)).toBe(true);
    const accepted = responses
      .filter((r) => r.statusCode === 202)
      .flatMap((r) => (r.json() as { results: Product[] }).results);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(3);

    const rows = await productRows(h, a.id);
    expect(rows).toHaveLength(accepted.length);
    const balance = await balanceOf(h, a.id);
    expect(balance.subscriptionCredits).toBeGreaterThanOrEqual(0);
    expect(balance.fixedCredits).toBeGreaterThanOrEqual(0);
    expect(balance.subscriptionCredits + balance.fixedCredits).toBe(3 - accepted.length);
    // The ledger explains every spend: one row per photo, reserved as it was stored (ADR 035);
    // a photo of an upload refused on a later photo is refunded.
    const ledger = await ledgerOf(h, a.id);
    const spends = ledger.filter((row) => row.reason === 'generation');
    const refunds = ledger.filter((row) => row.reason === 'refund');
    expect(spends).toHaveLength(accepted.length + refunds.length);
    const spent = sumLedger([...spends, ...refunds]);
    expect(-(spent.subscriptionCredits + spent.fixedCredits)).toBe(accepted.length);
    // The subscription credit goes first (a refund may hand it back after the others went).
    if (refunds.length === 0) expect(spent.subscriptionCredits).toBe(-1);
    // Only the accepted uploads' images are kept.
    const folders = new Set(
      (await h.uploadedFiles())
        .filter((f) => f.startsWith(`users/${a.id}/`))
        .map((f) => f.split('/')[2]),
    );
    expect([...folders].sort()).toEqual(accepted.map((p) => p.imageUrl.split('/')[3]).sort());
    for (const response of responses.filter((r) => r.statusCode === 402)) {
      expect((response.json() as { error: string }).error).toMatch(
        /^You don't have enough credits/,
      );
    }
    await h.generationIdle();
  });

  it('parallel reservations straight on the database never overspend', async () => {
    const a = await account(h, 'parallel');
    await setBalance(h, a.id, { subscriptionCredits: 2, fixedCredits: 3 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.db.transaction().execute((trx) => reserveCredits(trx, h.database.kind, a.id, 1)),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(outcomes.filter((o) => !o.ok)).toEqual(Array(15).fill({ ok: false, have: 0 }));
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 0 });
    const spends = (await ledgerOf(h, a.id)).filter((row) => row.reason === 'generation');
    expect(sumLedger(spends)).toEqual({ subscriptionCredits: -2, fixedCredits: -3 });
  });

  it('a failed generation is marked failed with the provider’s message and refunded to its bucket; retry pays again and succeeds', async () => {
    const a = await account(h, 'failing');
    await setBalance(h, a.id, { subscriptionCredits: 1, fixedCredits: 0 });
    h.vision!.failNextDescribes(1);
    const { results } = await uploadOk(a, [photo('home-globe.jpg')]);
    await h.generationIdle();

    const [failed] = await listProducts(a);
    expect(failed!.id).toBe(results[0]!.id);
    expect(failed!.generation).toEqual({
      state: 'failed',
      code: 'vision-unavailable',
      message: new VisionProviderError('unavailable', '').message,
      retryable: true,
    });
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 1, fixedCredits: 0 });
    expect((await ledgerOf(h, a.id)).slice(1)).toEqual([
      { reason: 'generation', subscriptionDelta: -1, fixedDelta: 0 },
      { reason: 'refund', subscriptionDelta: 1, fixedDelta: 0 },
    ]);

    const retry = await a.client.request({
      method: 'POST',
      url: `/api/product/${failed!.id}/retry`,
      cookie: a.cookie,
    });
    expect(retry.statusCode).toBe(200);
    expect((retry.json() as Product).generation).toEqual({ state: 'pending' });
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 0 });
    await h.generationIdle();
    const [ready] = await listProducts(a);
    expect(ready!.generation).toEqual({ state: 'ready' });
    expect(ready!.title).toMatch(/^Sample product/);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 0 });
    expect(sumLedger(await ledgerOf(h, a.id))).toEqual({
      subscriptionCredits: -1,
      fixedCredits: 3,
    });

    // Only failed products can be retried.
    const again = await a.client.request({
      method: 'POST',
      url: `/api/product/${failed!.id}/retry`,
      cookie: a.cookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it('any other error fails the product with a generic message and still refunds', async () => {
    const a = await account(h, 'broken');
    h.vision!.failNextDescribes(1, () => new Error('secret internal detail'));
    await uploadOk(a, [photo('food-bagel.jpg')]);
    await h.generationIdle();
    const [failed] = await listProducts(a);
    expect(failed!.generation).toMatchObject({ state: 'failed', code: 'generation-failed' });
    expect(JSON.stringify(failed)).not.toContain('secret internal detail');
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
  });

  it('retry without credits answers 402 and leaves the product failed', async () => {
    const a = await account(h, 'broke');
    await setBalance(h, a.id, { fixedCredits: 1 });
    h.vision!.failNextDescribes(1);
    const { results } = await uploadOk(a, [photo('food-bagel.jpg')]);
    await h.generationIdle();
    await setBalance(h, a.id, { fixedCredits: 0 });
    const retry = await a.client.request({
      method: 'POST',
      url: `/api/product/${results[0]!.id}/retry`,
      cookie: a.cookie,
    });
    expect(retry.statusCode).toBe(402);
    expect(retry.json()).toMatchObject({ error: notEnoughCreditsMessage(0, 1) });
    const [product] = await listProducts(a);
    expect(product!.generation.state).toBe('failed');
  });

  it('deleting a pending product cancels its job and refunds it; the images are gone', async () => {
    const a = await account(h, 'cancel');
    h.vision!.latencyMs = 5_000;
    try {
      const { results } = await uploadOk(a, [photo('toys-skateboard.jpg')]);
      const id = results[0]!.id;
      // Wait until the provider is working on it, so the cancel has to abort a running call.
      await expect.poll(() => h.vision!.inFlight).toBe(1);
      const response = await a.client.request({
        method: 'DELETE',
        url: `/api/product/${id}`,
        cookie: a.cookie,
      });
      expect(response.statusCode).toBe(204);
      await h.generationIdle();
      expect(h.vision!.inFlight).toBe(0);
      expect(await productRows(h, a.id)).toEqual([]);
      expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
      expect((await ledgerOf(h, a.id)).map((r) => r.reason)).toEqual([
        'sign-up',
        'generation',
        'refund',
      ]);
      expect((await h.uploadedFiles()).filter((f) => f.startsWith(`users/${a.id}/`))).toEqual([]);
      const image = await a.client.request({ url: results[0]!.imageUrl });
      expect(image.statusCode).toBe(404);
    } finally {
      h.vision!.latencyMs = 0;
    }
  });

  it('deleting a generated product refunds nothing', async () => {
    const a = await account(h, 'keepspent');
    const { results } = await uploadOk(a, [photo('toys-skateboard.jpg')]);
    await h.generationIdle();
    const response = await a.client.request({
      method: 'DELETE',
      url: `/api/product/${results[0]!.id}`,
      cookie: a.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 2 });
  });
});

describe('durable generation', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('products still pending when the app stops are generated when it starts again', async () => {
    const a = await account(h, 'restart');
    h.vision!.latencyMs = 5_000;
    let id: string;
    try {
      id = (await uploadOk(a, [photo('home-globe.jpg')])).results[0]!.id;
      await expect.poll(() => h.vision!.inFlight).toBe(1);
      // What a stop does to a running job: abort it; the row stays pending.
      await h.drafting.generation.queue.close();
    } finally {
      h.vision!.latencyMs = 0;
    }
    expect((await productRows(h, a.id))[0]!.generationState).toBe('pending');
    // A new process over the same database resumes it, as buildApp's onReady hook does.
    const quietLog = { error: () => {}, warn: () => {} };
    const restarted = createDrafting({
      database: h.database,
      catalog: createCatalog({ db: h.database.db, log: quietLog }),
      store: h.imageStore,
      provider: h.vision!,
      concurrency: 1,
      settings: createSellerSettingsRepository(h.database.db),
      log: quietLog,
    });
    expect(await restarted.generation.resumePending()).toBe(1);
    await restarted.generation.queue.idle();
    const [product] = await listProducts(a);
    expect(product!.id).toBe(id);
    expect(product!.generation).toEqual({ state: 'ready' });
  });
});
