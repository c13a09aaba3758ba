/** The billing capability assembled from its parts, and its routes' plugin. */
import type { FastifyInstance } from 'fastify';
import type { BillingConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { RequireSession } from '../http/signed-in.js';
import { createBillingRepository } from './billing-repository.js';
import { createBillingService } from './billing-service.js';
import type { LibraryOnPlanChange } from './entitlements.js';
import type { PaymentProvider } from './payment-provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { billingRoutes } from './routes.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

export type { PaymentProvider };
export { STRIPE_WEBHOOK_PATH } from './webhook-routes.js';

export interface BillingDeps {
  database: DatabaseHandle;
  config: BillingConfig;
  appUrl: string;
  /** The clock; tests move it to reach the end of a billing period. */
  now: () => Date;
  /** What a plan change does to the library (the library capability's, ADR 019). */
  library: LibraryOnPlanChange;
  /** Replaces the provider the configuration picks. */
  provider?: PaymentProvider;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export async function createBilling(deps: BillingDeps) {
  const { database, config, now, log } = deps;
  const repository = createBillingRepository(database.db);
  const stores = { database, repository, library: deps.library, now, log };
  const provider =
    deps.provider ??
    (config.provider === 'stripe'
      ? // stripe-node is loaded only where Stripe is configured (ADR 056).
        (await import('./stripe-provider.js')).createStripeProvider(config, deps.appUrl, stores)
      : createSandboxProvider(stores));
  let sweep: NodeJS.Timeout | undefined;

  return {
    provider,
    repository,
    service: createBillingService({ repository, provider, now, log }),
    /** Renews or ends due periods on an interval, for a provider that does not do it itself. */
    startSandboxSweep(): void {
      if (provider.periodSweepMs === null || sweep) return;
      sweep = setInterval(() => {
        provider.settleDuePeriods(now()).catch((error: unknown) => {
          log.error({ err: error }, 'billing period sweep failed');
        });
      }, provider.periodSweepMs);
      sweep.unref();
    },
    stopSandboxSweep(): void {
      clearInterval(sweep);
      sweep = undefined;
    },
    runDueSandboxPeriods: (at: Date) => provider.settleDuePeriods(at),
  };
}

export type Billing = Awaited<ReturnType<typeof createBilling>>;

/** Billing's routes: plans, checkout, the subscription, and the provider's webhook if it has one. */
export async function billingPlugin(
  app: FastifyInstance,
  { billing, requireSession }: { billing: Billing; requireSession: RequireSession },
) {
  await app.register(billingRoutes, { service: billing.service, requireSession });
  if (billing.provider.webhook) {
    await app.register(stripeWebhookRoutes, { receiver: billing.provider.webhook });
  }
}
