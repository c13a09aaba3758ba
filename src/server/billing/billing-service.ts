/**
 * Billing as the routes see it: the catalogue, starting a checkout, the checkout and subscription
 * views, Pay and Cancel on a checkout page of our own, and cancel/resume of premium. Credits are
 * granted only when the provider confirms the payment (sandbox Pay, Stripe webhook or Stripe's
 * own session status), never because the browser says so. What differs between providers is
 * theirs (payment-provider.ts); nothing here asks which one is configured.
 */
import {
  BILLING_ITEMS,
  CHECKOUT_RETURN_PATHS,
  billingItemKeySchema,
  type CheckoutRequest,
  INVALID_PRICE_ID_MESSAGE,
  type CheckoutResponse,
  type CheckoutSessionView,
  type SandboxCheckoutResult,
  type SubscriptionState,
} from '#domain/billing.js';
import { buildCatalog, itemForPriceId } from '#domain/billing-rules.js';
import { HttpError } from '../http/errors.js';
import { toDate, type BillingRepository, type CheckoutSessionRow } from './billing-repository.js';
import {
  PaymentProviderError,
  type CheckoutPage,
  type CreatedCheckout,
  type PaymentProvider,
} from './payment-provider.js';
import { ALREADY_PREMIUM_MESSAGE, CHECKOUT_NOT_FOUND_MESSAGE } from './sandbox-checkout.js';

export const NO_PREMIUM_MESSAGE = 'You do not have an active Premium subscription.';
/** The spec's default text for a checkout that could not be started. */
export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session.';
/** The account page's own texts for a failed cancel or resume. */
const CANCEL_FAILED_MESSAGE = 'Failed to cancel your subscription. Please try again';
const RESUME_FAILED_MESSAGE = 'Failed to resume your subscription. Please try again';

export interface BillingServiceDeps {
  repository: BillingRepository;
  provider: PaymentProvider;
  now: () => Date;
  log: { error(details: object, message: string): void };
}

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

export function createBillingService({ repository, provider, now, log }: BillingServiceDeps) {
  async function ownedSession(userId: string, id: string): Promise<CheckoutSessionRow> {
    const row = await repository.findOwnedCheckoutSession(id, userId);
    if (!row) throw new HttpError(404, CHECKOUT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** Lets a provider that ends its own periods (the sandbox) do so before state is read. */
  async function settleDuePeriods(userId: string): Promise<void> {
    await provider.settleDuePeriods(now(), userId);
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
      try {
        await provider.setCancelAtPeriodEnd(
          { ...account, subscriptionId: account.subscriptionId },
          cancel,
        );
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        log.error({ err: error, userId }, cancel ? 'cancel failed' : 'resume failed');
        const message = cancel ? CANCEL_FAILED_MESSAGE : RESUME_FAILED_MESSAGE;
        throw new HttpError(502, message, 'payment-provider');
      }
    }
    return subscription(userId);
  }

  /** The Pay and Cancel buttons of a checkout page of our own. */
  function pageActions(page: CheckoutPage) {
    return {
      async pay(userId: string, id: string): Promise<SandboxCheckoutResult> {
        await ownedSession(userId, id);
        const row = await page.pay(userId, id);
        return { session: toView(row), redirectUrl: successPath(row.id) };
      },

      async cancel(userId: string, id: string): Promise<SandboxCheckoutResult> {
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
    };
  }

  return {
    catalog: () => buildCatalog(provider.name, provider.priceIds),

    async startCheckout(
      user: { id: string; email: string },
      { priceId }: CheckoutRequest,
    ): Promise<CheckoutResponse> {
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
        log.error({ err: error, userId: user.id }, 'checkout could not be started');
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
     * The owner's checkout. One still open here is checked with the provider: the success page
     * may be shown before the webhook arrives, and both fulfil the same way.
     */
    async viewSession(userId: string, id: string): Promise<CheckoutSessionView> {
      const row = await ownedSession(userId, id);
      if (row.status !== 'open' || !(await provider.confirmCheckout(row))) return toView(row);
      return toView(await ownedSession(userId, id));
    },

    /** Null unless the provider has a checkout page of our own. */
    checkoutPage: provider.checkoutPage ? pageActions(provider.checkoutPage) : null,

    subscription,
    settleDuePeriods,
    cancel: (userId: string) => setCancelAtPeriodEnd(userId, true),
    resume: (userId: string) => setCancelAtPeriodEnd(userId, false),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
