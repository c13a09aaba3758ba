import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingCatalogSchema,
  checkoutSessionViewSchema,
  SANDBOX_PRICE_IDS,
} from '#domain/billing.js';
import { STRIPE_API_VERSION } from '#server/billing/stripe-api.js';
import { loadConfig, ConfigError } from '#server/config.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import {
  balanceOf,
  buyer,
  expectBalanceMatchesLedger,
  ledgerOf,
  startCheckout,
  type Buyer,
} from './support.js';
import { deliver, SECRET_KEY, STRIPE_PRICES, stripeEnv } from './stripe-support.js';

function viewOf(b: Buyer, id: string) {
  return b.client.request({ url: `/api/billing/checkout-sessions/${id}`, cookie: b.cookie });
}

describe('Stripe checkout', () => {
  let fake: FakeStripe;
  let h: TestApp;
  beforeAll(async () => {
    // The Stripe account lacks the 50-credit price the server is configured with.
    fake = await startFakeStripe([
      STRIPE_PRICES.premium,
      STRIPE_PRICES['pack-10'],
      STRIPE_PRICES['pack-25'],
    ]);
    h = await startTestApp({ env: stripeEnv(fake) });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('offers the configured Stripe price ids and refuses the sandbox ones', async () => {
    const b = await buyer(h, 'stripe-catalog');
    const catalog = billingCatalogSchema.parse(
      (await b.client.request({ url: '/api/billing/catalog', cookie: b.cookie })).json(),
    );
    expect(catalog.provider).toBe('stripe');
    expect(catalog.packs.map((pack) => pack.priceId)).toEqual([
      STRIPE_PRICES['pack-10'],
      STRIPE_PRICES['pack-25'],
      STRIPE_PRICES['pack-50'],
    ]);
    expect(catalog.premium.priceId).toBe(STRIPE_PRICES.premium);
    const sandboxPrice = await startCheckout(b, { priceId: SANDBOX_PRICE_IDS['pack-10'] });
    expect(sandboxPrice.statusCode).toBe(400);
    expect(sandboxPrice.json()).toEqual({ error: 'Invalid priceId.' });
    // The sandbox's own page does not exist with Stripe.
    const pay = await b.client.request({
      method: 'POST',
      url: '/api/billing/sandbox/checkout-sessions/cs_anything/pay',
      cookie: b.cookie,
    });
    expect(pay.statusCode).toBe(404);
  });

  it('creates a payment-mode Checkout Session for a pack with the user and the return urls', async () => {
    const b = await buyer(h, 'stripe-pack');
    const before = fake.requests.length;
    const response = await startCheckout(b, { priceId: STRIPE_PRICES['pack-25'] });
    expect(response.statusCode, response.body).toBe(200);
    const { sessionId, url } = response.json() as { sessionId: string; url: string };
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request!.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request!.stripeVersion).toBe(STRIPE_API_VERSION);
    expect(request!.idempotencyKey).toMatch(/\S{16,}/);
    expect(request!.body).toEqual({
      mode: 'payment',
      line_items: [{ price: STRIPE_PRICES['pack-25'], quantity: '1' }],
      client_reference_id: b.id,
      metadata: { userId: b.id, itemKey: 'pack-25' },
      payment_intent_data: { metadata: { userId: b.id, itemKey: 'pack-25' } },
      customer_email: b.email,
      success_url: `${APP_URL}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/billing/canceled`,
    });
    const [row] = await h.rows('checkoutSessions', 'id', sessionId);
    expect(row).toMatchObject({
      userId: b.id,
      provider: 'stripe',
      itemKey: 'pack-25',
      status: 'open',
    });
  });

  it('creates a subscription-mode session for premium with metadata on the subscription', async () => {
    const b = await buyer(h, 'stripe-premium');
    const before = fake.requests.length;
    const response = await startCheckout(b, { priceId: STRIPE_PRICES.premium });
    expect(response.statusCode, response.body).toBe(200);
    const body = fake.requests[before]!.body;
    expect(body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: STRIPE_PRICES.premium, quantity: '1' }],
      client_reference_id: b.id,
      metadata: { userId: b.id, itemKey: 'premium' },
      subscription_data: { metadata: { userId: b.id, itemKey: 'premium' } },
      customer_email: b.email,
    });
    expect(body.payment_intent_data).toBeUndefined();
  });

  it('the success page fulfils a paid session before the webhook, and the webhook adds nothing', async () => {
    const b = await buyer(h, 'stripe-race');
    const response = await startCheckout(b, { priceId: STRIPE_PRICES['pack-10'] });
    const { sessionId } = response.json() as { sessionId: string };

    // Not paid yet: the view stays open and nothing is granted.
    const unpaid = await viewOf(b, sessionId);
    expect(checkoutSessionViewSchema.parse(unpaid.json()).status).toBe('open');
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 3 });

    const session = fake.completeCheckout(sessionId);
    const paid = await viewOf(b, sessionId);
    expect(checkoutSessionViewSchema.parse(paid.json())).toMatchObject({
      id: sessionId,
      provider: 'stripe',
      status: 'complete',
      item: { key: 'pack-10', credits: 10 },
    });
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 13 });

    const { response: webhook } = await deliver(h, fake, 'checkout.session.completed', session);
    expect(webhook.statusCode).toBe(200);
    expect((await viewOf(b, sessionId)).json()).toMatchObject({ status: 'complete' });
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 13 });
    expect((await ledgerOf(h, b.id)).filter((r) => r.reason === 'pack-purchase')).toHaveLength(1);
    await expectBalanceMatchesLedger(h, b.id);

    // Someone else cannot look at it, paid or not.
    const other = await buyer(h, 'stripe-peek');
    expect((await viewOf(other, sessionId)).statusCode).toBe(404);
  });

  it('a checkout Stripe refuses answers 502 with the spec’s message and stores nothing', async () => {
    const b = await buyer(h, 'stripe-refused');
    const response = await startCheckout(b, { priceId: STRIPE_PRICES['pack-50'] });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'Failed to create checkout session.',
      code: 'payment-provider',
    });
    expect(await h.rows('checkoutSessions', 'userId', b.id)).toHaveLength(0);
    // The reason is in the server's log for the operator, not in the answer.
    expect(h.logs.join('')).toContain(`No such price: '${STRIPE_PRICES['pack-50']}'`);
  });

  it('never writes the secret key to the log', () => {
    const log = h.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(SECRET_KEY);
  });
});

describe('Stripe configuration', () => {
  it('requires the webhook secret and every price id once the key is set', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: SECRET_KEY }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: SECRET_KEY });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_PREMIUM',
        'STRIPE_PRICE_PACK_10',
        'STRIPE_PRICE_PACK_25',
        'STRIPE_PRICE_PACK_50',
      ]) {
        expect(message).toContain(`${name}: required with STRIPE_SECRET_KEY`);
      }
      expect(message).not.toContain(SECRET_KEY);
    }
  });

  it('defaults to the sandbox and parses a local API url', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }).billing).toEqual({
      provider: 'sandbox',
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/x',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_PREMIUM: 'price_p',
      STRIPE_PRICE_PACK_10: 'price_10',
      STRIPE_PRICE_PACK_25: 'price_25',
      STRIPE_PRICE_PACK_50: 'price_50',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.billing).toEqual({
      provider: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: 'whsec_abc',
      priceIds: {
        premium: 'price_p',
        'pack-10': 'price_10',
        'pack-25': 'price_25',
        'pack-50': 'price_50',
      },
      apiUrl: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x', STRIPE_SECRET_KEY: 'pk_live_nope' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });
});
