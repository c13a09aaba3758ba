/** A product of several photos goes to the store with every photo, main first (issue 16). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageKey } from '#server/images/storage.js';
import { PHOTOS_DIR } from '../images/support.js';
import { account } from '../products/support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { BELT_JPEG, seedProduct } from './publish-support.js';
import { followCallback, startConnect, storesOf } from './support.js';

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
    const a = await account(h, 'photos');
    const shop = `photos-${randomUUID().slice(0, 8)}.myshopify.com`;
    const { authorizeUrl } = await startConnect(a, shop);
    await followCallback(a, await fake.approve(authorizeUrl));
    const [store] = await storesOf(a);

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

    const publish = () =>
      a.client.request({
        method: 'POST',
        url: '/api/shopify/publish-product',
        payload: { storeId: store!.id, productId, status: 'draft' },
        cookie: a.cookie,
      });
    const first = await publish();
    expect(first.statusCode, first.body).toBe(200);
    let [product, ...others] = fake.products(shop);
    expect(others).toEqual([]);
    expect(product!.media.map((media) => media.bytes)).toEqual([MUG_JPEG, BELT_JPEG]);

    await setPhotos([beltId, mugId]);
    const again = await publish();
    expect(again.statusCode, again.body).toBe(200);
    [product, ...others] = fake.products(shop);
    expect(others).toEqual([]);
    expect(product!.media.map((media) => media.bytes)).toEqual([BELT_JPEG, MUG_JPEG]);
  });
});
