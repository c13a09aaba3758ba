/**
 * A product whose photo is gone from image storage (issue 28): regenerating it says what
 * happened and what to do (delete, or upload again) instead of a 500; the delete the message
 * offers works. Runs on both databases (TEST_DATABASE=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MISSING } from '#domain/product-photos.js';
import { imagePrefix } from '#server/images/storage.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk } from './support.js';

describe('a product whose photo storage lost', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers regenerate with what happened and what to do; delete still works', async () => {
    const who = await account(h, 'lost-photo');
    await uploadOk(who, [photo('home-globe.jpg')]);
    await h.generationIdle();
    const [product] = await listProducts(who);
    await h.imageStore.deletePrefix(imagePrefix(who.id, product!.photos[0]!.imageId));

    const regenerated = await who.client.request({
      method: 'POST',
      url: '/api/product/regenerate-product-detail',
      cookie: who.cookie,
      payload: { productId: product!.id, field: 'title' },
    });
    expect(regenerated.statusCode).toBe(409);
    expect(regenerated.json()).toEqual({ error: PHOTO_MISSING.message, code: PHOTO_MISSING.code });
    expect(h.logs.some((line) => line.includes('"level":50'))).toBe(false);

    const removed = await who.client.request({
      method: 'DELETE',
      url: `/api/product/${product!.id}`,
      cookie: who.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect(await listProducts(who)).toEqual([]);
  });
});
