import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  catalog,
  profile,
  renderBilling,
  stubBrowserApis,
  stubFetch,
  subscription,
} from '../features/billing/test-support';
import { pageNavigation } from '../lib/billing';
import { useBuyCredits } from '../lib/buy-credits';
import AccountRoute from './account';
import { DEFAULT_SELLER_SETTINGS } from '#domain/seller-settings';

beforeEach(() => stubBrowserApis());

afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useBuyCredits.setState({ isOpen: false });
});

async function findSubscriptionCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { name: 'Subscription' });
  return heading.closest('section')!;
}

const premiumProfile = profile({ planName: 'Premium', subscriptionCredits: 50, fixedCredits: 13 });

describe('account page: subscription card', () => {
  it('lets a premium user cancel at the period end, then resume', async () => {
    let state = subscription({ fixedCredits: 13 });
    const fetch = stubFetch({
      'GET /api/user/profile': { body: premiumProfile },
      'GET /api/billing/subscription': () => ({ body: state }),
      'POST /api/billing/subscription/cancel': () => {
        state = { ...state, cancelAtPeriodEnd: true };
        return { body: state };
      },
      'POST /api/billing/subscription/resume': () => {
        state = { ...state, cancelAtPeriodEnd: false };
        return { body: state };
      },
    });
    const { user } = renderBilling(<AccountRoute />, { path: '/account' });
    const card = await findSubscriptionCard();
    expect(await within(card).findByText('Renews on December 21, 2026')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await screen.findByText(
        'Premium plan canceled. Premium stays active until December 21, 2026; then you have 13 credits.',
      ),
    ).toBeTruthy();
    expect(await within(card).findByText('Premium until December 21, 2026')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(card).getByRole('button', { name: 'Resume subscription' }));
    expect(
      await screen.findByText('Premium resumed. It renews on December 21, 2026.'),
    ).toBeTruthy();
    expect(await within(card).findByText('Renews on December 21, 2026')).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/billing/subscription/cancel')).toHaveLength(1);
    expect(callsTo(fetch, 'POST /api/billing/subscription/resume')).toHaveLength(1);
  });

  it('warns a premium user whose last payment failed', async () => {
    stubFetch({
      'GET /api/user/profile': { body: premiumProfile },
      'GET /api/billing/subscription': { body: subscription({ status: 'past_due' }) },
    });
    renderBilling(<AccountRoute />, { path: '/account' });
    expect((await screen.findByText(/Your last payment failed\./)).getAttribute('role')).toBe(
      'status',
    );
  });

  it('offers a free user the premium checkout and the Buy Credits dialog', async () => {
    const fetch = stubFetch({
      'GET /api/user/profile': { body: profile() },
      'GET /api/billing/subscription': {
        body: subscription({ plan: 'free', status: null, currentPeriodEnd: null }),
      },
      'GET /api/billing/catalog': { body: catalog },
      'POST /api/stripe/create-checkout-session': {
        body: { sessionId: 'cs_9', url: 'https://checkout.stripe.com/c/pay/cs_9' },
      },
    });
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderBilling(<AccountRoute />, { path: '/account' });
    const card = await findSubscriptionCard();
    expect(within(card).getByTestId('current-plan').textContent).toBe('Free');
    expect(within(card).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Buy credits' }));
    expect(useBuyCredits.getState().isOpen).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_9'),
    );
    expect(callsTo(fetch, 'POST /api/stripe/create-checkout-session')).toEqual([
      { priceId: catalog.premium.priceId },
    ]);
  });
});

describe('account page: delete account', () => {
  async function confirmDeletion() {
    const { user } = renderBilling(<AccountRoute />, {
      path: '/account',
      routes: [{ path: '/', element: <p>Landing page</p> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
  }

  const accountHandlers = {
    'GET /api/user/profile': { body: profile() },
    'GET /api/user/settings': { body: DEFAULT_SELLER_SETTINGS },
    'GET /api/billing/subscription': {
      body: subscription({ plan: 'free', status: null, currentPeriodEnd: null }),
    },
    'GET /api/woocommerce/stores': { body: { stores: [], sandbox: true } },
    'GET /api/ebay/connection': { body: { sandbox: true, connection: null } },
  };

  it('leaves for the landing page once the server confirms', async () => {
    stubFetch({ ...accountHandlers, 'DELETE /api/user/profile': { body: { success: true } } });
    await confirmDeletion();
    expect(await screen.findByText('Landing page')).toBeTruthy();
  });

  it('shows the failure, and stays, when a 2xx reply is not the contract', async () => {
    stubFetch({
      ...accountHandlers,
      // E.g. a proxy answering with the app's HTML page: not a confirmed deletion.
      'DELETE /api/user/profile': new Response('<!doctype html>', {
        headers: { 'content-type': 'text/html' },
      }),
    });
    await confirmDeletion();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete account.');
    expect(screen.queryByText('Landing page')).toBeNull();
  });

  it('shows the server’s message for an account already gone', async () => {
    stubFetch({
      ...accountHandlers,
      'DELETE /api/user/profile': { status: 404, body: { error: 'Profile not found' } },
    });
    await confirmDeletion();
    expect((await screen.findByRole('alert')).textContent).toBe('Profile not found');
  });
});
