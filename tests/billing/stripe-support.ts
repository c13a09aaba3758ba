/** Shared by the Stripe tests: the app's Stripe settings and webhook deliveries. */
import type { TestApp } from '../support/harness.js';
import type { FakeStripe } from '../support/fake-stripe.js';

export const WEBHOOK_SECRET = 'whsec_listsmith_test_secret';
export const SECRET_KEY = 'sk_test_listsmith_0123456789abcdef';
export const STRIPE_PRICES = {
  premium: 'price_test_premium_monthly',
  'pack-10': 'price_test_pack_10',
  'pack-25': 'price_test_pack_25',
  'pack-50': 'price_test_pack_50',
} as const;

export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: STRIPE_PRICES.premium,
    STRIPE_PRICE_PACK_10: STRIPE_PRICES['pack-10'],
    STRIPE_PRICE_PACK_25: STRIPE_PRICES['pack-25'],
    STRIPE_PRICE_PACK_50: STRIPE_PRICES['pack-50'],
    STRIPE_API_URL: fake.url,
  };
}

/** Posts a raw webhook body as Stripe does: no cookie, no Origin. */
export function postWebhook(
  h: TestApp,
  payload: string,
  headers: Record<string, string> = {},
  origin: string | null = null,
) {
  return h.client().request({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    origin,
  });
}

/** Builds, signs and delivers one event; returns the response and the event. */
export async function deliver(
  h: TestApp,
  fake: FakeStripe,
  type: string,
  object: Record<string, unknown>,
) {
  const event = fake.event(type, object);
  const { payload, signature } = fake.signed(event, WEBHOOK_SECRET);
  const response = await postWebhook(h, payload, { 'stripe-signature': signature });
  return { response, event, payload, signature };
}
