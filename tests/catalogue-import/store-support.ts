/** Shared by the store import tests: the app and seller, an import of a connected store, its outcome. */
import { expect } from 'vitest';
import type { CatalogueImport } from '#domain/catalogue-import.js';
import { makePremium } from '../library/support.js';
import type { Account } from '../products/support.js';
import { connectedSeller } from '../shopify/publish-support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp, type TestAppOptions } from '../support/harness.js';

/** The app beside a fake Shopify whose image URLs (loopback) the import may fetch. */
export async function startStoreImportApp(
  options: Omit<TestAppOptions, 'env'> = {},
): Promise<{ h: TestApp; fake: FakeShopify }> {
  const fake = await startFakeShopify();
  const h = await startTestApp({
    ...options,
    env: { ...fake.env, IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1', IMAGE_FETCH_TIMEOUT_MS: '5000' },
  });
  return { h, fake };
}

/** A Premium seller with a store connected to the fake Shopify. */
export async function premiumSeller(h: TestApp, fake: FakeShopify, label: string) {
  const seller = await connectedSeller(h, fake, label);
  await makePremium(h, seller.a.id);
  return seller;
}

export function importStore(a: Account, shop: string) {
  return a.client.request({
    method: 'POST',
    url: '/api/catalogue-imports/shopify',
    payload: { shop },
    cookie: a.cookie,
  });
}

/** Imports the store and waits until its pages are read and its images tried. */
export async function importedStore(h: TestApp, a: Account, shop: string) {
  const response = await importStore(a, shop);
  expect(response.statusCode, response.body).toBe(202);
  const started = response.json<CatalogueImport>();
  expect(started.fileName).toBe(shop);
  await h.catalogueImport.stores.idle();
  await h.catalogueImport.images.idle();
  const done = await a.client.request({
    url: `/api/catalogue-imports/${started.id}`,
    cookie: a.cookie,
  });
  return done.json<CatalogueImport>();
}

/** 'Update in Shopify' for the selection's products from `shop`. */
export function updateInStore(a: Account, shop: string, ids: readonly string[]) {
  return a.client.request({
    method: 'POST',
    url: '/api/catalogue-imports/shopify/update',
    payload: { shop, selection: { kind: 'ids', ids } },
    cookie: a.cookie,
  });
}
