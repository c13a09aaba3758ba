import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EBAY_MESSAGES } from '#domain/api/ebay';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Handler, type Reply } from '#web/test-support/stub-fetch';
import { storeNavigation } from '#web/lib/store-navigation';
import { EbayAccountCard } from './ebay-account-card';
import { SETTINGS, connection, settingsReply } from './test-support';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderCard(handlers: Record<string, Reply | Handler>, entry = '/account') {
  const fetch = stubFetch(handlers);
  const assign = vi.spyOn(storeNavigation, 'assign').mockImplementation(() => undefined);
  const view = renderRoutes([{ path: '/account', element: <EbayAccountCard /> }], entry);
  const card = () => screen.getByRole('heading', { name: 'eBay' }).closest('section')!;
  return { ...view, fetch, assign, card };
}

describe('the eBay account card', () => {
  it('connects through eBay’s consent page and says so once back', async () => {
    const authorizeUrl = '/sandbox/ebay/authorize?state=abc';
    const { user, assign, card } = renderCard({
      'GET /api/ebay/connection': { body: connection('none', true) },
      'POST /api/ebay/connect': { body: { authorizeUrl } },
    });
    expect(await within(card()).findByText('No eBay account connected yet.')).toBeTruthy();
    expect(within(card()).getByText(/^Sandbox eBay: nothing leaves Listsmith/)).toBeTruthy();
    await user.click(within(card()).getByRole('button', { name: 'Connect eBay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    cleanup();

    const back = renderCard(
      {
        'GET /api/ebay/connection': { body: connection('no-settings') },
        'GET /api/ebay/settings': { body: settingsReply() },
      },
      '/account?ebay=connected',
    );
    expect(await screen.findByText('Your eBay account is now connected!')).toBeTruthy();
    await waitFor(() => expect(back.router.state.location.search).toBe(''));
  });

  it('fills the policy and location choices from eBay and saves them once', async () => {
    const { user, fetch, card } = renderCard({
      'GET /api/ebay/connection': { body: connection('no-settings') },
      'GET /api/ebay/settings': { body: settingsReply() },
      'PUT /api/ebay/settings': (body) => ({
        body: settingsReply(body as typeof SETTINGS),
      }),
    });
    const shipping = await within(card()).findByRole('combobox', { name: 'Shipping policy' });
    expect(within(card()).getByText('Connected')).toBeTruthy();
    expect(
      within(shipping)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Free shipping', 'Standard shipping']);
    expect(within(card()).getByText(/^Not saved yet/)).toBeTruthy();
    await user.selectOptions(shipping, 'Standard shipping');
    await user.click(within(card()).getByRole('button', { name: 'Save eBay settings' }));
    expect(await screen.findByText('eBay settings saved')).toBeTruthy();
    expect(callsTo(fetch, 'PUT /api/ebay/settings')).toEqual([SETTINGS]);
    // Saved and unchanged: nothing to save again.
    await waitFor(() =>
      expect(
        within(card()).getByRole('button', { name: 'Save eBay settings' }).hasAttribute('disabled'),
      ).toBe(true),
    );
  });

  it('says what is missing on eBay, and when eBay could not be read offers to try again', async () => {
    let fail = true;
    const { user, card } = renderCard({
      'GET /api/ebay/connection': { body: connection('no-settings') },
      'GET /api/ebay/settings': () =>
        fail
          ? { status: 502, body: { error: EBAY_MESSAGES.unavailable } }
          : { body: { ...settingsReply(), returnPolicies: [] } },
    });
    expect((await within(card()).findByRole('alert')).textContent).toBe(EBAY_MESSAGES.unavailable);
    fail = false;
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(
      await within(card()).findByText(/^Your eBay account has no return policy yet\./),
    ).toBeTruthy();
    expect(
      within(card()).getByRole('button', { name: 'Save eBay settings' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('asks to connect again when eBay no longer accepts the access, and disconnects', async () => {
    const { user, fetch, card } = renderCard({
      'GET /api/ebay/connection': { body: connection('reconnect') },
      'DELETE /api/ebay/connection': { body: connection('none') },
      'POST /api/ebay/connect': { body: { authorizeUrl: 'https://auth.ebay.com/oauth2/x' } },
    });
    expect(await within(card()).findByText(new RegExp(EBAY_MESSAGES.reconnect))).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Connect eBay again' })).toBeTruthy();
    expect(callsTo(fetch, 'GET /api/ebay/settings')).toEqual([]);
    await user.click(within(card()).getByRole('button', { name: 'Disconnect eBay' }));
    expect(await within(card()).findByText('No eBay account connected yet.')).toBeTruthy();
    expect(await screen.findByText('eBay is disconnected.')).toBeTruthy();
  });
});
