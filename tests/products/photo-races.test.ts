/**
 * Combine, split, edit and delete racing each other on PostgreSQL (issue 28, ADR 033): a second
 * connection holds a product's row lock while the requests queue up behind it, as the probe
 * did; released, each race ends in one consistent outcome or a 409, with nothing pending
 * forever and nothing lost. SQLite runs one transaction at a time, so there is no race to set up.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineResponseSchema, splitResponseSchema } from '#domain/api/product-photos.js';
import type { Product } from '#domain/products.js';
import { usingPostgres } from '../support/database.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  balanceOf,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
  type Account,
} from './support.js';

const PHOTOS = ['home-mug-black-yellow.jpg', 'home-mug-stoneware.jpg', 'toys-football.jpg'];
const CHANGED_MEANWHILE = 'These products changed meanwhile. Please try again.';

describe.skipIf(!usingPostgres)('races between combine, split, edit and delete', () => {
  let h: TestApp;
  let holder: pg.Client;
  beforeAll(async () => {
    h = await startTestApp({ regenerationsPerMinute: 100_000 });
    if (h.config.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    holder = new pg.Client({ connectionString: h.config.database.url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await h?.close();
  });

  async function seller(label: string): Promise<Account> {
    const who = await account(h, label);
    await setBalance(h, who.id, { fixedCredits: 20 });
    return who;
  }

  async function uploadBatch(who: Account, names = PHOTOS): Promise<Product[]> {
    const { results } = await uploadOk(
      who,
      names.map((name) => photo(name)),
    );
    await h.generationIdle();
    const listed = await listProducts(who);
    return results.map((result) => listed.find((product) => product.id === result.id)!);
  }

  function post(who: Account, url: string, payload?: object) {
    return who.client.request({ method: 'POST', url, cookie: who.cookie, payload });
  }

  /** Requests of this database waiting for a lock, as PostgreSQL reports them. */
  async function lockWaiters(): Promise<number> {
    const { rows } = await holder.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return Number(rows[0]!.n);
  }

  /**
   * Holds the row lock of `productId` while each of `requests` is started in turn and has
   * reached the lock (so they queue in this order), then releases it; answers their replies.
   */
  async function queuedBehindLock<T>(productId: string, requests: (() => Promise<T>)[]) {
    await holder.query('begin');
    const started: Promise<T>[] = [];
    try {
      await holder.query('select id from products where id = $1 for update', [productId]);
      for (const [i, request] of requests.entries()) {
        started.push(request());
        await expect.poll(lockWaiters, { timeout: 10_000 }).toBe(i + 1);
      }
    } finally {
      await holder.query('rollback');
    }
    return Promise.all(started);
  }

  async function expectImages(urls: readonly string[], status: number) {
    for (const url of urls) {
      expect((await h.client().request({ url })).statusCode, url).toBe(status);
    }
  }

  it('combine(A,B) and combine(A,C) at once: one combines, the other answers 409', async () => {
    const who = await seller('double-combine');
    const [a, b, c] = await uploadBatch(who);
    const before = await balanceOf(h, who.id);
    const replies = await queuedBehindLock(a!.id, [
      () => post(who, '/api/products/combine', { productIds: [a!.id, b!.id] }),
      () => post(who, '/api/products/combine', { productIds: [a!.id, c!.id] }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 409]);
    expect(replies[1]!.json()).toMatchObject({ error: CHANGED_MEANWHILE });
    const { product } = combineResponseSchema.parse(replies[0]!.json());
    expect(product.photos.map((p) => p.imageId)).toEqual([
      a!.photos[0]!.imageId,
      b!.photos[0]!.imageId,
    ]);
    // C is still a product of its own; one credit back, for B.
    expect((await listProducts(who)).map((p) => p.id).sort()).toEqual([a!.id, c!.id].sort());
    expect(await balanceOf(h, who.id)).toEqual({
      ...before,
      fixedCredits: before.fixedCredits + 1,
    });
  });

  it('an edit answered 200 is not lost to a combine that was drafting meanwhile', async () => {
    const who = await seller('edit-combine');
    const [a, b] = await uploadBatch(who, PHOTOS.slice(0, 2));
    const replies = await queuedBehindLock(a!.id, [
      () =>
        who.client.request({
          method: 'PATCH',
          url: `/api/product/${a!.id}`,
          cookie: who.cookie,
          payload: { title: 'The seller’s own title' },
        }),
      () => post(who, '/api/products/combine', { productIds: [a!.id, b!.id] }),
    ]);
    expect(replies[0]!.statusCode).toBe(200);
    expect(replies[1]!.statusCode).toBe(409);
    expect(replies[1]!.json()).toMatchObject({ error: CHANGED_MEANWHILE });
    const kept = (await listProducts(who)).find((p) => p.id === a!.id)!;
    expect(kept.title).toBe('The seller’s own title');
    expect(kept.editedFields).toContain('title');
    expect(kept.photos).toHaveLength(1);
  });

  it('a combine first, then an edit: the edit lands on the combined product', async () => {
    const who = await seller('combine-edit');
    const [a, b] = await uploadBatch(who, PHOTOS.slice(0, 2));
    const replies = await queuedBehindLock(a!.id, [
      () => post(who, '/api/products/combine', { productIds: [a!.id, b!.id] }),
      () =>
        who.client.request({
          method: 'PATCH',
          url: `/api/product/${a!.id}`,
          cookie: who.cookie,
          payload: { title: 'Edited while combining' },
        }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200]);
    const [kept] = await listProducts(who);
    expect(kept!.photos).toHaveLength(2);
    expect(kept!.title).toBe('Edited while combining');
    expect(kept!.editedFields).toContain('title');
  });

  it('split(A) before delete(A): the split-off products stay, drafted, with their photos', async () => {
    const who = await seller('split-delete');
    const [a, ...others] = await uploadBatch(who);
    const { product } = combineResponseSchema.parse(
      (
        await post(who, '/api/products/combine', {
          productIds: [a!.id, ...others.map((p) => p.id)],
        })
      ).json(),
    );
    const replies = await queuedBehindLock(product.id, [
      () => post(who, `/api/product/${product.id}/split`),
      () =>
        who.client.request({
          method: 'DELETE',
          url: `/api/product/${product.id}`,
          cookie: who.cookie,
        }),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 204]);
    const parts = splitResponseSchema.parse(replies[0]!.json()).products.slice(1);
    await h.generationIdle();
    const listed = await listProducts(who);
    expect(listed.map((p) => p.id).sort()).toEqual(parts.map((p) => p.id).sort());
    expect(listed.every((p) => p.generation.state === 'ready')).toBe(true);
    await expectImages(
      listed.flatMap((p) => p.images),
      200,
    );
    // Only the photo the original kept went with it.
    await expectImages([product.images[0]!], 404);
    expect((await productRows(h, who.id)).some((row) => row.generationState === 'pending')).toBe(
      false,
    );
  });

  it('delete(A) before split(A): the split answers 409 and nothing is left behind', async () => {
    const who = await seller('delete-split');
    const [a, ...others] = await uploadBatch(who);
    const { product } = combineResponseSchema.parse(
      (
        await post(who, '/api/products/combine', {
          productIds: [a!.id, ...others.map((p) => p.id)],
        })
      ).json(),
    );
    const before = await balanceOf(h, who.id);
    const replies = await queuedBehindLock(product.id, [
      () =>
        who.client.request({
          method: 'DELETE',
          url: `/api/product/${product.id}`,
          cookie: who.cookie,
        }),
      () => post(who, `/api/product/${product.id}/split`),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 409]);
    await h.generationIdle();
    expect(await productRows(h, who.id)).toEqual([]);
    await expectImages(product.images, 404);
    expect(await balanceOf(h, who.id)).toEqual(before);
  });
});
