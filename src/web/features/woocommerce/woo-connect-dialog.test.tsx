import { cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_STORE_URL_MESSAGE } from '#domain/woocommerce-publish';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderConnectDialog } from '#web/test-support/connect-dialog';
import { callsTo, type Reply } from '#web/test-support/stub-fetch';
import { WooConnectDialog } from './woo-connect-dialog';

const CONNECT = 'POST /api/woocommerce/connect';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderDialog(reply: Reply) {
  return renderConnectDialog(
    <WooConnectDialog open onOpenChange={() => undefined} />,
    CONNECT,
    reply,
  );
}

describe('WooConnectDialog', () => {
  it('sends the store’s address and goes to the approval page the server names', async () => {
    const authorizeUrl = '/sandbox/woocommerce/authorize?store_url=https%3A%2F%2Fshop.example';
    const { user, fetch, assign } = renderDialog({
      body: { storeUrl: 'https://shop.example', authorizeUrl },
    });
    await user.type(screen.getByLabelText('Store address'), 'shop.example');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    expect(callsTo(fetch, CONNECT)).toEqual([{ storeUrl: 'https://shop.example' }]);
  });

  it('says what an address looks like and asks the server nothing', async () => {
    const { user, fetch } = renderDialog({ status: 500 });
    await user.type(screen.getByLabelText('Store address'), 'not a store');
    await user.click(screen.getByRole('button', { name: 'Connect store' }));
    expect(await screen.findByText(INVALID_STORE_URL_MESSAGE)).toBeTruthy();
    expect(callsTo(fetch, CONNECT)).toEqual([]);
  });
});
