import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStateSchema } from '#domain/billing.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { FOREIGN_ORIGIN, startTestApp, type TestApp } from '../support/harness.js';
import {
  balanceOf,
  buyer,
  expectBalanceMatchesLedger,
  ledgerOf,
  spendCredits,
  startCheckout,
  subscriptionAction,
  subscriptionOf,
  type Buyer,
} from './support.js';
import {
  deliver,
  postWebhook,
  STRIPE_PRICES,
  stripeEnv,
  WEBHOOK_SECRET,
} from './stripe-support.js';

describe('Stripe webhooks', () => {
  let fake: FakeStripe;
  let h: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    h = await startTestApp({ env: stripeEnv(fake) });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function checkout(b: Buyer, priceId: string): Promise<string> {
    const response = await startCheckout(b, { priceId });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { sessionId: string }).sessionId;
  }

  /** A premium checkout paid on Stripe's side; returns the session and subscription ids. */
  async function paidPremium(b: Buyer) {
    const sessionId = await checkout(b, STRIPE_PRICES.premium);
    const session = fake.completeCheckout(sessionId);
    return { session, subscriptionId: session.subscription as string };
  }

  async function stateOf(b: Buyer) {
    return subscriptionStateSchema.parse((await subscriptionOf(b)).json());
  }

  async function processedCount() {
    const rows = await h.db.selectFrom('processedEvents').select('id').execute();
    return rows.length;
  }

  it('refuses a missing, forged or tampered signature and changes nothing', async () => {
    const b = await buyer(h, 'forged');
    const sessionId = await checkout(b, STRIPE_PRICES['pack-50']);
    const session = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);
    const before = await processedCount();

    const genuine = fake.signed(event, WEBHOOK_SECRET);
    const forged = fake.signed(event, 'whsec_somebody_else');
    const tampered = genuine.payload.replace(sessionId, `${sessionId}x`);
    for (const [label, payload, headers] of [
      ['missing', genuine.payload, {}],
      ['empty', genuine.payload, { 'stripe-signature': '' }],
      ['garbage', genuine.payload, { 'stripe-signature': 'nonsense' }],
      ['forged', forged.payload, { 'stripe-signature': forged.signature }],
      ['tampered', tampered, { 'stripe-signature': genuine.signature }],
    ] as const) {
      const response = await postWebhook(h, payload, headers);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject({ error: 'Invalid Stripe signature' });
    }
    expect(await processedCount()).toBe(before);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 3 });
    const [row] = await h.rows('checkoutSessions', 'id', sessionId);
    expect(row).toMatchObject({ status: 'open' });

    // The genuine delivery works, even though it does not come from our origin.
    const ok = await postWebhook(
      h,
      genuine.payload,
      { 'stripe-signature': genuine.signature },
      FOREIGN_ORIGIN,
    );
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 53 });
  });

  it('the same event delivered five times credits once', async () => {
    const b = await buyer(h, 'redelivered');
    const sessionId = await checkout(b, STRIPE_PRICES['pack-10']);
    const session = fake.completeCheckout(sessionId);
    const event = fake.event('checkout.session.completed', session);
    const { payload, signature } = fake.signed(event, WEBHOOK_SECRET);
    const concurrent = await Promise.all(
      Array.from({ length: 3 }, () => postWebhook(h, payload, { 'stripe-signature': signature })),
    );
    const later = [
      await postWebhook(h, payload, { 'stripe-signature': signature }),
      await postWebhook(h, payload, { 'stripe-signature': signature }),
    ];
    for (const response of [...concurrent, ...later]) expect(response.statusCode).toBe(200);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 13 });
    expect(await h.rows('processedEvents', 'id', event.id)).toHaveLength(1);
    const [row] = await h.rows('checkoutSessions', 'id', sessionId);
    expect(row).toMatchObject({ status: 'complete' });
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('invoice.paid before checkout.session.completed: premium with one reset', async () => {
    const b = await buyer(h, 'out-of-order');
    const { session, subscriptionId } = await paidPremium(b);
    const invoice = fake.invoiceFor(subscriptionId);
    expect((await deliver(h, fake, 'invoice.paid', invoice)).response.statusCode).toBe(200);
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      status: 'active',
      subscriptionCredits: 50,
    });

    await spendCredits(h, b.id, 4);
    expect(
      (await deliver(h, fake, 'checkout.session.completed', session)).response.statusCode,
    ).toBe(200);
    const periodEnd = new Date(fake.periodEnd(subscriptionId) * 1000).toISOString();
    expect(await stateOf(b)).toEqual({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
      fixedCredits: 3,
      subscriptionCredits: 46,
    });
    const renewals = (await ledgerOf(h, b.id)).filter((r) => r.reason === 'renewal');
    expect(renewals).toEqual([
      {
        reason: 'renewal',
        subscriptionDelta: 50,
        fixedDelta: 0,
        reference: `${subscriptionId}:${periodEnd}`,
      },
    ]);
    const [account] = await h.rows('billingAccounts', 'userId', b.id);
    expect(account).toMatchObject({
      provider: 'stripe',
      subscriptionId,
      customerId: session.customer,
    });
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('a renewal resets to 50; a payment failure marks past_due and changes no credits', async () => {
    const b = await buyer(h, 'renewing');
    const { session, subscriptionId } = await paidPremium(b);
    await deliver(h, fake, 'checkout.session.completed', session);
    await spendCredits(h, b.id, 35);
    expect(await balanceOf(h, b.id)).toMatchObject({ subscriptionCredits: 15 });

    const nextEnd = fake.renew(subscriptionId);
    // An invoice in the pre-2025 shape (top-level `subscription`) is read too.
    await deliver(h, fake, 'invoice.paid', fake.invoiceFor(subscriptionId, { legacyField: true }));
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      subscriptionCredits: 50,
      currentPeriodEnd: new Date(nextEnd * 1000).toISOString(),
    });
    await spendCredits(h, b.id, 10);

    fake.renew(subscriptionId);
    fake.setStatus(subscriptionId, 'past_due');
    const failed = await deliver(
      h,
      fake,
      'invoice.payment_failed',
      fake.invoiceFor(subscriptionId),
    );
    expect(failed.response.statusCode).toBe(200);
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      status: 'past_due',
      subscriptionCredits: 40,
      fixedCredits: 3,
    });
    expect((await ledgerOf(h, b.id)).filter((r) => r.reason === 'renewal')).toHaveLength(2);
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('cancel at period end, then subscription.deleted: free, subscription 0, purchased kept', async () => {
    const b = await buyer(h, 'leaving');
    const packId = await checkout(b, STRIPE_PRICES['pack-25']);
    await deliver(h, fake, 'checkout.session.completed', fake.completeCheckout(packId));
    const { session, subscriptionId } = await paidPremium(b);
    await deliver(h, fake, 'checkout.session.completed', session);
    await spendCredits(h, b.id, 8);

    const before = fake.requests.length;
    const canceled = await subscriptionAction(b, 'cancel');
    expect(canceled.statusCode, canceled.body).toBe(200);
    const periodEnd = new Date(fake.periodEnd(subscriptionId) * 1000).toISOString();
    expect(subscriptionStateSchema.parse(canceled.json())).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    });
    expect(fake.requests.slice(before)).toMatchObject([
      {
        method: 'POST',
        path: `/v1/subscriptions/${subscriptionId}`,
        body: { cancel_at_period_end: 'true' },
      },
    ]);
    const subscription = fake.subscriptions.get(subscriptionId)!;
    await deliver(h, fake, 'customer.subscription.updated', subscription);
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      cancelAtPeriodEnd: true,
      subscriptionCredits: 42,
    });

    // Resume and cancel again: both reach Stripe.
    expect((await subscriptionAction(b, 'resume')).json()).toMatchObject({
      cancelAtPeriodEnd: false,
    });
    expect(fake.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    await subscriptionAction(b, 'cancel');

    // The period ends on Stripe's side.
    fake.setStatus(subscriptionId, 'canceled');
    const deleted = await deliver(
      h,
      fake,
      'customer.subscription.deleted',
      fake.subscriptions.get(subscriptionId)!,
    );
    expect(deleted.response.statusCode).toBe(200);
    const ended = await stateOf(b);
    expect(ended).toMatchObject({
      plan: 'free',
      status: 'canceled',
      subscriptionCredits: 0,
      fixedCredits: 28,
    });
    expect((await ledgerOf(h, b.id)).at(-1)).toMatchObject({
      reason: 'premium-ended',
      subscriptionDelta: -42,
      reference: `${subscriptionId}:ended`,
    });

    // A late invoice.paid of the deleted subscription does not bring premium back.
    await deliver(h, fake, 'invoice.paid', fake.invoiceFor(subscriptionId));
    expect(await stateOf(b)).toEqual(ended);
    expect((await b.client.profile(b.cookie)).json()).toMatchObject({
      planName: 'Free',
      fixedCredits: 28,
    });
    expect((await subscriptionAction(b, 'cancel')).statusCode).toBe(409);

    // Buying premium again reuses the Stripe customer.
    const again = fake.requests.length;
    await checkout(b, STRIPE_PRICES.premium);
    expect(fake.requests[again]!.body).toMatchObject({ customer: session.customer });
    expect(fake.requests[again]!.body.customer_email).toBeUndefined();
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('a cancel or resume Stripe refuses answers 502 and changes nothing', async () => {
    const b = await buyer(h, 'refused');
    const { session, subscriptionId } = await paidPremium(b);
    await deliver(h, fake, 'checkout.session.completed', session);
    const premium = await stateOf(b);
    // Stripe has ended the subscription; its webhook has not arrived yet.
    fake.setStatus(subscriptionId, 'canceled');
    const canceled = await subscriptionAction(b, 'cancel');
    expect(canceled.statusCode).toBe(502);
    expect(canceled.json()).toEqual({
      error: 'Failed to cancel your subscription. Please try again',
      code: 'payment-provider',
    });
    expect(await stateOf(b)).toEqual(premium);
    // The reason is in the server's log for the operator, not in the answer.
    expect(h.logs.join('')).toContain('A canceled subscription can only update its metadata.');

    const leaving = await buyer(h, 'refused-resume');
    const second = await paidPremium(leaving);
    await deliver(h, fake, 'checkout.session.completed', second.session);
    expect((await subscriptionAction(leaving, 'cancel')).statusCode).toBe(200);
    const pending = await stateOf(leaving);
    expect(pending.cancelAtPeriodEnd).toBe(true);
    fake.setStatus(second.subscriptionId, 'canceled');
    const resumed = await subscriptionAction(leaving, 'resume');
    expect(resumed.statusCode).toBe(502);
    expect(resumed.json()).toEqual({
      error: 'Failed to resume your subscription. Please try again',
      code: 'payment-provider',
    });
    expect(await stateOf(leaving)).toEqual(pending);
  });

  it('an unknown event type is acknowledged and recorded', async () => {
    const { response, event } = await deliver(h, fake, 'charge.refund.updated', {
      id: 're_1',
      object: 'refund',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await h.rows('processedEvents', 'id', event.id)).toMatchObject([
      { type: 'charge.refund.updated', provider: 'stripe' },
    ]);
  });
});
