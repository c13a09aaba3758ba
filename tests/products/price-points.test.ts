import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDraft } from '#domain/listing-draft.js';
import { DEFAULT_SELLER_SETTINGS, sellerSettingsSchema } from '#domain/seller-settings.js';
import type { VisionProvider } from '#server/vision/providers/vision-provider.js';
import { sampleDraft } from '../support/fake-vision-provider.js';
import { FOREIGN_ORIGIN, startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from './support.js';

/** An estimate with false precision, as a median is: $21.73 in a $12.99–$30.00 range. */
const ESTIMATE: ListingDraft['price'] = {
  suggested: 21.73,
  low: 12.99,
  high: 30,
  currency: 'USD',
  basis: 'comparable sample products',
};

/** A provider whose every draft carries ESTIMATE, whatever the photo. */
const estimating: VisionProvider = {
  name: 'estimating',
  async describe() {
    return sampleDraft(1, { price: ESTIMATE });
  },
  async regenerate() {
    return { text: 'Regenerated' };
  },
};

describe('seller settings and price points', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;

  beforeAll(async () => {
    h = await startTestApp({ visionProvider: estimating });
    seller = await account(h, 'price-seller');
    other = await account(h, 'price-other');
  });
  afterAll(async () => {
    await h?.close();
  });

  function getSettings(who: Account | null) {
    return (who ?? seller).client.request({
      url: '/api/user/settings',
      cookie: who?.cookie,
    });
  }

  function putSettings(who: Account | null, payload: unknown, origin?: string) {
    return (who ?? seller).client.request({
      method: 'PUT',
      url: '/api/user/settings',
      payload: payload as object,
      cookie: who?.cookie,
      origin,
    });
  }

  async function settingsOf(who: Account) {
    const response = await getSettings(who);
    expect(response.statusCode).toBe(200);
    return sellerSettingsSchema.parse(response.json());
  }

  async function draftedPrice(who: Account) {
    await uploadOk(who, [photo('home-mug-stoneware.jpg')]);
    await h.generationIdle();
    return (await listProducts(who))[0]!.price;
  }

  it('needs a session', async () => {
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await putSettings(null, { priceEnding: 'whole' })).statusCode).toBe(401);
  });

  it('gives the defaults to a seller who never chose', async () => {
    expect(await settingsOf(seller)).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
  });

  it('stores the seller’s choice and leaves another user’s settings alone', async () => {
    const response = await putSettings(seller, { priceEnding: '.95' });
    expect(response.statusCode).toBe(200);
    expect(sellerSettingsSchema.parse(response.json())).toEqual({
      ...DEFAULT_SELLER_SETTINGS,
      priceEnding: '.95',
    });
    expect(await settingsOf(seller)).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.95' });
    expect(await settingsOf(other)).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });

    expect((await putSettings(seller, { priceEnding: 'whole' })).statusCode).toBe(200);
    expect(await settingsOf(seller)).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: 'whole' });
    expect(await settingsOf(other)).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
  });

  it.each([
    ['an unknown ending', { priceEnding: '.49' }],
    ['no setting', {}],
    ['an unknown setting', { priceEnding: '.95', tone: 'loud' }],
    ['a body that is no object', ['.95']],
  ])('answers 400 to %s and changes nothing', async (_, payload) => {
    const before = await settingsOf(seller);
    expect((await putSettings(seller, payload)).statusCode).toBe(400);
    expect(await settingsOf(seller)).toEqual(before);
  });

  it('refuses a cross-site change', async () => {
    const before = await settingsOf(seller);
    const ending = before.priceEnding === '.95' ? '.99' : '.95';
    const response = await putSettings(seller, { priceEnding: ending }, FOREIGN_ORIGIN);
    expect(response.statusCode).toBe(403);
    expect(await settingsOf(seller)).toEqual(before);
  });

  it('drafts the suggested price at the chosen ending; the range stays the estimate’s', async () => {
    // The default, for a seller who never chose.
    expect(await draftedPrice(other)).toEqual({
      suggested: 21.99,
      low: ESTIMATE.low,
      high: ESTIMATE.high,
      basis: ESTIMATE.basis,
    });

    expect((await putSettings(other, { priceEnding: '.95' })).statusCode).toBe(200);
    expect((await draftedPrice(other)).suggested).toBe(21.95);

    expect((await putSettings(other, { priceEnding: 'whole' })).statusCode).toBe(200);
    expect(await draftedPrice(other)).toMatchObject({ suggested: 22, low: 12.99, high: 30 });
  });

  it('never changes a price the seller typed', async () => {
    const [product] = await listProducts(other);
    const response = await other.client.request({
      method: 'PATCH',
      url: `/api/product/${product!.id}`,
      payload: { price: 21.73 },
      cookie: other.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect((await listProducts(other))[0]!.price.suggested).toBe(21.73);
  });
});
