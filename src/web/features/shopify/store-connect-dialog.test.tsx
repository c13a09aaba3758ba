import { cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderConnectDialog } from '#web/test-support/connect-dialog';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, type Reply } from '#web/test-support/stub-fetch';
import { StoreConnectDialog } from './store-connect-dialog';
import { SHOWN_NOTICES_KEY, useShopConnectedNotice } from './use-shop-connected-notice';

const INVALID = 'Please enter a valid Shopify store domain (e.g. your-store.myshopify.com)';
const STATE = 'POST /api/shopify/oauth-state';

beforeEach(() => {
  stubBrowserApis();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDialog(reply: Reply) {
  return renderConnectDialog(
    <StoreConnectDialog open onOpenChange={() => undefined} />,
    STATE,
    reply,
  );
}

describe('StoreConnectDialog', () => {
  it('sends only the host and goes to the consent page the server names', async () => {
    const authorizeUrl = 'https://acme.myshopify.com/admin/oauth/authorize?state=s1';
    const { user, fetch, assign } = renderDialog({
      body: { state: 's1', shop: 'acme.myshopify.com', authorizeUrl },
    });
    await user.type(
      screen.getByLabelText('Store domain'),
      'https://Acme.myshopify.com/admin/products',
    );
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    expect(callsTo(fetch, STATE)).toEqual([{ shop: 'acme.myshopify.com' }]);
  });

  it.each(['', 'evil.com', 'acme.myshopify.com.evil.com'])(
    'shows the spec’s message for %j and asks the server nothing',
    async (input) => {
      const { user, fetch } = renderDialog({ status: 500 });
      if (input) await user.type(screen.getByLabelText('Store domain'), input);
      await user.click(screen.getByRole('button', { name: 'Connect store' }));
      expect(await screen.findByText(INVALID)).toBeTruthy();
      expect(callsTo(fetch, STATE)).toEqual([]);
    },
  );

  it('shows the server’s refusal, or the spec’s text when it gives none', async () => {
    const { user, assign } = renderDialog({ status: 500, body: {} });
    await user.type(screen.getByLabelText('Store domain'), 'acme.myshopify.com');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText('Failed to generate OAuth state')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses to follow an address that is not http(s)', async () => {
    const { user, assign } = renderDialog({
      body: { state: 's', shop: 'acme.myshopify.com', authorizeUrl: 'javascript:alert(1)' },
    });
    await user.type(screen.getByLabelText('Store domain'), 'acme.myshopify.com');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(
      await screen.findByText('Failed to initiate Shopify OAuth. Please try again.'),
    ).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });
});

function NoticePage() {
  useShopConnectedNotice();
  return <p>create page</p>;
}

describe('useShopConnectedNotice', () => {
  const message =
    'Your Shopify store acme.myshopify.com is now connected! You can start publishing your products.';

  it('shows the notice once per store and removes the parameter', async () => {
    const first = renderRoutes(
      [{ path: '/create', element: <NoticePage /> }],
      '/create?shop_connected=acme.myshopify.com&x=1',
    );
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(first.router.state.location.search).toBe('?x=1'));
    expect(JSON.parse(localStorage.getItem(SHOWN_NOTICES_KEY)!)).toEqual(['acme.myshopify.com']);
    cleanup();
    toast.remove();

    const second = renderRoutes(
      [{ path: '/create', element: <NoticePage /> }],
      '/create?shop_connected=acme.myshopify.com',
    );
    await waitFor(() => expect(second.router.state.location.search).toBe(''));
    expect(screen.queryByText(message)).toBeNull();
  });

  it('says why a connection failed', async () => {
    const view = renderRoutes(
      [{ path: '/create', element: <NoticePage /> }],
      '/create?shop_error=expired',
    );
    expect(
      await screen.findByText(
        'Your Shopify store could not be connected: the request expired. Please try again.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });
});
