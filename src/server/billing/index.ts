/** The billing capability assembled from its parts; app.ts registers its routes. */
import type { BillingConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import { createBillingRepository, type BillingRepository } from './billing-repository.js';
import { createBillingService } from './billing-service.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxCheckout } from './sandbox-checkout.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createSandboxRenewals, type SandboxRenewals } from './sandbox-renewals.js';
import { createStripeProvider } from './stripe-provider.js';
import { createStripeSync, type StripeSync } from './stripe-sync.js';

/** How often the sandbox looks for billing periods that have ended. */
const SANDBOX_SWEEP_INTERVAL_MS = 60_000;

export interface BillingDeps {
  database: DatabaseHandle;
  config: BillingConfig;
  appUrl: string;
  /** The clock; tests move it to reach the end of a billing period. */
  now: () => Date;
  /** Replaces the provider the configuration picks. */
  provider?: PaymentProvider;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

/** What the service, the sandbox checkout and the Stripe sync share. */
export interface BillingCore {
  database: DatabaseHandle;
  repository: BillingRepository;
  provider: PaymentProvider;
  stripeSync: StripeSync | null;
  renewals: SandboxRenewals;
  now: () => Date;
  log: BillingDeps['log'];
}

export function createBilling(deps: BillingDeps) {
  const { database, now, log } = deps;
  const provider =
    deps.provider ??
    (deps.config.provider === 'stripe'
      ? createStripeProvider(deps.config, deps.appUrl)
      : createSandboxProvider());
  const repository = createBillingRepository(database.db);
  const renewals = createSandboxRenewals({ database, repository, log });
  const stripeSync =
    provider.name === 'stripe'
      ? createStripeSync({ database, repository, provider, now, log })
      : null;
  const core: BillingCore = { database, repository, provider, stripeSync, renewals, now, log };
  const sandbox = provider.name === 'sandbox' ? createSandboxCheckout(core, provider) : null;
  let sweep: NodeJS.Timeout | undefined;

  return {
    provider,
    repository,
    stripeSync,
    service: createBillingService(core, sandbox),
    /** Sandbox only: renews or ends due periods on an interval (Stripe does this itself). */
    startSandboxSweep(): void {
      if (provider.name !== 'sandbox' || sweep) return;
      sweep = setInterval(() => {
        renewals.runDueSandboxPeriods(now()).catch((error: unknown) => {
          log.error({ err: error }, 'sandbox billing sweep failed');
        });
      }, SANDBOX_SWEEP_INTERVAL_MS);
      sweep.unref();
    },
    stopSandboxSweep(): void {
      clearInterval(sweep);
      sweep = undefined;
    },
    runDueSandboxPeriods: (at: Date) => renewals.runDueSandboxPeriods(at),
  };
}

export type Billing = ReturnType<typeof createBilling>;
