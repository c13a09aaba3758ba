import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxCheckoutPage, TEST_MODE_TEXT } from './sandbox-checkout-page';
import {
  callsTo,
  checkoutSession,
  premiumItem,
  profile,
  renderBilling,
  stubBrowserApis,
  stubFetch,
} from './test-support';

const SESSION = 'GET /api/billing/checkout-sessions/cs_1';
const SANDBOX = 'POST /api/billing/sandbox/checkout-sessions/cs_1';

beforeEach(() => stubBrowserApis());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(handlers: Parameters<typeof stubFetch>[0]) {
  const fetch = stubFetch({ 'GET /api/user/profile': { body: profile() }, ...handlers });
  const view = renderBilling(<SandboxCheckoutPage sessionId="cs_1" />, {
    path: '/sandbox/checkout/cs_1',
    routes: [
      { path: '/billing/success', element: <p>Success view</p> },
      { path: '/billing/canceled', element: <p>Canceled view</p> },
    ],
  });
  return { ...view, fetch };
}

describe('sandbox checkout page', () => {
  it('is marked test mode and shows what is bought, for whom and for how much', async () => {
    renderPage({ [SESSION]: { body: checkoutSession() } });
    expect(screen.getByText(TEST_MODE_TEXT)).toBeTruthy();
    expect(await screen.findByText('Credit pack: 10 credits')).toBeTruthy();
    expect(screen.getByText('10 credits that never expire')).toBeTruthy();
    expect(await screen.findByText('seller@shop.com')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$7');
    expect(screen.getByRole('button', { name: 'Pay $7' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the monthly price of Premium', async () => {
    renderPage({ [SESSION]: { body: checkoutSession({ item: premiumItem }) } });
    expect(await screen.findByText('Listsmith Premium (monthly)')).toBeTruthy();
    expect(screen.getByText('50 credits every month')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $25 per month' })).toBeTruthy();
  });

  it('pays and goes where the server says', async () => {
    const { user, fetch, router } = renderPage({
      [SESSION]: { body: checkoutSession() },
      [`${SANDBOX}/pay`]: {
        body: {
          session: checkoutSession({ status: 'complete' }),
          redirectUrl: '/billing/success?session_id=cs_1',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $7' }));
    expect(await screen.findByText('Success view')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/billing/success?session_id=cs_1',
    );
    expect(callsTo(fetch, `${SANDBOX}/pay`)).toHaveLength(1);
    expect(callsTo(fetch, `${SANDBOX}/cancel`)).toHaveLength(0);
  });

  it('cancels and goes back to the canceled view', async () => {
    const { user, fetch } = renderPage({
      [SESSION]: { body: checkoutSession() },
      [`${SANDBOX}/cancel`]: {
        body: { session: checkoutSession({ status: 'expired' }), redirectUrl: '/billing/canceled' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Canceled view')).toBeTruthy();
    expect(callsTo(fetch, `${SANDBOX}/pay`)).toHaveLength(0);
  });

  it.each([
    ['complete', 'This checkout is already paid.'],
    ['expired', 'This checkout was canceled or has expired. Nothing was charged.'],
  ] as const)('shows a %s session without Pay and Cancel', async (status, message) => {
    renderPage({ [SESSION]: { body: checkoutSession({ status }) } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByText(TEST_MODE_TEXT)).toBeTruthy();
  });

  it("shows the server's message for an unknown or someone else's session", async () => {
    renderPage({ [SESSION]: { status: 404, body: { error: 'Checkout session not found.' } } });
    expect((await screen.findByRole('alert')).textContent).toBe('Checkout session not found.');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows a failed payment on the page and lets the user try again', async () => {
    const { user } = renderPage({
      [SESSION]: { body: checkoutSession() },
      [`${SANDBOX}/pay`]: { status: 409, body: { error: 'This checkout has expired.' } },
    });
    const pay = await screen.findByRole<HTMLButtonElement>('button', { name: 'Pay $7' });
    await user.click(pay);
    expect((await screen.findByRole('alert')).textContent).toBe('This checkout has expired.');
    await waitFor(() => expect(pay.disabled).toBe(false));
  });
});
