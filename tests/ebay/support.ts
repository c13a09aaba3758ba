/** Shared by the eBay tests: a seller connected through the fake eBay, products and publishing. */
import { expect } from 'vitest';
import type { EbayAspectsReply, EbayConnectReply, EbaySettingsReply } from '#domain/api/ebay.js';
import { account, type Account } from '../products/support.js';
import { seedProduct as seedShopifyProduct } from '../shopify/publish-support.js';
import { followCallback } from '../shopify/support.js';
import { POLICIES } from '../support/fake-ebay-schemas.js';
import type { FakeEbay } from '../support/fake-ebay.js';
import type { TestApp } from '../support/harness.js';

export const SETTINGS = {
  fulfillmentPolicyId: POLICIES.fulfillment[0]!.fulfillmentPolicyId,
  paymentPolicyId: POLICIES.payment[0]!.paymentPolicyId,
  returnPolicyId: POLICIES.returns[0]!.returnPolicyId,
  merchantLocationKey: POLICIES.locations[0]!.merchantLocationKey,
};

export async function startConnect(a: Account): Promise<string> {
  const response = await a.client.request({
    method: 'POST',
    url: '/api/ebay/connect',
    cookie: a.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as EbayConnectReply).authorizeUrl;
}

export function chooseSettings(a: Account, payload: unknown = SETTINGS) {
  return a.client.request({
    method: 'PUT',
    url: '/api/ebay/settings',
    payload: payload as Record<string, unknown>,
    cookie: a.cookie,
  });
}

/** A new seller who agreed on the fake's consent page and chose their policies and location. */
export async function connectedSeller(h: TestApp, fake: FakeEbay, label: string) {
  const a = await account(h, label);
  expect(await followCallback(a, fake.approve(await startConnect(a)))).toBe(
    '/account?ebay=connected',
  );
  const chosen = await chooseSettings(a);
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { a, seller: fake.seller() };
}

/** A ready, used belt at $39.99 (as the seller saw it), its photo stored. */
export async function seedProduct(
  h: TestApp,
  userId: string,
  extra: {
    title?: string;
    condition?: string | null;
    confirmed?: { name: string; value: string }[];
  } = {},
): Promise<string> {
  const id = await seedShopifyProduct(
    h,
    userId,
    extra.title === undefined ? {} : { title: extra.title },
  );
  await h.db
    .updateTable('products')
    .set({
      priceCents: 3999,
      condition: extra.condition === undefined ? 'used' : extra.condition,
      confirmedAttributes: JSON.stringify(extra.confirmed ?? []),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

export async function aspectsOf(a: Account, productId: string, categoryId?: string) {
  const query = categoryId ? `?categoryId=${categoryId}` : '';
  const response = await a.client.request({
    url: `/api/ebay/products/${productId}/aspects${query}`,
    cookie: a.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EbayAspectsReply;
}

export function publishEbay(a: Account, payload: unknown) {
  return a.client.request({
    method: 'POST',
    url: '/api/ebay/publish-product',
    payload: payload as Record<string, unknown>,
    cookie: a.cookie,
  });
}

export async function settingsOf(a: Account): Promise<EbaySettingsReply> {
  const response = await a.client.request({ url: '/api/ebay/settings', cookie: a.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EbaySettingsReply;
}
