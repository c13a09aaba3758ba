/**
 * Billing as the API sends it and the browser shows it: the catalogue of things a user can buy,
 * checkout sessions, the subscription state, and the credit ledger's reasons. Shared by the
 * server (which is the authority: DESIGN.md "Payments are confirmed by the payment provider")
 * and the web app (which validates what it receives).
 *
 * Routes (all need a signed-in session except the Stripe webhook):
 * - GET  /api/billing/catalog                              → {@link BillingCatalog}
 * - POST /api/stripe/create-checkout-session {priceId}     → {@link CheckoutResponse}
 *        400 'Invalid priceId.' for anything but a known non-empty price id;
 *        409 when a premium user asks for premium again
 * - GET  /api/billing/checkout-sessions/:id                → {@link CheckoutSessionView} (owner only, else 404)
 * - GET  /api/billing/subscription                         → {@link SubscriptionState}
 * - POST /api/billing/subscription/cancel                  → {@link SubscriptionState} (cancel at period end)
 * - POST /api/billing/subscription/resume                  → {@link SubscriptionState} (undo a pending cancel)
 * - POST /api/billing/sandbox/checkout-sessions/:id/pay    → {@link SandboxCheckoutResult} (sandbox provider only)
 * - POST /api/billing/sandbox/checkout-sessions/:id/cancel → {@link SandboxCheckoutResult} (sandbox provider only)
 * - POST /api/stripe/webhook                               raw body, `stripe-signature` header; 400 when unverified
 * Errors answer `{ error, code? }` with a message safe to show.
 */
import { z } from 'zod';
import { CREDIT_PACKS, PREMIUM_MONTHLY_CREDITS, PREMIUM_PRICE_USD } from './plans';

/** What can be bought: three credit packs and the premium plan. */
export const BILLING_ITEM_KEYS = ['pack-10', 'pack-25', 'pack-50', 'premium'] as const;
export const billingItemKeySchema = z.enum(BILLING_ITEM_KEYS);
export type BillingItemKey = z.infer<typeof billingItemKeySchema>;
export type CreditPackKey = Exclude<BillingItemKey, 'premium'>;

/** The sandbox provider's fixed price ids; Stripe's come from configuration. */
export const SANDBOX_PRICE_IDS: Record<BillingItemKey, string> = {
  'pack-10': 'price_sandbox_pack_10',
  'pack-25': 'price_sandbox_pack_25',
  'pack-50': 'price_sandbox_pack_50',
  premium: 'price_sandbox_premium_monthly',
};

export interface BillingItem {
  key: BillingItemKey;
  kind: 'pack' | 'premium';
  /** Credits granted: once for a pack, every billing period for premium. */
  credits: number;
  /** Whole US dollars (spec section 9). */
  priceUsd: number;
  /** Shown on the sandbox checkout page and in Stripe line items. */
  name: string;
}

export const BILLING_ITEMS: Record<BillingItemKey, BillingItem> = {
  'pack-10': { key: 'pack-10', kind: 'pack', ...CREDIT_PACKS[0], name: '10 credits' },
  'pack-25': { key: 'pack-25', kind: 'pack', ...CREDIT_PACKS[1], name: '25 credits' },
  'pack-50': { key: 'pack-50', kind: 'pack', ...CREDIT_PACKS[2], name: '50 credits' },
  premium: {
    key: 'premium',
    kind: 'premium',
    credits: PREMIUM_MONTHLY_CREDITS,
    priceUsd: PREMIUM_PRICE_USD,
    name: 'Listsmith Premium (monthly)',
  },
};

export const paymentProviderNameSchema = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

/** Spec section 3 "Credit pack: credits, pricePerCredit, totalPrice, priceId". */
export const creditPackOfferSchema = z.object({
  key: z.enum(['pack-10', 'pack-25', 'pack-50']),
  credits: z.number().int().positive(),
  totalPrice: z.number().positive(),
  pricePerCredit: z.number().positive(),
  priceId: z.string().min(1),
});
export type CreditPackOffer = z.infer<typeof creditPackOfferSchema>;

