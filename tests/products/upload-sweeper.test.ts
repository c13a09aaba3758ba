import { readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { intakeImage } from '#server/images/intake.js';
import type { ImageStore } from '#server/images/storage.js';
import { createUploadSweeper, LEFTOVER_MIN_AGE_MS } from '#server/drafting/upload-sweeper.js';
import { createTempStore, PHOTOS_DIR, type TempStore } from '../images/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk } from './support.js';

const quiet = { warn: () => {}, error: () => {} };

/** Stores a photo as an upload does, without a product: what a crash mid-upload leaves. */
async function leftover(store: ImageStore, userId: string): Promise<string> {
  const { imageId } = await intakeImage(
    { store },
    { userId, file: photo('home-mug-black-yellow.jpg', PHOTOS_DIR).data },
  );
  return imageId;
}

/** Makes an image folder and everything in it look `ageMs` old. */
async function age(root: string, userId: string, imageId: string, ageMs: number): Promise<void> {
  const dir = path.join(root, 'users', userId, imageId);
  const when = new Date(Date.now() - ageMs);
  for (const name of await readdir(dir)) await utimes(path.join(dir, name), when, when);
  await utimes(dir, when, when);
}

async function imageIds(root: string, userId: string): Promise<string[]> {
  return (await readdir(path.join(root, 'users', userId)).catch(() => [])).sort();
}

describe('upload leftovers in the app', () => {
  let h: TestApp;
  let uploadsDir: string;
  beforeAll(async () => {
    h = await startTestApp();
    uploadsDir = path.join(h.dataDir, 'uploads');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('removes old folders without a product, and keeps products’ images and young folders', async () => {
    const seller = await account(h, 'sweep');
    const { results } = await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    const [product] = await listProducts(seller);
    const kept = product!.imageUrl.split('/')[3]!;
    const stale = await leftover(h.imageStore, seller.id);
    const live = await leftover(h.imageStore, seller.id);
    const week = 7 * 24 * 60 * 60 * 1000;
    await age(uploadsDir, seller.id, kept, week);
    await age(uploadsDir, seller.id, stale, LEFTOVER_MIN_AGE_MS + 60_000);
    // An upload in progress: its files are minutes old and its product not committed yet.
    await age(uploadsDir, seller.id, live, 5 * 60_000);

    expect(await h.drafting.sweeper.sweepOnce()).toBe(1);
    expect(await imageIds(uploadsDir, seller.id)).toEqual([kept, live].sort());
    const served = await seller.client.request({ url: results[0]!.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(await h.drafting.sweeper.sweepOnce()).toBe(0);
  });
});

describe('upload sweeper schedule', () => {
  let temp: TempStore;
  beforeEach(async () => {
    temp = await createTempStore();
  });
  afterEach(async () => {
    await temp.cleanup();
  });

  it('sweeps at start and then every interval, until stopped', async () => {
    const first = await leftover(temp.store, 'u1');
    await age(temp.dir, 'u1', first, LEFTOVER_MIN_AGE_MS + 1);
    const sweeper = createUploadSweeper({
      store: temp.store,
      products: { ownerOfImage: async () => undefined },
      log: quiet,
      intervalMs: 50,
    });
    sweeper.start();
    try {
      await expect.poll(() => imageIds(temp.dir, 'u1')).toEqual([]);
      const second = await leftover(temp.store, 'u1');
      await age(temp.dir, 'u1', second, LEFTOVER_MIN_AGE_MS + 1);
      await expect.poll(() => imageIds(temp.dir, 'u1')).toEqual([]);
    } finally {
      await sweeper.stop();
    }
    const third = await leftover(temp.store, 'u1');
    await age(temp.dir, 'u1', third, LEFTOVER_MIN_AGE_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await imageIds(temp.dir, 'u1')).toEqual([third]);
  });

  it('keeps a folder whose product exists, however old', async () => {
    const imageId = await leftover(temp.store, 'u2');
    await age(temp.dir, 'u2', imageId, 30 * LEFTOVER_MIN_AGE_MS);
    const sweeper = createUploadSweeper({
      store: temp.store,
      products: {
        ownerOfImage: async (id) => (id === imageId ? { userId: 'u2', imageId } : undefined),
      },
      log: quiet,
    });
    expect(await sweeper.sweepOnce()).toBe(0);
    expect(await imageIds(temp.dir, 'u2')).toEqual([imageId]);
  });
});
