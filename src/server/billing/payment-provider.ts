/**
 * Who takes the money, as billing sees it. Each provider confirms payments its own way and owns
 * what follows from that: the sandbox (embedded default) confirms on our own checkout page and
 * keeps subscription periods in our database; Stripe confirms through signed webhooks and is the
 * authority on subscriptions, so its answers are applied as it gives them. The service and the
 * app only ask a provider what it can do, never which one it is.
 */
import type { BillingItemKey, PaymentProviderName } from '#domain/billing.js';
import type { BillingAccount, CheckoutSessionRow } from './billing-repository.js';

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

/** A billing account whose subscription the provider knows, so it can be cancelled or resumed. */
export type LiveSubscription = BillingAccount & { subscriptionId: string };

/** A checkout page of our own, where Pay is the provider's confirmation of the payment. */
export interface CheckoutPage {
  /** Fulfils the user's checkout once; throws HttpError for one that cannot be paid (any more). */
  pay(userId: string, checkoutId: string): Promise<CheckoutSessionRow>;
}

/** Confirmations the provider's servers post to us, signed. */
export interface WebhookReceiver {
  /** Verifies the signature over the raw body; throws {@link WebhookSignatureError}. */
  verify(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Applies a verified event, once however often it is delivered. */
  apply(event: ProviderEvent): Promise<void>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly priceIds: Record<BillingItemKey, string>;
  createCheckout(input: CheckoutRequestInput): Promise<CreatedCheckout>;
  /**
   * Asks the provider about an open checkout and fulfils it if it is paid (the success page may
   * load before the webhook). True when it was fulfilled now.
   */
  confirmCheckout(checkout: CheckoutSessionRow): Promise<boolean>;
  /** Renews or ends the periods due by `at` (one user's, or all); returns how many. */
  settleDuePeriods(at: Date, userId?: string): Promise<number>;
  /** How often to look for due periods; null for a provider that reports period ends itself. */
  readonly periodSweepMs: number | null;
  /**
   * Sets or clears cancel-at-period-end on the user's subscription and records the provider's
   * answer in the billing account. Throws {@link PaymentProviderError} when the provider refuses.
   */
  setCancelAtPeriodEnd(subscription: LiveSubscription, cancel: boolean): Promise<void>;
  /** Our own checkout page; null when the provider hosts its own. */
  readonly checkoutPage: CheckoutPage | null;
  /** Signed confirmations from the provider's servers; null when Pay on our own page confirms. */
  readonly webhook: WebhookReceiver | null;
}

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
