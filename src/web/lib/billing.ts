/**
 * Billing state shared by several features (buy credits, account, review): the catalogue, the
 * subscription, and starting a checkout. Screens of the billing feature itself add their own
 * calls in features/billing/api.ts. Every reply is parsed with its contract in domain/billing.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  billingCatalogSchema,
  checkoutResponseSchema,
  subscriptionStateSchema,
  type BillingCatalog,
  type BillingItemKey,
  type CheckoutResponse,
  type SubscriptionState,
} from '#domain/billing';
import { ApiError, apiFetch, INVALID_REPLY } from './api-client';
import { profileQueryKey } from './profile';

export const billingQueryKeys = {
  catalog: ['billing', 'catalog'] as const,
  subscription: ['billing', 'subscription'] as const,
  checkoutSession: (id: string) => ['billing', 'checkout-session', id] as const,
};

export const CHECKOUT_MESSAGES = {
  failed: 'Failed to create checkout session.',
  noSessionId: 'No sessionId returned from backend.',
} as const;

function fetchCatalog(): Promise<BillingCatalog> {
  return apiFetch('/api/billing/catalog', billingCatalogSchema, {
    fallbackMessage: 'Failed to load prices.',
  });
}

const catalogQuery = {
  queryKey: billingQueryKeys.catalog,
  queryFn: fetchCatalog,
  // Prices change with a deploy, not while the page is open.
  staleTime: 10 * 60_000,
};

export function useBillingCatalog() {
  return useQuery(catalogQuery);
}

export function priceIdFor(catalog: BillingCatalog, item: BillingItemKey): string {
  if (item === 'premium') return catalog.premium.priceId;
  const pack = catalog.packs.find((offer) => offer.key === item);
  if (!pack) throw new ApiError(0, CHECKOUT_MESSAGES.failed);
  return pack.priceId;
}

export function useSubscriptionState(enabled = true) {
  return useQuery({
    queryKey: billingQueryKeys.subscription,
    queryFn: (): Promise<SubscriptionState> =>
      apiFetch('/api/billing/subscription', subscriptionStateSchema, {
        fallbackMessage: 'Failed to load your subscription.',
      }),
    enabled,
  });
}

/** After a purchase or a cancellation: the sidebar counter and the account card refetch. */
export async function refreshBillingState(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    queryClient.invalidateQueries({ queryKey: billingQueryKeys.subscription }),
  ]);
}

/** Only our own pages or an https checkout (Stripe) are followed. */
function checkoutDestination(url: string): string {
  const target = new URL(url, window.location.origin);
  const sameOrigin = target.origin === window.location.origin;
  if (!sameOrigin && target.protocol !== 'https:') {
    throw new ApiError(502, CHECKOUT_MESSAGES.failed, INVALID_REPLY);
  }
  return target.href;
}

/** Leaving the app for the checkout page; tests watch it (jsdom cannot navigate). */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export async function createCheckoutSession(priceId: string): Promise<CheckoutResponse> {
  // Without a sessionId the reply is still read, so the spec's own message can say so.
  const reply = await apiFetch(
    '/api/stripe/create-checkout-session',
    checkoutResponseSchema.partial({ sessionId: true }),
    { method: 'POST', body: { priceId }, fallbackMessage: CHECKOUT_MESSAGES.failed },
  );
  if (!reply.sessionId) throw new ApiError(502, CHECKOUT_MESSAGES.noSessionId, INVALID_REPLY);
  return { sessionId: reply.sessionId, url: checkoutDestination(reply.url) };
}

/** Screens whose checkout ends somewhere else than the usual success view. */
export type CheckoutOrigin = 'review';

const checkoutOriginKey = (sessionId: string) => `listsmith:checkout-origin:${sessionId}`;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Remembers, in this tab, which screen started a checkout: the payment page is another site, and
 * the tab's session storage is what survives the round trip (the server saves the drafts on
 * activation whatever the origin; only what the success view says and where it goes differ).
 */
export function rememberCheckoutOrigin(sessionId: string, origin: CheckoutOrigin): void {
  tabStorage()?.setItem(checkoutOriginKey(sessionId), origin);
}

/** The screen that started this checkout in this tab, if one asked to be remembered. */
export function checkoutOrigin(sessionId: string): CheckoutOrigin | null {
  return tabStorage()?.getItem(checkoutOriginKey(sessionId)) === 'review' ? 'review' : null;
}

export function forgetCheckoutOrigin(sessionId: string): void {
  tabStorage()?.removeItem(checkoutOriginKey(sessionId));
}

/**
 * Starts a checkout for one item and sends the browser to the checkout page. `busy` stays true
 * from the click until the page is left, so a second click cannot start a second checkout.
 */
export function useStartCheckout({ origin }: { origin?: CheckoutOrigin } = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (item: BillingItemKey) => {
      const catalog = await queryClient.fetchQuery(catalogQuery);
      return createCheckoutSession(priceIdFor(catalog, item));
    },
    onSuccess: ({ sessionId, url }) => {
      if (origin) rememberCheckoutOrigin(sessionId, origin);
      pageNavigation.assign(url);
    },
  });
  const { reset } = mutation;

  // Back from the checkout page, the browser may restore this page as it was: busy again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const busy = mutation.isPending || mutation.isSuccess;
  return {
    start: (item: BillingItemKey) => {
      if (!busy) mutation.mutate(item);
    },
    busy,
    /** The item whose checkout is starting, for the spinner on the right button. */
    startingItem: busy ? mutation.variables : undefined,
    error: mutation.error?.message ?? null,
  };
}

/** 'December 21, 2026' */
export function formatBillingDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));
}

/** '$7', '$7.50' */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
