import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutSessionViewSchema,
  SANDBOX_PRICE_IDS,
  billingCatalogSchema,
  sandboxCheckoutResultSchema,
} from '#domain/billing.js';
import { photo, uploadOk } from '../products/support.js';
import { FOREIGN_ORIGIN, startTestApp, type TestApp } from '../support/harness.js';
import {
  balanceOf,
  buyer,
  expectBalanceMatchesLedger,
  ledgerOf,
  sandboxAction,
  sandboxBuy,
  sandboxSession,
  startCheckout,
} from './support.js';

describe('sandbox checkout', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the packs and premium with the sandbox price ids', async () => {
    const b = await buyer(h, 'catalog');
    const response = await b.client.request({ url: '/api/billing/catalog', cookie: b.cookie });
    expect(response.statusCode).toBe(200);
    const catalog = billingCatalogSchema.parse(response.json());
    expect(catalog.provider).toBe('sandbox');
    expect(
      catalog.packs.map((p) => [p.credits, p.totalPrice, p.pricePerCredit, p.priceId]),
    ).toEqual([
      [10, 7, 0.7, SANDBOX_PRICE_IDS['pack-10']],
      [25, 15, 0.6, SANDBOX_PRICE_IDS['pack-25']],
      [50, 27, 0.54, SANDBOX_PRICE_IDS['pack-50']],
    ]);
    expect(catalog.premium.priceId).toBe(SANDBOX_PRICE_IDS.premium);
    expect((await h.client().request({ url: '/api/billing/catalog' })).statusCode).toBe(401);
  });

  it('accepts only a known price id, from the session user, from our own site', async () => {
    const b = await buyer(h, 'validation');
    for (const payload of [
      {},
      { priceId: '' },
      { priceId: '   ' },
      { priceId: 42 },
      { priceId: 'price_unknown' },
      { priceId: 'price_live_premium_from_stripe' },
      { priceId: 'x'.repeat(500) },
    ]) {
      const response = await startCheckout(b, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ error: 'Invalid priceId.' });
    }
    const other = await buyer(h, 'victim');
    const smuggled = await startCheckout(b, {
      priceId: SANDBOX_PRICE_IDS['pack-10'],
      userId: other.id,
    });
    expect(smuggled.statusCode).toBe(400);
    const anonymous = await h.client().request({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { priceId: SANDBOX_PRICE_IDS['pack-10'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await startCheckout(
      b,
      { priceId: SANDBOX_PRICE_IDS['pack-10'] },
      { origin: FOREIGN_ORIGIN },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await h.rows('checkoutSessions', 'userId', b.id)).toHaveLength(0);
    expect(await h.rows('checkoutSessions', 'userId', other.id)).toHaveLength(0);
  });

  it('starts a checkout: an open session of the caller and the sandbox page url', async () => {
    const b = await buyer(h, 'start');
    const response = await startCheckout(b, { priceId: SANDBOX_PRICE_IDS['pack-25'] });
    expect(response.statusCode).toBe(200);
    const { sessionId, url } = response.json() as { sessionId: string; url: string };
    expect(url).toBe(`/sandbox/checkout/${encodeURIComponent(sessionId)}`);
    const [row] = await h.rows('checkoutSessions', 'id', sessionId);
    expect(row).toMatchObject({
      userId: b.id,
      provider: 'sandbox',
      itemKey: 'pack-25',
      status: 'open',
    });
    const view = await b.client.request({
      url: `/api/billing/checkout-sessions/${sessionId}`,
      cookie: b.cookie,
    });
    expect(view.statusCode).toBe(200);
    expect(checkoutSessionViewSchema.parse(view.json())).toMatchObject({
      id: sessionId,
      provider: 'sandbox',
      status: 'open',
      item: { key: 'pack-25', kind: 'pack', credits: 25, priceUsd: 15 },
    });
    // Nothing is granted by starting.
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 3, subscriptionCredits: 0 });
  });

  it('Pay grants the pack once: 5 simultaneous pays and a later one credit 10', async () => {
    const b = await buyer(h, 'pay-once');
    const id = await sandboxSession(b, 'pack-10');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => sandboxAction(b, id, 'pay')),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      const result = sandboxCheckoutResultSchema.parse(response.json());
      expect(result.session.status).toBe('complete');
      expect(result.redirectUrl).toBe(`/billing/success?session_id=${encodeURIComponent(id)}`);
    }
    expect((await sandboxAction(b, id, 'pay')).statusCode).toBe(200);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 13, subscriptionCredits: 0 });
    expect((await ledgerOf(h, b.id)).filter((row) => row.reason === 'pack-purchase')).toEqual([
      { reason: 'pack-purchase', subscriptionDelta: 0, fixedDelta: 10, reference: id },
    ]);
    const profile = await b.client.profile(b.cookie);
    expect(profile.json()).toMatchObject({
      planName: 'Free',
      fixedCredits: 13,
      credits: { free: 3, monthly: 0, purchased: 10, total: 13 },
    });
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('counts the free credits as used first: 3 used, then 10 bought, is 10 purchased', async () => {
    const b = await buyer(h, 'free-then-pack');
    const fresh = await b.client.profile(b.cookie);
    expect(fresh.json().credits).toEqual({ free: 3, monthly: 0, purchased: 0, total: 3 });
    await uploadOk(
      b,
      ['home-mug-black-yellow.jpg', 'toys-football.jpg', 'home-mug-black-yellow.jpg'].map((name) =>
        photo(name),
      ),
    );
    await h.generationIdle();
    await sandboxBuy(b, 'pack-10');
    const profile = await b.client.profile(b.cookie);
    expect(profile.json().credits).toEqual({ free: 0, monthly: 0, purchased: 10, total: 10 });
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('Cancel grants nothing, sends the user back, and the session can no longer be paid', async () => {
    const b = await buyer(h, 'cancel');
    const id = await sandboxSession(b, 'pack-50');
    const canceled = await sandboxAction(b, id, 'cancel');
    expect(canceled.statusCode).toBe(200);
    expect(sandboxCheckoutResultSchema.parse(canceled.json())).toMatchObject({
      session: { id, status: 'expired' },
      redirectUrl: '/billing/canceled',
    });
    const pay = await sandboxAction(b, id, 'pay');
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ code: 'checkout-expired' });
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 3, subscriptionCredits: 0 });
    expect(await ledgerOf(h, b.id)).toHaveLength(1);
    // A paid session cannot be cancelled afterwards.
    const paidId = await sandboxBuy(b, 'pack-10');
    expect((await sandboxAction(b, paidId, 'cancel')).statusCode).toBe(409);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 13 });
  });

  it('another user’s checkout is not found for view, pay or cancel', async () => {
    const owner = await buyer(h, 'owner');
    const intruder = await buyer(h, 'intruder');
    const id = await sandboxSession(owner, 'pack-25');
    const view = await intruder.client.request({
      url: `/api/billing/checkout-sessions/${id}`,
      cookie: intruder.cookie,
    });
    expect(view.statusCode).toBe(404);
    expect((await sandboxAction(intruder, id, 'pay')).statusCode).toBe(404);
    expect((await sandboxAction(intruder, id, 'cancel')).statusCode).toBe(404);
    expect(await balanceOf(h, intruder.id)).toMatchObject({ fixedCredits: 3 });
    expect(await balanceOf(h, owner.id)).toMatchObject({ fixedCredits: 3 });
    const [row] = await h.rows('checkoutSessions', 'id', id);
    expect(row).toMatchObject({ status: 'open', userId: owner.id });
    // No session at all: 401 everywhere.
    const anonymous = h.client();
    expect(
      (await anonymous.request({ url: `/api/billing/checkout-sessions/${id}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await anonymous.request({
          method: 'POST',
          url: `/api/billing/sandbox/checkout-sessions/${id}/pay`,
        })
      ).statusCode,
    ).toBe(401);
    expect((await anonymous.request({ url: '/api/billing/subscription' })).statusCode).toBe(401);
    // From another site: refused before anything happens.
    const crossSite = await owner.client.request({
      method: 'POST',
      url: `/api/billing/sandbox/checkout-sessions/${id}/pay`,
      cookie: owner.cookie,
      origin: FOREIGN_ORIGIN,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await balanceOf(h, owner.id)).toMatchObject({ fixedCredits: 3 });
  });

  it('the Stripe webhook does not exist while the sandbox takes payments', async () => {
    const response = await h.client().request({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(response.statusCode).toBe(404);
  });
});
