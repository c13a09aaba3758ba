/**
 * Stripe as the payment provider: checkouts on Stripe's hosted page, confirmed by signed
 * webhooks, and Stripe the authority on subscriptions: cancel and resume are asked of Stripe and
 * its answer is what the billing account records. Stripe ends and renews periods itself and says
 * so by webhook, so there is nothing here to sweep.
 */
import type { DatabaseHandle } from '../db/connection.js';
import type { BillingRepository } from './billing-repository.js';
import type { LibraryOnPlanChange } from './entitlements.js';
import type { PaymentProvider } from './payment-provider.js';
import { createStripeApi, type StripeConfig } from './stripe-api.js';
import { createStripeSync } from './stripe-sync.js';

export interface StripeProviderDeps {
  database: DatabaseHandle;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
  now: () => Date;
  log: { warn(details: object, message: string): void };
}

export function createStripeProvider(
  config: StripeConfig,
  appUrl: string,
  deps: StripeProviderDeps,
): PaymentProvider {
  const api = createStripeApi(config, appUrl);
  const sync = createStripeSync({ ...deps, api });
  return {
    name: 'stripe',
    priceIds: config.priceIds,
    createCheckout: (input) => api.createCheckout(input),
    async confirmCheckout(checkout) {
      // A sandbox checkout from before Stripe was configured is unknown to Stripe.
      if (checkout.provider !== 'stripe') return false;
      const remote = await api.retrieveCheckout(checkout.id);
      if (!remote.paid) return false;
      await sync.fulfilCheckout(remote);
      return true;
    },
    settleDuePeriods: async () => 0,
    periodSweepMs: null,
    async setCancelAtPeriodEnd(subscription, cancel) {
      await sync.applyLatest(await api.setCancelAtPeriodEnd(subscription.subscriptionId, cancel));
    },
    checkoutPage: null,
    webhook: {
      verify: (rawBody, signature) => api.verifyWebhook(rawBody, signature),
      apply: (event) => sync.handleEvent(event),
    },
  };
}
