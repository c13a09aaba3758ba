import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '#domain/api/profile.js';
import { sandboxBuy } from '../billing/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from '../products/support.js';
import { libraryPage, libraryRequest, makePremium } from './support.js';

describe('a product’s life: review list, library, premium', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  function finishReview(a: Account) {
    return a.client.request({
      method: 'POST',
      url: '/api/products/review/finish',
      cookie: a.cookie,
    });
  }

  async function profileOf(a: Account): Promise<Profile> {
    return (await a.client.profile(a.cookie)).json() as Profile;
  }

  it('premium: every generated product is saved at once and stays on the review list until finished', async () => {
    const seller = await account(h, 'premium-auto');
    await makePremium(h, seller.id);
    await h.db
      .updateTable('users')
      .set({ subscriptionCredits: 50 })
      .where('id', '=', seller.id)
      .execute();
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg'), photo('toys-football.jpg')]);
    await h.generationIdle();

    const review = await listProducts(seller);
    expect(review).toHaveLength(2);
    for (const product of review) {
      expect(product).toMatchObject({ status: 'saved', storeStatus: 'active' });
      expect(Date.parse(product.libraryAddedAt!)).not.toBeNaN();
    }
    const library = await libraryPage(seller);
    expect(library.products.map((p) => p.id).sort()).toEqual(review.map((p) => p.id).sort());
    expect((await profileOf(seller)).products.map((p) => p.status)).toEqual(['saved', 'saved']);

    const finished = await finishReview(seller);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toEqual({ saved: 2 });
    expect(await listProducts(seller)).toEqual([]);
    // The profile carries the review list only; the library is paged from its own endpoint.
    expect((await profileOf(seller)).products).toEqual([]);
    expect((await libraryPage(seller)).total).toBe(2);
    expect((await finishReview(seller)).json()).toEqual({ saved: 0 });
  });

  it('free: drafts stay drafts, no library, and finishing the review is premium', async () => {
    const seller = await account(h, 'free-drafts');
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const [draft] = await listProducts(seller);
    expect(draft).toMatchObject({ status: 'draft', libraryAddedAt: null, storeStatus: 'active' });
    expect((await profileOf(seller)).products).toMatchObject([{ id: draft!.id, status: 'draft' }]);
    const library = await libraryRequest(seller);
    expect(library.statusCode).toBe(403);
    expect(library.json()).toMatchObject({ code: 'premium-required' });
    const finish = await finishReview(seller);
    expect(finish.statusCode).toBe(403);
    expect(finish.json()).toMatchObject({ code: 'premium-required' });
    expect(await listProducts(seller)).toHaveLength(1);
  });

  it('upgrading saves every generated review draft to the library once the payment is confirmed', async () => {
    const seller = await account(h, 'upgrader');
    const other = await account(h, 'bystander');
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg'), photo('toys-football.jpg')]);
    await h.generationIdle();
    // A failed draft has nothing to save: it stays on the review list, retryable.
    h.vision!.failNextDescribes(1);
    await uploadOk(seller, [photo('accessories-belt-leather.jpg')]);
    await uploadOk(other, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const drafts = (await listProducts(seller)).filter((p) => p.generation.state === 'ready');
    expect(drafts).toHaveLength(2);

    await sandboxBuy(seller, 'premium');

    const library = await libraryPage(seller);
    expect(library.products.map((p) => p.id).sort()).toEqual(drafts.map((p) => p.id).sort());
    for (const product of library.products) {
      expect(product.status).toBe('saved');
      expect(product.libraryAddedAt).not.toBeNull();
    }
    const review = await listProducts(seller);
    expect(review.map((p) => p.generation.state)).toEqual(['failed']);
    expect(review[0]!.status).toBe('draft');
    // Nobody else's drafts moved.
    expect(await listProducts(other)).toMatchObject([{ status: 'draft' }]);
  });
});
