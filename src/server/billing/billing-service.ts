/**
 * Billing as the routes see it: the catalogue, starting a checkout, the checkout and subscription
 * views, the sandbox's Pay and Cancel, and cancel/resume of premium. Credits are granted only
 * when the provider confirms the payment (sandbox Pay, Stripe webhook or Stripe's own session
 * status), never because the browser says so.
 */
import {
  BILLING_ITEMS,
  CHECKOUT_RETURN_PATHS,
  billingItemKeySchema,
  checkoutRequestSchema,
  INVALID_PRICE_ID_MESSAGE,
  type CheckoutResponse,
  type CheckoutSessionView,
  type SandboxCheckoutResult,
  type SubscriptionState,
} from '#domain/billing.js';
import { buildCatalog, itemForPriceId } from '#domain/billing-rules.js';
import { HttpError } from '../http/errors.js';
import { toDate, type CheckoutSessionRow } from './billing-repository.js';
import { PaymentProviderError, type CreatedCheckout } from './payment-provider.js';
import {
  ALREADY_PREMIUM_MESSAGE,
  CHECKOUT_NOT_FOUND_MESSAGE,
  type SandboxCheckout,
} from './sandbox-checkout.js';
import type { BillingCore } from './index.js';

export const NO_PREMIUM_MESSAGE = 'You do not have an active Premium subscription.';
export { ALREADY_PREMIUM_MESSAGE, CHECKOUT_NOT_FOUND_MESSAGE };
/** The spec's default text for a checkout that could not be started. */
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session.';

function toView(row: CheckoutSessionRow): CheckoutSessionView {
  const key = billingItemKeySchema.parse(row.itemKey);
  const item = BILLING_ITEMS[key];
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    item: {
      key,
      kind: item.kind,
      name: item.name,
      credits: item.credits,
      priceUsd: item.priceUsd,
    },
    createdAt: toDate(row.createdAt).toISOString(),
  };
}

export function successPath(sessionId: string): string {
  return `${CHECKOUT_RETURN_PATHS.success}?session_id=${encodeURIComponent(sessionId)}`;
}

export function createBillingService(core: BillingCore, sandbox: SandboxCheckout | null) {
  const { repository, provider, stripeSync, renewals, now } = core;

  async function ownedSession(userId: string, id: string): Promise<CheckoutSessionRow> {
    const row = await repository.findOwnedCheckoutSession(id, userId);
    if (!row) throw new HttpError(404, CHECKOUT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** Lets the sandbox end periods that are due before the user's state is read. */
  async function settleDuePeriods(userId: string): Promise<void> {
    if (provider.name === 'sandbox') await renewals.runDueSandboxPeriods(now(), userId);
  }

  async function subscription(userId: string): Promise<SubscriptionState> {
    await settleDuePeriods(userId);
    const user = await repository.user(userId);
    if (!user) throw new HttpError(404, 'Profile not found');
    const account = await repository.account(userId);
    return {
      plan: user.planName === 'premium' ? 'premium' : 'free',
      status: account?.status ?? null,
      cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
      currentPeriodEnd: account?.currentPeriodEnd?.toISOString() ?? null,
      fixedCredits: Number(user.fixedCredits),
      subscriptionCredits: Number(user.subscriptionCredits),
    };
  }

  async function setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<SubscriptionState> {
    await settleDuePeriods(userId);
    const user = await repository.user(userId);
    const account = await repository.account(userId);
    if (
      user?.planName !== 'premium' ||
      !account?.subscriptionId ||
      account.status === 'canceled' ||
      account.status === null
    ) {
      throw new HttpError(409, NO_PREMIUM_MESSAGE);
    }
    if (account.cancelAtPeriodEnd !== cancel) {
      if (provider.name === 'stripe') {
        const latest = await provider.setCancelAtPeriodEnd(account.subscriptionId, cancel);
        await stripeSync!.applyLatest(latest);
      } else {
        await core.database.db.transaction().execute(async (trx) => {
          await repository.saveAccount(trx, { ...account, cancelAtPeriodEnd: cancel }, now());
        });
      }
    }
    return subscription(userId);
  }

  return {
    catalog: () => buildCatalog(provider.name, provider.priceIds),

    async startCheckout(
      user: { id: string; email: string },
      body: unknown,
    ): Promise<CheckoutResponse> {
      const { priceId } = checkoutRequestSchema.parse(body);
      const itemKey = itemForPriceId(provider.priceIds, priceId);
      if (!itemKey) throw new HttpError(400, INVALID_PRICE_ID_MESSAGE);
      const current = await repository.user(user.id);
      if (!current) throw new HttpError(404, 'Profile not found');
      if (BILLING_ITEMS[itemKey].kind === 'premium' && current.planName === 'premium') {
        throw new HttpError(409, ALREADY_PREMIUM_MESSAGE);
      }
      const account = await repository.account(user.id);
      let created: CreatedCheckout;
      try {
        created = await provider.createCheckout({
          userId: user.id,
          email: current.email,
          itemKey,
          priceId,
          customerId: account?.customerId ?? null,
        });
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        core.log.error({ err: error, userId: user.id }, 'checkout could not be started');
        throw new HttpError(502, CHECKOUT_FAILED_MESSAGE, 'payment-provider');
      }
      await repository.insertCheckoutSession({
        id: created.id,
        userId: user.id,
        provider: provider.name,
        itemKey,
        priceId,
        status: 'open',
        returnPath: null,
        createdAt: now().toISOString(),
        completedAt: null,
      });
      return { sessionId: created.id, url: created.url };
    },

    /**
     * The owner's checkout. A Stripe session still open here is checked with Stripe: the
     * success page may be shown before the webhook arrives, and both fulfil the same way.
     */
    async viewSession(userId: string, id: string): Promise<CheckoutSessionView> {
      let row = await ownedSession(userId, id);
      if (row.status === 'open' && row.provider === 'stripe' && provider.name === 'stripe') {
        const remote = await provider.retrieveCheckout(row.id);
        if (remote.paid) {
          await stripeSync!.fulfilCheckout(remote);
          row = await ownedSession(userId, id);
        }
      }
      return toView(row);
    },

    async sandboxPay(userId: string, id: string): Promise<SandboxCheckoutResult> {
      await ownedSession(userId, id);
      const row = await sandbox!.pay(userId, id);
      return { session: toView(row), redirectUrl: successPath(row.id) };
    },

    async sandboxCancel(userId: string, id: string): Promise<SandboxCheckoutResult> {
      const row = await ownedSession(userId, id);
      if (row.status === 'complete') {
        throw new HttpError(409, 'This checkout is already paid.', 'checkout-complete');
      }
      await repository.expireCheckoutSession(row.id);
      return {
        session: toView(await ownedSession(userId, id)),
        redirectUrl: CHECKOUT_RETURN_PATHS.canceled,
      };
    },

    subscription,
    settleDuePeriods,
    cancel: (userId: string) => setCancelAtPeriodEnd(userId, true),
    resume: (userId: string) => setCancelAtPeriodEnd(userId, false),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
