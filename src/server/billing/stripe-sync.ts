/**
 * Applies what Stripe reports. Webhooks arrive at least once and in any order, so:
 * - each event id is recorded in the same transaction as its effects (a redelivery does nothing);
 * - subscription state is re-read from Stripe before it is applied, never taken from the event,
 *   so a late `invoice.paid` of a deleted subscription cannot bring premium back;
 * - grants carry ledger references (checkout id, `<subscription>:<period end>`), so the webhook
 *   and the success page, or `checkout.session.completed` and `invoice.paid` of one period,
 *   grant once.
 * Remote reads happen before the transaction opens: no database lock waits on the network.
 */
import { BILLING_ITEMS, billingItemKeySchema } from '#domain/billing.js';
import { lockedBalance } from '../credits/credit-ledger.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { BillingRepository } from './billing-repository.js';
import {
  endPremium,
  grantPack,
  startPremiumPeriod,
  type EntitlementContext,
  type LibraryOnPlanChange,
} from './entitlements.js';
import type { ProviderEvent, RemoteCheckout, RemoteSubscription } from './payment-provider.js';
import type { StripeApi } from './stripe-api.js';

export interface StripeSyncDeps {
  database: DatabaseHandle;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
  api: Pick<StripeApi, 'retrieveSubscription'>;
  now: () => Date;
  log: { warn(details: object, message: string): void };
}

type Apply = (context: EntitlementContext) => Promise<void>;

export function createStripeSync(deps: StripeSyncDeps) {
  const { database, repository, api, now, log } = deps;

  async function inTransaction(apply: Apply, event?: ProviderEvent): Promise<void> {
    const at = now();
    await database.db.transaction().execute(async (trx) => {
      if (event && !(await repository.claimEvent(trx, event, at))) return;
      await apply({ trx, kind: database.kind, repository, library: deps.library, at });
    });
  }

  /** Brings the user's billing account in line with the subscription Stripe reports now. */
  async function applySubscription(
    context: EntitlementContext,
    subscription: RemoteSubscription,
    options: { grant: boolean; userIdHint?: string | null },
  ): Promise<void> {
    const { trx, kind, at } = context;
    const linked = await repository.accountBy('subscriptionId', subscription.id, trx);
    const userId = linked?.userId ?? options.userIdHint ?? subscription.userId;
    if (!userId) {
      log.warn({ subscriptionId: subscription.id }, 'subscription belongs to no known user');
      return;
    }
    // Lock the user first, as every balance change does, so concurrent events queue up.
    if (!(await lockedBalance(trx, kind, userId))) return;
    const current = linked ?? (await repository.account(userId, trx));
    // Events about an older subscription must not touch the one the user has now.
    if (
      current?.subscriptionId &&
      current.subscriptionId !== subscription.id &&
      subscription.status !== 'active'
    ) {
      return;
    }
    const ended = subscription.status === 'canceled';
    await repository.saveAccount(
      trx,
      {
        userId,
        provider: 'stripe',
        customerId: subscription.customerId ?? current?.customerId ?? null,
        subscriptionId: subscription.id,
        status: subscription.status,
        cancelAtPeriodEnd: ended ? false : subscription.cancelAtPeriodEnd,
        currentPeriodEnd: subscription.currentPeriodEnd,
      },
      at,
    );
    if (ended) {
      await endPremium(context, { userId, subscriptionId: subscription.id });
    } else if (options.grant && subscription.status === 'active' && subscription.currentPeriodEnd) {
      await startPremiumPeriod(context, {
        userId,
        subscriptionId: subscription.id,
        periodEnd: subscription.currentPeriodEnd,
      });
    }
  }

  /** What a paid checkout grants; null when there is nothing (yet) to grant. */
  async function prepareCheckout(checkout: RemoteCheckout): Promise<Apply | null> {
    if (!checkout.paid) return null;
    const row = await repository.findCheckoutSession(checkout.id);
    if (checkout.mode === 'payment') {
      const itemKey = billingItemKeySchema.safeParse(row?.itemKey);
      if (!row || !itemKey.success || BILLING_ITEMS[itemKey.data].kind !== 'pack') {
        log.warn({ checkoutId: checkout.id }, 'paid checkout without a pack session of ours');
        return null;
      }
      const credits = BILLING_ITEMS[itemKey.data].credits;
      return async (context) => {
        await repository.completeCheckoutSession(context.trx, row.id, context.at);
        await grantPack(context, { userId: row.userId, credits, checkoutId: row.id });
      };
    }
    if (checkout.mode !== 'subscription' || !checkout.subscriptionId) return null;
    const subscription = await api.retrieveSubscription(checkout.subscriptionId);
    return async (context) => {
      if (row) await repository.completeCheckoutSession(context.trx, row.id, context.at);
      await applySubscription(context, subscription, {
        grant: true,
        userIdHint: row?.userId ?? checkout.userId,
      });
    };
  }

  async function prepareEvent(event: ProviderEvent): Promise<Apply | null> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return event.checkout ? prepareCheckout(event.checkout) : null;
      case 'invoice.paid':
      case 'invoice.payment_failed':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        if (!event.subscriptionId) return null;
        const subscription = await api.retrieveSubscription(event.subscriptionId);
        // Only a paid invoice starts a period; the others bring status and dates up to date.
        const grant = event.type === 'invoice.paid';
        return (context) => applySubscription(context, subscription, { grant });
      }
      default:
        return null;
    }
  }

  return {
    /** The webhook's work: applies a verified event once. */
    async handleEvent(event: ProviderEvent): Promise<void> {
      if (await repository.isEventProcessed(event.id)) return;
      const apply = await prepareEvent(event);
      await inTransaction(apply ?? (async () => {}), event);
    },

    /** The success page's check (it may run before the webhook): same grants, same references. */
    async fulfilCheckout(checkout: RemoteCheckout): Promise<void> {
      const apply = await prepareCheckout(checkout);
      if (apply) await inTransaction(apply);
    },

    /** After cancel or resume: the subscription Stripe answered with, applied now. */
    async applyLatest(subscription: RemoteSubscription): Promise<void> {
      await inTransaction((context) => applySubscription(context, subscription, { grant: false }));
    },
  };
}
