/** A product of several photos goes to the store with every photo, main first (issue 16). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKey } from '#server/images/storage.js';
import { PHOTOS_DIR } from '../images/support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { BELT_JPEG, connectedSeller, publish, seedProduct } from './publish-support.js';

const MUG_JPEG = readFileSync(path.join(PHOTOS_DIR, 'home-mug-stoneware.jpg'));

describe('publishing a product of several photos', () => {
  let fake: FakeShopify;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify();
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('uploads every photo in the product’s order, and follows a new order on re-publish', async () => {
    const { a, shop, storeId } = await connectedSeller(h, fake, 'photos');

    const productId = await seedProduct(h, a.id);
    const { imageId: beltId } = await h.db
      .selectFrom('products')
      .select('imageId')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const mugId = randomUUID();
    await h.imageStore.put(imageKey(a.id, mugId, 'display'), MUG_JPEG, 'image/jpeg');
    const setPhotos = (ids: string[]) =>
      h.db
        .updateTable('products')
        .set({
          imageId: ids[0]!,
          photos: JSON.stringify(ids.map((imageId) => ({ imageId, fileName: `${imageId}.jpg` }))),
        })
        .where('id', '=', productId)
        .execute();
    await setPhotos([mugId, beltId]);

    const publishDraft = () => publish(a, { storeId, productId, status: 'draft' });
    const first = await publishDraft();
    expect(first.statusCode, first.body).toBe(200);
    let [product, ...others] = fake.products(shop);
    expect(others).toEqual([]);
    expect(product!.media.map((media) => media.bytes)).toEqual([MUG_JPEG, BELT_JPEG]);

    await setPhotos([beltId, mugId]);
    const again = await publishDraft();
    expect(again.statusCode, again.body).toBe(200);
    [product, ...others] = fake.products(shop);
    expect(others).toEqual([]);
    expect(product!.media.map((media) => media.bytes)).toEqual([BELT_JPEG, MUG_JPEG]);
  });
});
