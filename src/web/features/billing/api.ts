/**
 * Calls only the billing screens make (one checkout's state, the sandbox page, cancel/resume),
 * each reply parsed with its contract in src/domain/billing.ts. The shared billing calls live in
 * src/web/lib/billing.ts.
 */
import {
  checkoutSessionViewSchema,
  sandboxCheckoutResultSchema,
  subscriptionStateSchema,
  type CheckoutSessionView,
  type SandboxCheckoutResult,
  type SubscriptionState,
} from '#domain/billing';
import { apiFetch } from '#web/lib/api-client';

export type SandboxCheckoutAction = 'pay' | 'cancel';
export type SubscriptionChange = 'cancel' | 'resume';

export const billingApi = {
  checkoutSession(id: string): Promise<CheckoutSessionView> {
    return apiFetch(
      `/api/billing/checkout-sessions/${encodeURIComponent(id)}`,
      checkoutSessionViewSchema,
      { fallbackMessage: 'Failed to load the checkout.' },
    );
  },

  /** Pay or cancel on the sandbox checkout page; the reply says where to go next. */
  sandboxCheckout(id: string, action: SandboxCheckoutAction): Promise<SandboxCheckoutResult> {
    return apiFetch(
      `/api/billing/sandbox/checkout-sessions/${encodeURIComponent(id)}/${action}`,
      sandboxCheckoutResultSchema,
      {
        method: 'POST',
        fallbackMessage:
          action === 'pay' ? 'Payment failed. Please try again' : 'Failed to cancel.',
      },
    );
  },

  changeSubscription(
    action: SubscriptionChange,
    fallbackMessage: string,
  ): Promise<SubscriptionState> {
    return apiFetch(`/api/billing/subscription/${action}`, subscriptionStateSchema, {
      method: 'POST',
      fallbackMessage,
    });
  },
};
