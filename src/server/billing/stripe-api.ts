/**
 * Stripe Checkout and Billing through stripe-node: the calls the Stripe provider makes, each
 * answer parsed into our shapes. The API version is pinned to the one the
 * installed package's types describe: since 2025-03-31.basil the period end lives on
 * subscription items and an invoice names its subscription under `parent.subscription_details`.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { z } from 'zod';
import { BILLING_ITEMS, CHECKOUT_RETURN_PATHS } from '#domain/billing.js';
import type { BillingConfig } from '../config.js';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutRequestInput,
  type CreatedCheckout,
  type ProviderEvent,
  type RemoteCheckout,
  type RemoteSubscription,
} from './payment-provider.js';

export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export type StripeConfig = Extract<BillingConfig, { provider: 'stripe' }>;

export interface StripeApi {
  createCheckout(input: CheckoutRequestInput): Promise<CreatedCheckout>;
  retrieveCheckout(id: string): Promise<RemoteCheckout>;
  retrieveSubscription(id: string): Promise<RemoteSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<RemoteSubscription>;
  /** Verifies the signature over the raw body; throws {@link WebhookSignatureError}. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** Expandable fields arrive as an id or as the object itself. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

const expandable = z.union([z.string(), z.object({ id: z.string() })]).nullish();

const checkoutObjectSchema = z.object({
  id: z.string(),
  mode: z.string(),
  payment_status: z.string(),
  client_reference_id: z.string().nullish(),
  customer: expandable,
  subscription: expandable,
});

/** An invoice's subscription: the new place first, the pre-basil field as a fallback. */
const invoiceObjectSchema = z.object({
  parent: z
    .object({ subscription_details: z.object({ subscription: expandable }).nullish() })
    .nullish(),
  subscription: expandable,
});

const subscriptionObjectSchema = z.object({ id: z.string() });

function toRemoteCheckout(session: z.infer<typeof checkoutObjectSchema>): RemoteCheckout {
  return {
    id: session.id,
    mode: session.mode === 'payment' || session.mode === 'subscription' ? session.mode : 'other',
    paid: session.payment_status === 'paid',
    userId: session.client_reference_id ?? null,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
  };
}

/** Stripe's eight statuses folded into the three the account shows. */
function foldStatus(status: Stripe.Subscription.Status): RemoteSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid' || status === 'paused') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return null;
}

function toRemoteSubscription(subscription: Stripe.Subscription): RemoteSubscription {
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    status: foldStatus(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
  };
}

function subscriptionIdOf(type: string, object: unknown): string | null {
  if (type.startsWith('invoice.')) {
    const invoice = invoiceObjectSchema.safeParse(object);
    if (!invoice.success) return null;
    return (
      idOf(invoice.data.parent?.subscription_details?.subscription) ??
      idOf(invoice.data.subscription)
    );
  }
  if (type.startsWith('customer.subscription.')) {
    const subscription = subscriptionObjectSchema.safeParse(object);
    return subscription.success ? subscription.data.id : null;
  }
  return null;
}

/** Runs one API call; a Stripe failure becomes a PaymentProviderError naming only safe fields. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const details = [error.type, error.code, error.statusCode, error.requestId].filter(Boolean);
    throw new PaymentProviderError(
      `Stripe ${what} failed (${details.join(', ')}): ${error.message}`,
    );
  }
}

export function createStripeApi(config: StripeConfig, appUrl: string): StripeApi {
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.apiUrl ?? {}),
  });

  return {
    async createCheckout({ userId, email, itemKey, priceId, customerId }) {
      const subscription = BILLING_ITEMS[itemKey].kind === 'premium';
      const metadata = { userId, itemKey };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create(
          {
            mode: subscription ? 'subscription' : 'payment',
            line_items: [{ price: priceId, quantity: 1 }],
            client_reference_id: userId,
            metadata,
            ...(subscription
              ? { subscription_data: { metadata } }
              : { payment_intent_data: { metadata } }),
            ...(customerId ? { customer: customerId } : { customer_email: email }),
            success_url: `${appUrl}${CHECKOUT_RETURN_PATHS.success}?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${appUrl}${CHECKOUT_RETURN_PATHS.canceled}`,
          },
          // One key per attempt: stripe-node's retries of this request cannot create a second session.
          { idempotencyKey: `checkout-${userId}-${randomUUID()}` },
        ),
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { id: session.id, url: session.url };
    },

    async retrieveCheckout(id) {
      const session = await call('checkout.sessions.retrieve', () =>
        stripe.checkout.sessions.retrieve(id),
      );
      return toRemoteCheckout(checkoutObjectSchema.parse(session));
    },

    async retrieveSubscription(id) {
      return toRemoteSubscription(
        await call('subscriptions.retrieve', () => stripe.subscriptions.retrieve(id)),
      );
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toRemoteSubscription(
        await call('subscriptions.update', () =>
          stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
        ),
      );
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(
          error instanceof Error ? error.message : 'Invalid Stripe signature',
        );
      }
      const object: unknown = event.data.object;
      const checkout = event.type.startsWith('checkout.session.')
        ? checkoutObjectSchema.safeParse(object)
        : null;
      return {
        id: event.id,
        type: event.type,
        checkout: checkout?.success ? toRemoteCheckout(checkout.data) : null,
        subscriptionId: subscriptionIdOf(event.type, object),
      };
    },
  };
}
