import { useMutation } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { ConnectedStoresCard } from './connected-stores-card';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
});

const STORES = [
  { id: 's1', label: 'first.example' },
  { id: 's2', label: 'second.example' },
];

function ConnectDialog({ open }: { open: boolean }) {
  return open ? <p>Connect dialog</p> : null;
}

function Card({
  disconnect,
  stores = STORES,
  loadError,
}: {
  disconnect(id: string): Promise<unknown>;
  stores?: typeof STORES;
  loadError?: string;
}) {
  const mutation = useMutation({ mutationFn: disconnect });
  return (
    <ConnectedStoresCard
      channel="Teststore"
      description="Stores to publish to."
      stores={stores}
      loadError={loadError}
      disconnect={mutation}
      ConnectDialog={ConnectDialog}
    />
  );
}

function renderCard(props: Parameters<typeof Card>[0]) {
  return renderRoutes([{ path: '/account', element: <Card {...props} /> }], '/account');
}

describe('ConnectedStoresCard', () => {
  it('disconnects the store asked for and says so', async () => {
    const disconnect = vi.fn(async () => ({}));
    const { user } = renderCard({ disconnect });
    expect(screen.getByRole('heading', { name: 'Teststore stores' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Disconnect second.example' }));
    expect(await screen.findByText('second.example is disconnected.')).toBeTruthy();
    expect(disconnect).toHaveBeenCalledWith('s2', expect.anything());
  });

  it('shows a refused disconnect in the card', async () => {
    const { user } = renderCard({ disconnect: () => Promise.reject(new Error('Try again')) });
    await user.click(screen.getByRole('button', { name: 'Disconnect first.example' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try again');
  });

  it('says when there is no store or the stores could not load, and offers to connect one', async () => {
    const { user } = renderCard({ disconnect: vi.fn(), stores: [] });
    expect(screen.getByText('No store connected yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect a Teststore store' }));
    await waitFor(() => expect(screen.getByText('Connect dialog')).toBeTruthy());
    cleanup();

    renderCard({ disconnect: vi.fn(), loadError: 'Failed to load your stores' });
    expect(screen.getByText('Failed to load your stores')).toBeTruthy();
    expect(screen.queryByText('No store connected yet.')).toBeNull();
  });
});
