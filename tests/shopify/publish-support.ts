/**
 * Shared by the publishing tests: a seller with a store connected through the fake Shopify, the
 * publish call, and a ready product with a real photo in the image store.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { imageKey } from '#server/images/storage.js';
import { PHOTOS_DIR } from '../images/support.js';
import { account, type Account } from '../products/support.js';
import type { FakeShopify } from '../support/fake-shopify.js';
import type { TestApp } from '../support/harness.js';
import { followCallback, startConnect, storesOf } from './support.js';

export const BELT_JPEG = readFileSync(path.join(PHOTOS_DIR, 'accessories-belt-leather.jpg'));
export const CATEGORY = 'gid://shopify/TaxonomyCategory/aa-2-6';

/** A ready product on the seller's review list, with its display image in the image store. */
export async function seedProduct(
  h: TestApp,
  userId: string,
  extra: { variants?: unknown; title?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const imageId = randomUUID();
  await h.imageStore.put(imageKey(userId, imageId, 'display'), BELT_JPEG, 'image/jpeg');
  const at = new Date().toISOString();
  await h.db
    .insertInto('products')
    .values({
      id,
      userId,
      imageId,
      fileName: 'belt.jpg',
      title: extra.title ?? 'Brown Leather Belt',
      description: 'Full-grain leather.\n\nBrass buckle & stitched edges.',
      tags: JSON.stringify(['belt', 'leather']),
      priceCents: 3450,
      priceLowCents: null,
      priceHighCents: null,
      priceBasis: null,
      categoryId: CATEGORY,
      categoryFullName: 'Apparel & Accessories > Clothing Accessories > Belts',
      categoryConfidence: 0.9,
      attributes: null,
      altText: 'Brown leather belt with a brass buckle',
      seoTitle: 'Brown Leather Belt | Brass Buckle',
      seoDescription: 'A full-grain leather belt with a brass buckle.',
      variants: JSON.stringify(extra.variants ?? { options: [], rows: [] }),
      generationState: 'ready',
      generationErrorCode: null,
      generationErrorMessage: null,
      generationRetryable: null,
      creditBucket: null,
      creditState: 'spent',
      barcode: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

export function publish(a: Account, payload: unknown) {
  return a.client.request({
    method: 'POST',
    url: '/api/shopify/publish-product',
    payload: payload as Record<string, unknown>,
    cookie: a.cookie,
  });
}

export async function productRow(h: TestApp, id: string) {
  return h.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A new seller who connected `{label}-…myshopify.com` through the fake's consent page. */
export async function connectedSeller(h: TestApp, fake: FakeShopify, label: string) {
  const a = await account(h, label);
  const shop = `${label}-${randomUUID().slice(0, 8)}.myshopify.com`;
  const { authorizeUrl } = await startConnect(a, shop);
  expect(await followCallback(a, await fake.approve(authorizeUrl))).toBe(
    `/create?shop_connected=${shop}`,
  );
  const [store] = await storesOf(a);
  return { a, shop, storeId: store!.id };
}
