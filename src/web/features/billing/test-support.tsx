/** Test-only: billing fixtures, a fetch stub and a renderer with the app's providers. */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import {
  SANDBOX_PRICE_IDS,
  type BillingCatalog,
  type CheckoutSessionView,
  type SubscriptionState,
} from '#domain/billing';
import { renderRoutes } from '#web/test-support/render-routes';

export const catalog: BillingCatalog = {
  provider: 'sandbox',
  packs: [
    {
      key: 'pack-10',
      credits: 10,
      totalPrice: 7,
      pricePerCredit: 0.7,
      priceId: SANDBOX_PRICE_IDS['pack-10'],
    },
    {
      key: 'pack-25',
      credits: 25,
      totalPrice: 15,
      pricePerCredit: 0.6,
      priceId: SANDBOX_PRICE_IDS['pack-25'],
    },
    {
      key: 'pack-50',
      credits: 50,
      totalPrice: 27,
      pricePerCredit: 0.54,
      priceId: SANDBOX_PRICE_IDS['pack-50'],
    },
  ],
  premium: { priceId: SANDBOX_PRICE_IDS.premium, price: 25, credits: 50, pricePerCredit: 0.5 },
};

export { profileWith as profile } from '#web/test-support/profile';

export function checkoutSession(change: Partial<CheckoutSessionView> = {}): CheckoutSessionView {
  return {
    id: 'cs_1',
    provider: 'sandbox',
    status: 'open',
    item: { key: 'pack-10', kind: 'pack', name: '10 credits', credits: 10, priceUsd: 7 },
    createdAt: '2026-11-21T10:00:00.000Z',
    ...change,
  };
}

export const premiumItem: CheckoutSessionView['item'] = {
  key: 'premium',
  kind: 'premium',
  name: 'Listsmith Premium (monthly)',
  credits: 50,
  priceUsd: 25,
};

export function subscription(change: Partial<SubscriptionState> = {}): SubscriptionState {
  return {
    plan: 'premium',
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-21T12:00:00.000Z',
    fixedCredits: 3,
    subscriptionCredits: 50,
    ...change,
  };
}

export { callsTo, stubFetch } from '#web/test-support/stub-fetch';

export { stubBrowserApis } from '#web/test-support/browser-apis';

export function renderBilling(
  element: ReactNode,
  {
    path = '/',
    url = path,
    routes = [],
  }: { path?: string; url?: string; routes?: RouteObject[] } = {},
) {
  return renderRoutes([{ path, element }, ...routes], url);
}
