/**
 * Listing on eBay through the Sell Inventory API (issue 27, ADR 049), against the fake eBay:
 * everything eBay needs asked first (nothing sent), a draft left unpublished, 'List now'
 * published, a re-publish updating the same item and offer, a lost answer's retry finding the
 * offer by SKU, 429s waited out, eBay's refusals with the product's name, another seller's product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EbayPublishReply } from '#domain/api/ebay.js';
import { productRow } from '../shopify/publish-support.js';
import { startFakeEbay, type FakeEbay } from '../support/fake-ebay.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import { aspectsOf, connectedSeller, publishEbay, seedProduct } from './support.js';

const BELTS = '2993';
const BRAND = [{ name: 'Brand', value: 'Fossil' }];

describe('listing on eBay', () => {
  let fake: FakeEbay;
  let h: TestApp;

  beforeAll(async () => {
    fake = await startFakeEbay(APP_URL);
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('shows eBay’s suggested category and its aspects, pre-filled from what is known', async () => {
    const { a } = await connectedSeller(h, fake, 'aspects');
    const productId = await seedProduct(h, a.id);
    const reply = await aspectsOf(a, productId);
    expect(reply.categories[0]).toEqual({
      id: BELTS,
      name: 'Belts',
      path: 'Clothing, Shoes & Accessories > Men > Men’s Accessories > Belts',
    });
    expect(reply.categoryId).toBe(BELTS);
    expect(reply.aspects.map(({ name, required, value }) => ({ name, required, value }))).toEqual([
      { name: 'Brand', required: true, value: null },
      { name: 'Color', required: false, value: null },
      { name: 'Style', required: false, value: null },
    ]);
    expect(reply.needs).toEqual(['Brand']);
    // Aspects are read once per category tree version, whoever asks.
    const reads = () => fake.calls.filter((c) => c.path.includes('get_item_aspects')).length;
    const before = reads();
    await aspectsOf(a, productId, BELTS);
    expect(reads()).toBe(before);
  });

  it('asks first: a missing required aspect, condition or price is refused before any call', async () => {
    const { a } = await connectedSeller(h, fake, 'asks');
    const productId = await seedProduct(h, a.id, { condition: null });
    await aspectsOf(a, productId, BELTS);
    const before = fake.calls.length;
    const response = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      error: 'eBay needs before “Brown Leather Belt” can be listed: condition, Brand.',
      code: 'ebay-needs',
    });
    expect(fake.calls.length).toBe(before);
    expect(await productRow(h, productId)).toMatchObject({ status: 'draft', publishedShop: null });
  });

  it('publishes as a draft: item and offer made, the offer left unpublished, the price as seen', async () => {
    const { a, seller } = await connectedSeller(h, fake, 'draft');
    const productId = await seedProduct(h, a.id, { confirmed: BRAND });
    const response = await publishEbay(a, { productId, categoryId: BELTS, status: 'draft' });
    expect(response.statusCode, response.body).toBe(200);
    const reply = response.json() as EbayPublishReply;
    expect(reply).toMatchObject({
      sku: productId,
      listingId: null,
      status: 'draft',
      created: true,
    });
    expect(seller.items.get(productId)).toMatchObject({
      condition: 'USED_EXCELLENT',
      product: {
        title: 'Brown Leather Belt',
        aspects: { Brand: ['Fossil'] },
        brand: 'Fossil',
        imageUrls: [
          expect.stringMatching(/^http:\/\/app\.listsmith\.test\/api\/images\/.+\/display\.jpg$/),
        ],
      },
    });
    expect(seller.offers).toHaveLength(1);
    expect(seller.offers[0]).toMatchObject({
      offerId: reply.offerId,
      sku: productId,
      status: 'UNPUBLISHED',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      categoryId: BELTS,
      availableQuantity: 1,
      merchantLocationKey: 'garage',
      pricingSummary: { price: { value: '39.99', currency: 'USD' } },
      listingPolicies: {
        fulfillmentPolicyId: '6196932000',
        paymentPolicyId: '6196933000',
        returnPolicyId: '6196934000',
      },
    });
    expect(fake.calls.some((c) => c.path.endsWith('/publish/'))).toBe(false);
    expect(await productRow(h, productId)).toMatchObject({
      status: 'published',
      storeStatus: 'draft',
      publishedShop: 'ebay.com',
    });
  });

  it('List now publishes; a re-publish updates the same item and offer, never a second', async () => {
    const { a, seller } = await connectedSeller(h, fake, 'live');
    const productId = await seedProduct(h, a.id, { confirmed: BRAND });
    expect(
      (await publishEbay(a, { productId, categoryId: BELTS, status: 'draft' })).statusCode,
    ).toBe(200);
    const live = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(live.statusCode, live.body).toBe(200);
    const reply = live.json() as EbayPublishReply;
    expect(reply).toMatchObject({
      status: 'live',
      created: false,
      listingUrl: `https://www.ebay.com/itm/${reply.listingId}`,
    });
    expect(seller.offers).toHaveLength(1);
    expect(seller.offers[0]).toMatchObject({ status: 'PUBLISHED', offerId: reply.offerId });

    await h.db
      .updateTable('products')
      .set({ title: 'Brown Leather Belt, Size 34', priceCents: 4250 })
      .where('id', '=', productId)
      .execute();
    const again = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      offerId: reply.offerId,
      listingId: reply.listingId,
      created: false,
    });
    expect(seller.offers).toHaveLength(1);
    expect(seller.items.size).toBe(1);
    expect(seller.offers[0]!.pricingSummary).toEqual({
      price: { value: '42.50', currency: 'USD' },
    });
    expect((seller.items.get(productId) as { product: { title: string } }).product.title).toBe(
      'Brown Leather Belt, Size 34',
    );
    expect(await productRow(h, productId)).toMatchObject({ storeStatus: 'active' });
  });

  it('an answer lost on the way back: the retry finds the offer by SKU, no duplicate', async () => {
    const { a, seller } = await connectedSeller(h, fake, 'lost');
    const productId = await seedProduct(h, a.id, { confirmed: BRAND });
    fake.loseNextOfferCreate();
    const lost = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(lost.statusCode, lost.body).toBe(502);
    expect(lost.json()).toMatchObject({ code: 'ebay-unavailable' });
    expect(seller.offers).toHaveLength(1);
    expect(await productRow(h, productId)).toMatchObject({ status: 'draft', publishedShop: null });

    const retry = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(seller.offers).toHaveLength(1);
    expect(retry.json()).toMatchObject({ offerId: seller.offers[0]!.offerId, status: 'live' });
  });

  it('eBay’s refusal names the product: 25002 for an aspect eBay requires', async () => {
    const { a } = await connectedSeller(h, fake, 'refused');
    // The Brand requirement appears only on eBay's side (the cache knew none): eBay says so.
    const productId = await seedProduct(h, a.id, { title: 'Grey Belt' });
    await h.db
      .updateTable('ebayTaxonomyCache')
      .set({ data: '[]' })
      .where('key', 'like', `%:${BELTS}`)
      .execute();
    const response = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      error:
        'eBay did not accept “Grey Belt”: A user error has occurred. The item specific Brand is missing. Add Brand to this listing, enter a valid value, and then try again.',
      code: 'ebay-refused',
    });
    await h.db.deleteFrom('ebayTaxonomyCache').where('key', 'like', `%:${BELTS}`).execute();
  });

  it('waits out 429 answers and refreshes an expired token in the middle of a publish', async () => {
    const { a, seller } = await connectedSeller(h, fake, 'busy');
    const productId = await seedProduct(h, a.id, { confirmed: BRAND });
    const before = fake.calls.length;
    fake.throttleNext(2);
    fake.expireAccessTokens();
    const response = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(response.statusCode, response.body).toBe(200);
    const calls = fake.calls.slice(before);
    expect(calls.filter((c) => c.status === 429)).toHaveLength(2);
    expect(calls.filter((c) => c.path === '/identity/v1/oauth2/token')).toHaveLength(1);
    expect(seller.offers).toHaveLength(1);
  });

  it('a revoked refresh token asks to connect again; nothing is marked', async () => {
    const { a } = await connectedSeller(h, fake, 'revoked');
    const productId = await seedProduct(h, a.id, { confirmed: BRAND });
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
    const response = await publishEbay(a, { productId, categoryId: BELTS, status: 'live' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ebay-reconnect' });
    expect(await productRow(h, productId)).toMatchObject({ status: 'draft' });
  });

  it('another seller’s product answers 404 and sends nothing', async () => {
    const owner = await connectedSeller(h, fake, 'owner');
    const stranger = await connectedSeller(h, fake, 'stranger');
    const productId = await seedProduct(h, owner.a.id, { confirmed: BRAND });
    const before = fake.calls.length;
    const response = await publishEbay(stranger.a, {
      productId,
      categoryId: BELTS,
      status: 'live',
    });
    expect(response.statusCode).toBe(404);
    const aspects = await stranger.a.client.request({
      url: `/api/ebay/products/${productId}/aspects`,
      cookie: stranger.a.cookie,
    });
    expect(aspects.statusCode).toBe(404);
    expect(fake.calls.length).toBe(before);
  });
});
