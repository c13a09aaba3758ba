import { cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutOrigin, rememberCheckoutOrigin } from '#web/lib/billing';
import {
  CheckoutSuccess,
  CONFIRMING_TEXT,
  SAVED_TO_LIBRARY_TOAST,
  UPGRADED_TOAST,
} from './checkout-success';
import {
  checkoutSession,
  premiumItem,
  profile,
  renderBilling,
  stubBrowserApis,
  stubFetch,
} from './test-support';

const SESSION = 'GET /api/billing/checkout-sessions/cs_1';

beforeEach(() => {
  sessionStorage.clear();
  stubBrowserApis();
});

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
});

describe('checkout success view', () => {
  it('waits while the payment is confirmed, then shows the pack and the new total', async () => {
    let reads = 0;
    let credits = 3;
    const fetch = stubFetch({
      [SESSION]: () => {
        reads += 1;
        if (reads < 3) return { body: checkoutSession() };
        credits = 13;
        return { body: checkoutSession({ status: 'complete' }) };
      },
      'GET /api/user/profile': () => ({ body: profile({ fixedCredits: credits }) }),
      'GET /api/billing/subscription': { body: {} },
    });
    renderBilling(<CheckoutSuccess sessionId="cs_1" pollMs={20} />);
    expect((await screen.findByRole('status')).textContent).toBe(CONFIRMING_TEXT);
    expect(
      await screen.findByRole('heading', { name: '10 credits added' }, { timeout: 2000 }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('credit-total').textContent).toBe(
        'You now have 13 credits. They never expire.',
      ),
    );
    expect(reads).toBe(3);
    expect(fetch.mock.calls.some(([url]) => url === '/api/user/profile')).toBe(true);
  });

  it('celebrates Premium with its 50 credits and the upgrade toast', async () => {
    stubFetch({
      [SESSION]: { body: checkoutSession({ status: 'complete', item: premiumItem }) },
      'GET /api/user/profile': { body: profile({ planName: 'Premium', subscriptionCredits: 50 }) },
      'GET /api/billing/subscription': { body: {} },
    });
    renderBilling(<CheckoutSuccess sessionId="cs_1" />);
    expect(await screen.findByText('Premium Active')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Congratulations!' })).toBeTruthy();
    expect(screen.getByText('50 credits')).toBeTruthy();
    expect(await screen.findByText(UPGRADED_TOAST)).toBeTruthy();
  });

  it('an upgrade started on the review screen goes on to the library its drafts were saved to', async () => {
    rememberCheckoutOrigin('cs_1', 'review');
    stubFetch({
      [SESSION]: { body: checkoutSession({ status: 'complete', item: premiumItem }) },
      'GET /api/user/profile': { body: profile({ planName: 'Premium', subscriptionCredits: 50 }) },
      'GET /api/billing/subscription': { body: {} },
    });
    const { router } = renderBilling(<CheckoutSuccess sessionId="cs_1" />, {
      path: '/billing/success',
      routes: [{ path: '/library', element: <p>Library page</p> }],
    });

    expect(await screen.findByText('Library page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library');
    expect(await screen.findByText(SAVED_TO_LIBRARY_TOAST)).toBeTruthy();
    // Said once: coming back to this view later does not send the seller on again.
    expect(checkoutOrigin('cs_1')).toBeNull();
  });

  it('an upgrade started elsewhere stays on the success view', async () => {
    rememberCheckoutOrigin('cs_other', 'review');
    stubFetch({
      [SESSION]: { body: checkoutSession({ status: 'complete', item: premiumItem }) },
      'GET /api/user/profile': { body: profile({ planName: 'Premium', subscriptionCredits: 50 }) },
      'GET /api/billing/subscription': { body: {} },
    });
    const { router } = renderBilling(<CheckoutSuccess sessionId="cs_1" />, {
      path: '/billing/success',
    });
    expect(await screen.findByText(UPGRADED_TOAST)).toBeTruthy();
    expect(screen.queryByText(/saved to your library/)).toBeNull();
    expect(router.state.location.pathname).toBe('/billing/success');
  });

  it('gives up waiting with a way to the account page', async () => {
    stubFetch({ [SESSION]: { body: checkoutSession() } });
    renderBilling(<CheckoutSuccess sessionId="cs_1" pollMs={20} giveUpAfterMs={150} />);
    expect(
      await screen.findByText(/We have not received the confirmation of your payment yet/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'account page' }).getAttribute('href')).toBe(
      '/account#subscription',
    );
    expect(screen.queryByText(CONFIRMING_TEXT)).toBeNull();
  });

  it('says so when the checkout was canceled', async () => {
    stubFetch({ [SESSION]: { body: checkoutSession({ status: 'expired' }) } });
    renderBilling(<CheckoutSuccess sessionId="cs_1" />);
    expect(
      await screen.findByText('This checkout did not go through. You were not charged.'),
    ).toBeTruthy();
  });
});