/** Spec section 3 "Premium plan: priceId, price, credits, pricePerCredit". */
export const premiumOfferSchema = z.object({
  priceId: z.string().min(1),
  price: z.number().positive(),
  credits: z.number().int().positive(),
  pricePerCredit: z.number().positive(),
});
export type PremiumOffer = z.infer<typeof premiumOfferSchema>;

export const billingCatalogSchema = z.object({
  provider: paymentProviderNameSchema,
  packs: z.array(creditPackOfferSchema),
  premium: premiumOfferSchema,
});
export type BillingCatalog = z.infer<typeof billingCatalogSchema>;

export const INVALID_PRICE_ID_MESSAGE = 'Invalid priceId.';

/** Only a price id: who buys is the session's user, never a field of the request. */
export const checkoutRequestSchema = z
  .object({
    priceId: z
      .string({ error: INVALID_PRICE_ID_MESSAGE })
      .trim()
      .min(1, INVALID_PRICE_ID_MESSAGE)
      .max(200, INVALID_PRICE_ID_MESSAGE),
  })
  .strict();

/** `url` is where the browser goes next: the sandbox page or Stripe's hosted checkout. */
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const checkoutSessionStatusSchema = z.enum(['open', 'complete', 'expired']);

/** What the sandbox page and the success view show about one checkout. */
export const checkoutSessionViewSchema = z.object({
  id: z.string(),
  provider: paymentProviderNameSchema,
  /** 'complete' only once the provider confirmed the payment and the credits were granted. */
  status: checkoutSessionStatusSchema,
  item: z.object({
    key: billingItemKeySchema,
    kind: z.enum(['pack', 'premium']),
    name: z.string(),
    credits: z.number().int(),
    priceUsd: z.number(),
  }),
  createdAt: z.string(),
});
export type CheckoutSessionView = z.infer<typeof checkoutSessionViewSchema>;

export const sandboxCheckoutResultSchema = z.object({
  session: checkoutSessionViewSchema,
  /** App-relative: the success view after Pay, the page the user came from after Cancel. */
  redirectUrl: z.string(),
});
export type SandboxCheckoutResult = z.infer<typeof sandboxCheckoutResultSchema>;

export const subscriptionStateSchema = z.object({
  plan: z.enum(['free', 'premium']),
  /** Null on the free plan when no subscription ever existed. */
  status: z.enum(['active', 'past_due', 'canceled']).nullable(),
  /** Premium stays until `currentPeriodEnd`, then the plan becomes free. */
  cancelAtPeriodEnd: z.boolean(),
  /** ISO 8601; the renewal date, or the end date when cancelAtPeriodEnd. */
  currentPeriodEnd: z.string().nullable(),
  fixedCredits: z.number().int(),
  subscriptionCredits: z.number().int(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** Why a ledger row exists. Balances always equal the ledger's sums per bucket. */
export const LEDGER_REASONS = [
  'sign-up',
  'pack-purchase',
  /** A new premium period: subscription credits reset (not added) to 50. */
  'renewal',
  /** Premium ended: subscription credits go to 0, purchased credits stay. */
  'premium-ended',
  'generation',
  'refund',
  /** Drafts combined into one product (issue 16): one listing, one credit. */
  'combine-refund',
  /** A library product improved (issue 25): one credit, once per photos and text. */
  'improve',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Where the checkout page sends the user back to, and the views that answer there. */
export const CHECKOUT_RETURN_PATHS = {
  /** Query `session_id` names the checkout; the view waits until it is complete. */
  success: '/billing/success',
  canceled: '/billing/canceled',
} as const;

/** The sandbox checkout page (served by the SPA, clearly marked test mode). */
export function sandboxCheckoutPath(sessionId: string): string {
  return `/sandbox/checkout/${encodeURIComponent(sessionId)}`;
}
