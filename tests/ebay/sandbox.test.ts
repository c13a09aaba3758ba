/**
 * The sandbox eBay (embedded default, ADR 049): with no eBay keyset Listsmith plays eBay — its
 * consent page's Agree, its own category tree (Belts require Brand), policies and a location,
 * draft and live listings on its admin list — through the same services as real eBay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EbayPublishReply, EbaySandboxListingsReply } from '#domain/api/ebay.js';
import { account, type Account } from '../products/support.js';
import { followCallback } from '../shopify/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  aspectsOf,
  chooseSettings,
  publishEbay,
  seedProduct,
  settingsOf,
  startConnect,
} from './support.js';

async function agree(a: Account, state: string) {
  return a.client.request({
    method: 'POST',
    url: '/api/ebay/sandbox/authorize',
    payload: { state },
    cookie: a.cookie,
  });
}

async function listings(a: Account) {
  const response = await a.client.request({ url: '/api/ebay/sandbox/listings', cookie: a.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as EbaySandboxListingsReply).listings;
}

describe('the sandbox eBay', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('connects, asks for Brand, lists a draft, then lists it live', async () => {
    const a = await account(h, 'sandbox');
    const consent = new URL(await startConnect(a), 'http://app.listsmith.test');
    expect(consent.pathname).toBe('/sandbox/ebay/authorize');
    const state = consent.searchParams.get('state')!;
    const stranger = await account(h, 'stranger');
    expect((await agree(stranger, state)).statusCode).toBe(400);
    const agreed = await agree(a, state);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(await followCallback(a, (agreed.json() as { redirectUrl: string }).redirectUrl)).toBe(
      '/account?ebay=connected',
    );

    const settings = await settingsOf(a);
    const choice = {
      fulfillmentPolicyId: settings.fulfillmentPolicies[0]!.id,
      paymentPolicyId: settings.paymentPolicies[0]!.id,
      returnPolicyId: settings.returnPolicies[0]!.id,
      merchantLocationKey: settings.locations[0]!.id,
    };
    expect((await chooseSettings(a, choice)).statusCode).toBe(200);

    const productId = await seedProduct(h, a.id);
    const aspects = await aspectsOf(a, productId);
    expect(aspects.categoryId).toBe('2993');
    expect(aspects.categories[0]!.path).toBe(
      'Clothing, Shoes & Accessories > Men > Men’s Accessories > Belts',
    );
    expect(aspects.needs).toEqual(['Brand']);
    const refused = await publishEbay(a, { productId, categoryId: '2993', status: 'draft' });
    expect(refused.statusCode).toBe(400);

    // The card's Brand chip: the seller confirms the attribute.
    const filled = await a.client.request({
      method: 'PATCH',
      url: `/api/product/${productId}`,
      payload: { confirmedAttributes: [{ name: 'Brand', value: 'Fossil' }] },
      cookie: a.cookie,
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect((await aspectsOf(a, productId, '2993')).needs).toEqual([]);
    const draft = await publishEbay(a, { productId, categoryId: '2993', status: 'draft' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(await listings(a)).toMatchObject([
      {
        sku: productId,
        title: 'Brown Leather Belt',
        price: '39.99',
        currency: 'USD',
        categoryName: 'Belts',
        condition: 'USED_EXCELLENT',
        aspects: { Brand: ['Fossil'] },
        status: 'UNPUBLISHED',
        listingId: null,
      },
    ]);
    expect(await listings(stranger)).toEqual([]);

    const live = await publishEbay(a, { productId, categoryId: '2993', status: 'live' });
    expect(live.statusCode, live.body).toBe(200);
    const reply = live.json() as EbayPublishReply;
    expect(reply.listingUrl).toBe(`/sandbox/ebay/listings#listing-${reply.listingId}`);
    const [listed, ...others] = await listings(a);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      status: 'PUBLISHED',
      listingId: reply.listingId,
      offerId: reply.offerId,
    });

    // Moved to another of the suggestions, the card asks for that one again without being told.
    const moved = await publishEbay(a, { productId, categoryId: '99', status: 'live' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await aspectsOf(a, productId)).categoryId).toBe('99');
    expect((await listings(a))[0]).toMatchObject({ categoryId: '99', categoryName: 'Other' });
  });
});
