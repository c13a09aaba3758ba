/**
 * The app with S3_BUCKET set, against a real S3-compatible server (s3rver): uploads land in the
 * bucket, the app's image URLs serve them, deletes remove them, and an outage costs nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { STORAGE_UNAVAILABLE_MESSAGE, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { intakeImage } from '#server/images/intake.js';
import { IMAGE_CACHE_CONTROL } from '#server/drafting/image-routes.js';
import { createUploadSweeper, LEFTOVER_MIN_AGE_MS } from '#server/drafting/upload-sweeper.js';
import { BAD_DIR } from '../images/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
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

const VARIANTS = ['display', 'original', 'thumb'];
const quiet = { warn: () => {}, error: () => {} };

function imageIdOf(imageUrl: string): string {
  return imageUrl.split('/')[3]!;
}

describe('images in S3-compatible storage', () => {
  let s3: S3TestServer;
  let bucket: string;
  let h: TestApp;

  // The originals' copies on this machine (intake.ts) go here: this file's own folder.
  const copies = mkdtempSync(path.join(tmpdir(), 'listsmith-s3-copies-'));
  const copiesLeft = () =>
    readdirSync(copies).filter((name) => name.startsWith('listsmith-original-'));

  beforeAll(async () => {
    process.env.TMPDIR = copies;
    s3 = await startS3Server();
    bucket = await s3.createBucket();
    h = await startTestApp({ env: s3.env(bucket) });
  });
  afterAll(async () => {
    await h?.close();
    await s3?.stop();
    rmSync(copies, { recursive: true, force: true });
  });

  const keysOf = (seller: Account) => s3.keys(bucket, `users/${seller.id}/`);

  it('stores each upload in the bucket and serves it at the same URLs as before', async () => {
    const seller = await account(h, 's3-upload');
    const { results } = await uploadOk(seller, [
      photo('home-mug-black-yellow.jpg'),
      photo('apparel-hoodie-red.png'),
    ]);
    await h.generationIdle();
    expect(copiesLeft()).toEqual([]);

    const ids = results.map((product) => imageIdOf(product.imageUrl));
    expect(await keysOf(seller)).toEqual(
      ids.flatMap((id) => VARIANTS.map((v) => `users/${seller.id}/${id}/${v}`)).sort(),
    );
    // Nothing on the local disk: another process could not have served it.
    expect(await h.uploadedFiles()).toEqual([]);

    for (const product of await listProducts(seller)) {
      expect(product.generation.state).toBe('ready');
      const id = imageIdOf(product.imageUrl);
      for (const [url, type, key] of [
        [product.imageUrl, 'image/jpeg', 'display'],
        [product.thumbnailUrl, 'image/webp', 'thumb'],
      ] as const) {
        // No session: stores importing a CSV fetch these URLs themselves.
        const served = await h.client().request({ url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(type);
        expect(served.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const stored = await s3.object(bucket, `users/${seller.id}/${id}/${key}`);
        expect(stored?.contentType).toBe(type);
        expect(served.rawPayload.equals(stored!.body)).toBe(true);
        expect(Number(served.headers['content-length'])).toBe(stored!.body.length);
      }
    }
  });

  it('exports CSV image URLs that load', async () => {
    const seller = await account(h, 's3-export');
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const response = await seller.client.request({
      url: '/api/products/export/shopify',
      cookie: seller.cookie,
    });
    const [row] = parseCsvObjects(response.body);
    const image = await h.client().request({ url: new URL(row!['Image Src']!).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.length).toBeGreaterThan(1000);
  });

  it('stores nothing of a broken image', async () => {
    const seller = await account(h, 's3-broken');
    const response = await seller.client.upload(seller.cookie, [
      { name: 'truncated.jpg', data: readFileSync(path.join(BAD_DIR, 'truncated.jpg')) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.unsupportedFormat });
    expect(await keysOf(seller)).toEqual([]);
    expect(copiesLeft()).toEqual([]);
  });

  it('fails an upload whose local copy cannot be written, charges nothing, and carries on', async () => {
    const seller = await account(h, 's3-no-copy');
    await setBalance(h, seller.id, { fixedCredits: 2, subscriptionCredits: 0 });
    const before = await balanceOf(h, seller.id);
    // No such folder: the copy's file cannot be opened.
    process.env.TMPDIR = path.join(copies, 'missing');
    try {
      const refused = await seller.client.upload(seller.cookie, [photo('toys-football.jpg')]);
      // As any other failure to process the file (the disk store's full disk alike).
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: UPLOAD_MESSAGES.processingFailed });
      expect(await balanceOf(h, seller.id)).toEqual(before);
      expect(await productRows(h, seller.id)).toHaveLength(0);
      expect(await keysOf(seller)).toEqual([]);
    } finally {
      process.env.TMPDIR = copies;
    }
    await uploadOk(seller, [photo('toys-football.jpg')]);
    expect(copiesLeft()).toEqual([]);
  });

  it('removes the objects when a product, and when an account, is deleted', async () => {
    const seller = await account(h, 's3-delete');
    await setBalance(h, seller.id, { fixedCredits: 5 });
    const { results } = await uploadOk(seller, [
      photo('home-mug-black-yellow.jpg'),
      photo('toys-football.jpg'),
    ]);
    await h.generationIdle();
    const [first, second] = results;

    const removed = await seller.client.request({
      method: 'DELETE',
      url: `/api/product/${first!.id}`,
      cookie: seller.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const left = await keysOf(seller);
    expect(left).toHaveLength(3);
    expect(left.every((key) => key.includes(imageIdOf(second!.imageUrl)))).toBe(true);
    expect((await h.client().request({ url: first!.imageUrl })).statusCode).toBe(404);

    const gone = await seller.client.request({
      method: 'DELETE',
      url: '/api/user/profile',
      cookie: seller.cookie,
    });
    expect(gone.statusCode).toBe(200);
    expect(await keysOf(seller)).toEqual([]);
  });

  it('sweeps upload leftovers from the bucket and keeps products’ images', async () => {
    const seller = await account(h, 's3-sweep');
    const { results } = await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    const { imageId: orphan } = await intakeImage(
      { store: h.imageStore },
      { userId: seller.id, file: photo('toys-football.jpg').data },
    );
    const later = new Date(Date.now() + LEFTOVER_MIN_AGE_MS + 60_000);
    const sweeper = createUploadSweeper({
      store: h.imageStore,
      products: h.catalog.products,
      log: quiet,
      now: () => later,
    });
    expect(await sweeper.sweepOnce()).toBe(1);
    const left = await keysOf(seller);
    expect(left.some((key) => key.includes(orphan))).toBe(false);
    expect(left).toHaveLength(3);
    expect(left.every((key) => key.includes(imageIdOf(results[0]!.imageUrl)))).toBe(true);
    await h.generationIdle();
  });

  it('answers 503 while storage is down, charges nothing, and works again after', async () => {
    const seller = await account(h, 's3-outage');
    await setBalance(h, seller.id, { fixedCredits: 2, subscriptionCredits: 0 });
    const { results } = await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const before = await balanceOf(h, seller.id);

    await s3.pause();
    try {
      const refused = await seller.client.upload(seller.cookie, [photo('toys-football.jpg')]);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        error: STORAGE_UNAVAILABLE_MESSAGE,
        code: 'storage-unavailable',
      });
      expect(await balanceOf(h, seller.id)).toEqual(before);
      expect(await productRows(h, seller.id)).toHaveLength(1);

      const image = await h.client().request({ url: results[0]!.imageUrl });
      expect(image.statusCode).toBe(503);
      expect(image.headers['cache-control']).toBe('no-store');
      expect(image.json()).toMatchObject({ code: 'storage-unavailable' });
      await expect(h.imageStore.checkReachable()).rejects.toThrow('unavailable');
    } finally {
      await s3.resume();
    }

    await uploadOk(seller, [photo('toys-football.jpg')]);
    await h.generationIdle();
    expect((await h.client().request({ url: results[0]!.imageUrl })).statusCode).toBe(200);
    expect(await keysOf(seller)).toHaveLength(6);
  });
});
