import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBuy, subscriptionAction, testClock } from '../billing/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  listProducts,
  photo,
  productRows,
  uploadOk,
  type Account,
} from '../products/support.js';
import { libraryPage, libraryRequest, makePremium, seedLibrary } from './support.js';

const clock = testClock(new Date('2025-01-10T12:00:00.000Z'));

describe('library after premium ends: read-only for 30 days, then deleted', () => {
  let h: TestApp;
  let seller: Account;
  let bystander: Account;
  beforeAll(async () => {
    h = await startTestApp({ now: clock.now });
    seller = await account(h, 'downgrade');
    bystander = await account(h, 'downgrade-bystander');
    await makePremium(h, bystander.id);
    await seedLibrary(h, bystander.id, [{ title: 'Bystander lamp' }]);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function endPremium(at: string) {
    expect((await subscriptionAction(seller, 'cancel')).statusCode).toBe(200);
    clock.set(new Date(at));
    await h.billing.runDueSandboxPeriods(clock.now());
  }

  function change(method: 'PATCH' | 'DELETE', id: string) {
    return seller.client.request({
      method,
      url: `/api/product/${id}`,
      cookie: seller.cookie,
      ...(method === 'PATCH' ? { payload: { title: 'Changed' } } : {}),
    });
  }

  it('keeps the library read-only, downloads working, until the seller subscribes again', async () => {
    await sandboxBuy(seller, 'premium');
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const [saved] = await listProducts(seller);
    expect(saved!.status).toBe('saved');

    await endPremium('2025-02-10T12:00:00.000Z');
    const page = await libraryPage(seller);
    expect(page.access).toEqual({ mode: 'read-only', deleteAfter: '2025-03-12T12:00:00.000Z' });
    expect(page.products.map((p) => p.id)).toEqual([saved!.id]);
    const csv = await seller.client.request({
      url: '/api/library/export/shopify',
      cookie: seller.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(saved!.title);

    for (const response of [
      await change('PATCH', saved!.id),
      await change('DELETE', saved!.id),
      await seller.client.request({
        method: 'POST',
        url: '/api/library/bulk',
        cookie: seller.cookie,
        payload: { selection: { kind: 'ids', ids: [saved!.id] }, action: { type: 'delete' } },
      }),
      await seller.client.request({
        method: 'POST',
        url: '/api/products/review/finish',
        cookie: seller.cookie,
      }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'library-read-only',
        error:
          'Your library is read-only because your Premium subscription ended. Subscribe again to edit it; you can still download it.',
      });
    }
    expect((await libraryPage(seller)).products[0]!.title).toBe(saved!.title);

    await sandboxBuy(seller, 'premium');
    expect((await libraryPage(seller)).access).toEqual({ mode: 'editable' });
    expect((await change('PATCH', saved!.id)).statusCode).toBe(200);
  });

  it('deletes the library, images included, 30 days after premium ended; nobody else’s', async () => {
    // Subscribing again closed the review list: the product is in the library only.
    expect(await listProducts(seller)).toEqual([]);
    const [saved] = (await libraryPage(seller)).products;
    const imageId = saved!.imageUrl.split('/')[3]!;
    await endPremium('2025-03-10T12:00:00.000Z');
    expect((await libraryPage(seller)).access).toEqual({
      mode: 'read-only',
      deleteAfter: '2025-04-09T12:00:00.000Z',
    });

    clock.set(new Date('2025-04-09T11:59:00.000Z'));
    expect(await h.library.sweeper.sweepOnce()).toBe(0);
    expect(await productRows(h, seller.id)).toHaveLength(1);

    clock.set(new Date('2025-04-09T12:00:00.000Z'));
    expect(await h.library.sweeper.sweepOnce()).toBe(1);
    expect(await productRows(h, seller.id)).toHaveLength(0);
    expect((await h.uploadedFiles()).some((file) => file.includes(imageId))).toBe(false);
    const gone = await libraryRequest(seller);
    expect(gone.statusCode).toBe(403);
    expect(gone.json()).toMatchObject({ code: 'premium-required' });
    expect((await libraryPage(bystander)).total).toBe(1);
    // A bulk request of a bystander's product by the former seller changes nothing either.
    const bulk = await seller.client.request({
      method: 'POST',
      url: '/api/library/bulk',
      cookie: seller.cookie,
      payload: { selection: { kind: 'search', q: 'lamp' }, action: { type: 'delete' } },
    });
    expect(bulk.statusCode).toBe(403);
    expect((await libraryPage(bystander)).total).toBe(1);
  });
});
