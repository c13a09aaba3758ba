/**
 * Who takes the money. The sandbox (embedded default) confirms payments on our own checkout page
 * and keeps subscription periods in our database; Stripe confirms through signed webhooks and
 * is the authority on subscriptions, so its objects are re-read whenever order matters.
 */
import type { BillingItemKey } from '#domain/billing.js';

export interface CheckoutRequestInput {
  userId: string;
  email: string;
  itemKey: BillingItemKey;
  priceId: string;
  /** The provider's customer for this user, when one exists (reused for new subscriptions). */
  customerId: string | null;
}

export interface CreatedCheckout {
  id: string;
  /** Where the browser goes: app-relative for the sandbox, Stripe's hosted page otherwise. */
  url: string;
}

interface ProviderCommon {
  readonly priceIds: Record<BillingItemKey, string>;
  createCheckout(input: CheckoutRequestInput): Promise<CreatedCheckout>;
}

export interface SandboxPaymentProvider extends ProviderCommon {
  readonly name: 'sandbox';
  /** A new subscription id for a premium purchase paid on the sandbox page. */
  newSubscriptionId(): string;
}

/** A checkout session as the provider reports it. */
export interface RemoteCheckout {
  id: string;
  mode: 'payment' | 'subscription' | 'other';
  paid: boolean;
  /** Our user id, echoed back (client_reference_id). */
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
}

/** A subscription as the provider reports it now. */
export interface RemoteSubscription {
  id: string;
  customerId: string | null;
  /** Our user id from the subscription's metadata. */
  userId: string | null;
  /** Stripe's statuses folded into ours; null while the first payment is incomplete. */
  status: 'active' | 'past_due' | 'canceled' | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
}

/** A verified webhook event, reduced to what billing reads. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The checkout session of a `checkout.session.*` event. */
  checkout: RemoteCheckout | null;
  /** The subscription an invoice or subscription event is about. */
  subscriptionId: string | null;
}

export interface StripePaymentProvider extends ProviderCommon {
  readonly name: 'stripe';
  retrieveCheckout(id: string): Promise<RemoteCheckout>;
  retrieveSubscription(id: string): Promise<RemoteSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<RemoteSubscription>;
  /** Verifies the signature over the raw body; throws {@link WebhookSignatureError}. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

export type PaymentProvider = SandboxPaymentProvider | StripePaymentProvider;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * The provider refused or could not be reached. Carries no HTTP status of its own: a Stripe
 * 401 (our key) or 404 (a price) must not reach the browser as if it were the user's fault.
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}
