/**
 * The embedded payment provider: checkouts are paid on Listsmith's own test-mode page
 * (`sandboxCheckoutPath`), so no account or network is needed. Nothing here takes money. Being
 * its own provider, it is the authority on its subscriptions: the billing account is the
 * subscription, and it ends or renews its own periods.
 */
import { randomBytes } from 'node:crypto';
import { SANDBOX_PRICE_IDS, sandboxCheckoutPath } from '#domain/billing.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { BillingRepository } from './billing-repository.js';
import type { LibraryOnPlanChange } from './entitlements.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxCheckout } from './sandbox-checkout.js';
import { createSandboxRenewals } from './sandbox-renewals.js';

/** How often the sandbox looks for billing periods that have ended. */
const SANDBOX_SWEEP_INTERVAL_MS = 60_000;

export interface SandboxProviderDeps {
  database: DatabaseHandle;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

/** Unguessable, like Stripe's ids: the session id is all the sandbox page needs. */
function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(16).toString('base64url')}`;
}

export function createSandboxProvider(deps: SandboxProviderDeps): PaymentProvider {
  const { database, repository, now } = deps;
  const renewals = createSandboxRenewals(deps);
  return {
    name: 'sandbox',
    priceIds: SANDBOX_PRICE_IDS,
    async createCheckout() {
      const id = sandboxId('cs');
      return { id, url: sandboxCheckoutPath(id) };
    },
    // Only Pay on the page confirms a sandbox payment: there is nobody else to ask.
    confirmCheckout: async () => false,
    settleDuePeriods: (at, userId) => renewals.runDueSandboxPeriods(at, userId),
    periodSweepMs: SANDBOX_SWEEP_INTERVAL_MS,
    async setCancelAtPeriodEnd(subscription, cancel) {
      await repository.saveAccount(
        database.db,
        { ...subscription, cancelAtPeriodEnd: cancel },
        now(),
      );
    },
    checkoutPage: createSandboxCheckout({
      database,
      repository,
      library: deps.library,
      now,
      newSubscriptionId: () => sandboxId('sub'),
    }),
    webhook: null,
  };
}
