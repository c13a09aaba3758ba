/** Shared by the store import tests: starting an import of a connected store and its outcome. */
import { expect } from 'vitest';
import type { CatalogueImport } from '#domain/catalogue-import.js';
import type { Account } from '../products/support.js';
import type { TestApp } from '../support/harness.js';

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
