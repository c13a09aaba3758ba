/** Shared by the Shopify tests: the connect round trip and row checks. */
import { expect } from 'vitest';
import type { OAuthStateReply } from '#domain/api/shopify.js';
import type { Account } from '../products/support.js';
import type { TestApp } from '../support/harness.js';

export function oauthState(a: Account, shop: string) {
  return a.client.request({
    method: 'POST',
    url: '/api/shopify/oauth-state',
    payload: { shop },
    cookie: a.cookie,
  });
}

export async function startConnect(a: Account, shop: string): Promise<OAuthStateReply> {
  const response = await oauthState(a, shop);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OAuthStateReply;
}

/** Follows a callback URL (absolute or app-relative) as the browser would; returns Location. */
export async function followCallback(a: Account | null, callbackUrl: string, cookie?: string) {
  const url = new URL(callbackUrl, 'http://app.listsmith.test');
  const client = a?.client;
  if (!client) throw new Error('a client is needed');
  const response = await client.request({
    url: `${url.pathname}${url.search}`,
    cookie: cookie ?? a.cookie,
  });
  expect(response.statusCode, response.body).toBe(302);
  return response.headers.location as string;
}

export async function storeRows(h: TestApp, userId?: string) {
  return h.db
    .selectFrom('shopifyStores')
    .selectAll()
    .$if(userId !== undefined, (query) => query.where('userId', '=', userId!))
    .execute();
}

export async function storesOf(a: Account) {
  const response = await a.client.request({ url: '/api/shopify/stores', cookie: a.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { stores: { id: string; shopDomain: string }[] }).stores;
}

/** Connects a sandbox `domain` through the consent page's Install; resolves to the store. */
export async function connectSandbox(a: Account, domain: string) {
  const { authorizeUrl, state, shop } = await startConnect(a, domain);
  const redirectUri = new URL(authorizeUrl, 'http://app.listsmith.test').searchParams.get(
    'redirect_uri',
  )!;
  const installed = await a.client.request({
    method: 'POST',
    url: '/api/shopify/sandbox/authorize',
    payload: { shop, state, redirectUri },
    cookie: a.cookie,
  });
  expect(installed.statusCode, installed.body).toBe(200);
  await followCallback(a, (installed.json() as { redirectUrl: string }).redirectUrl);
  const store = (await storesOf(a)).find((entry) => entry.shopDomain === shop);
  return { shop, storeId: store!.id };
}
