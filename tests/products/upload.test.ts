import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, uploadResponseSchema } from '#domain/products.js';
import { MAX_FILE_BYTES, notEnoughCreditsMessage, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { BAD_DIR } from '../images/support.js';
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

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

describe('upload', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('turns real photos into pending products that become ready, paid subscription first', async () => {
    const a = await account(h, 'photos');
    await setBalance(h, a.id, { planName: 'premium', subscriptionCredits: 2, fixedCredits: 3 });
    const files = [
      photo('home-mug-black-yellow.jpg'),
      photo('apparel-hoodie-red.png'),
      photo('food-bread-slicing-animated.gif'),
      photo('food-baking-soda-bowl.webp'),
    ];

    const response = await a.client.upload(a.cookie, files);
    expect(response.statusCode).toBe(202);
    const body = uploadResponseSchema.parse(response.json());
    expect(body.rejected).toEqual([]);
    expect(body.results.map((p) => p.fileName)).toEqual(files.map((f) => f.name));
    // Each photo was drafted as it arrived: early ones may be ready by the time the upload ends.
    expect(body.results.every((p) => p.generation.state !== 'failed')).toBe(true);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 1 });
    // One credit reserved per photo, subscription credits first.
    expect(await ledgerOf(h, a.id)).toEqual([
      { reason: 'sign-up', subscriptionDelta: 0, fixedDelta: 3 },
      { reason: 'generation', subscriptionDelta: -1, fixedDelta: 0 },
      { reason: 'generation', subscriptionDelta: -1, fixedDelta: 0 },
      { reason: 'generation', subscriptionDelta: 0, fixedDelta: -1 },
      { reason: 'generation', subscriptionDelta: 0, fixedDelta: -1 },
    ]);
    const buckets = (await productRows(h, a.id)).map((row) => row.creditBucket).sort();
    expect(buckets).toEqual(['fixed', 'fixed', 'subscription', 'subscription']);

    await h.generationIdle();
    const listed = await listProducts(a);
    expect(listed).toHaveLength(4);
    for (const product of listed) {
      productSchema.parse(product);
      expect(product.generation).toEqual({ state: 'ready' });
      expect(product.title).toMatch(/^Sample product \d$/);
      expect(product.price.suggested).toBeGreaterThan(19);
      expect(product.images).toEqual([product.imageUrl]);
    }
    // The provider saw each display JPEG, as JPEG.
    const describes = h.vision!.calls.filter((c) => c.kind === 'describe').slice(-4);
    expect(describes.every((c) => c.mimeType === 'image/jpeg')).toBe(true);
    expect(describes.every((c) => c.image.subarray(0, 3).equals(JPEG_MAGIC))).toBe(true);

    for (const product of listed) {
      const display = await a.client.request({ url: product.imageUrl });
      expect(display.statusCode).toBe(200);
      expect(display.headers['content-type']).toBe('image/jpeg');
      expect(display.headers['cache-control']).toBe('private, max-age=3600');
      expect(display.headers['x-content-type-options']).toBe('nosniff');
      expect(display.rawPayload.subarray(0, 3).equals(JPEG_MAGIC)).toBe(true);
      const thumb = await a.client.request({ url: product.thumbnailUrl });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('private, max-age=3600');
      expect(thumb.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    // Only display and thumb are served; the original never is.
    const imageId = listed[0]!.imageUrl.split('/')[3];
    const original = await a.client.request({ url: `/api/images/${imageId}/original` });
    expect(original.statusCode).toBe(404);
  });

  it('passes the seller’s own recent prices to the provider as hints', async () => {
    const a = await account(h, 'hints');
    await uploadOk(a, [photo('home-mug-stoneware.jpg')]);
    await h.generationIdle();
    await uploadOk(a, [photo('home-globe.jpg')]);
    await h.generationIdle();
    const last = h.vision!.calls.filter((c) => c.kind === 'describe').at(-1)!;
    const [first] = await listProducts(a).then((list) => list.slice(-1));
    expect(last.hints?.sellerPrices).toEqual([
      { title: first!.title, price: first!.price.suggested },
    ]);
  });

  const rejectedFiles = [
    ['empty.jpg', BAD_DIR],
    ['text-renamed.jpg', BAD_DIR],
    ['truncated.jpg', BAD_DIR],
    ['food-yeast-granules.avif', undefined],
  ] as const;
  for (const [name, dir] of rejectedFiles) {
    it(`refuses ${name} with the spec message, keeps nothing and charges nothing`, async () => {
      const a = await account(h, 'bad');
      const filesBefore = await h.uploadedFiles();
      const response = await a.client.upload(a.cookie, [photo(name, dir)]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.unsupportedFormat });
      expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
      expect(await productRows(h, a.id)).toEqual([]);
      expect(await ledgerOf(h, a.id)).toHaveLength(1);
      expect(await h.uploadedFiles()).toEqual(filesBefore);
    });
  }

  it('accepts files by content: a PNG named .jpg and an SVG (served as JPEG, never as SVG)', async () => {
    const a = await account(h, 'content');
    const body = await uploadOk(a, [
      photo('png-named-as.jpg', BAD_DIR),
      photo('script-inside.svg', BAD_DIR),
    ]);
    expect(body.results).toHaveLength(2);
    await h.generationIdle();
    for (const product of await listProducts(a)) {
      const display = await a.client.request({ url: product.imageUrl });
      expect(display.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('lists bad files in rejected while good ones become products, charging only those', async () => {
    const a = await account(h, 'mixed');
    const body = await uploadOk(a, [
      photo('text-renamed.jpg', BAD_DIR),
      photo('toys-football.jpg'),
      photo('food-yeast-granules.avif'),
    ]);
    expect(body.results.map((p) => p.fileName)).toEqual(['toys-football.jpg']);
    expect(body.rejected).toEqual([
      { fileName: 'text-renamed.jpg', message: UPLOAD_MESSAGES.unsupportedFormat },
      { fileName: 'food-yeast-granules.avif', message: UPLOAD_MESSAGES.unsupportedFormat },
    ]);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 2 });
    // Exactly one image folder, the football's, exists for this user.
    const folders = new Set(
      (await h.uploadedFiles())
        .filter((f) => f.startsWith(`users/${a.id}/`))
        .map((f) => f.split('/')[2]),
    );
    expect([...folders]).toEqual([body.results[0]!.imageUrl.split('/')[3]]);
  });

  it('refuses a file over 10 MB with the size message', async () => {
    const a = await account(h, 'huge');
    const huge = Buffer.alloc(MAX_FILE_BYTES + 1, 0);
    readFileHeaderInto(huge);
    const filesBefore = await h.uploadedFiles();
    const response = await a.client.upload(a.cookie, [{ name: 'huge.jpg', data: huge }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.fileTooLarge });
    expect(await h.uploadedFiles()).toEqual(filesBefore);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
  });

  it('refuses 4 files on the free plan, storing nothing', async () => {
    const a = await account(h, 'four');
    await setBalance(h, a.id, { fixedCredits: 10 });
    const filesBefore = await h.uploadedFiles();
    const response = await a.client.upload(a.cookie, [
      photo('toys-football.jpg'),
      photo('toys-rubiks-cube.jpg'),
      photo('toys-skateboard.jpg'),
      photo('toys-treasure-box.jpg'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.tooManyFree });
    expect(await h.uploadedFiles()).toEqual(filesBefore);
    expect(await productRows(h, a.id)).toEqual([]);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 10 });
  });

  it('answers 402 with the exact message when credits do not cover the accepted files', async () => {
    const a = await account(h, 'poor');
    await setBalance(h, a.id, { fixedCredits: 1 });
    const filesBefore = await h.uploadedFiles();
    const response = await a.client.upload(a.cookie, [
      photo('toys-football.jpg'),
      photo('toys-rubiks-cube.jpg'),
    ]);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ error: notEnoughCreditsMessage(1, 2) });
    expect(await h.uploadedFiles()).toEqual(filesBefore);
    expect(await productRows(h, a.id)).toEqual([]);
    // The first photo was drafted as it arrived; the refused upload gave its credit back.
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 1 });
    expect(await ledgerOf(h, a.id)).toEqual([
      { reason: 'sign-up', subscriptionDelta: 0, fixedDelta: 3 },
      { reason: 'generation', subscriptionDelta: 0, fixedDelta: -1 },
      { reason: 'refund', subscriptionDelta: 0, fixedDelta: 1 },
    ]);
  });

  it('answers 400 "Failed to process uploaded files" when no file was sent', async () => {
    const a = await account(h, 'none');
    const empty = await a.client.upload(a.cookie, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: UPLOAD_MESSAGES.processingFailed });
    const json = await a.client.request({
      method: 'POST',
      url: '/api/product/generate-product-details-from-image',
      payload: { images: [] },
      cookie: a.cookie,
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: UPLOAD_MESSAGES.processingFailed });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const filesBefore = await h.uploadedFiles();
    const response = await h.client().upload(undefined, [photo('toys-football.jpg')]);
    expect(response.statusCode).toBe(401);
    expect(await h.uploadedFiles()).toEqual(filesBefore);
  });
});

/** Starts the buffer like a JPEG so only its size can be the reason for refusing it. */
function readFileHeaderInto(buffer: Buffer): void {
  buffer.set([0xff, 0xd8, 0xff, 0xe0], 0);
}
