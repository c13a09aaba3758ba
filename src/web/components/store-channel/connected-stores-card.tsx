import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import toast from 'react-hot-toast';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import type { ChannelStore } from './publish-dialog';

/** The account page's connected stores of one channel, each with Disconnect, and a way to add one. */
export function ConnectedStoresCard({
  channel,
  description,
  stores,
  loadError,
  disconnect,
  ConnectDialog,
}: {
  /** 'Shopify': the card is 'Shopify stores', its button 'Connect a Shopify store'. */
  channel: string;
  description: string;
  stores: ChannelStore[];
  /** Why the stores could not be loaded, said in place of the list. */
  loadError?: string | undefined;
  /** Disconnects a store by its id. */
  disconnect: UseMutationResult<unknown, Error, string>;
  ConnectDialog: ComponentType<{ open: boolean; onOpenChange(open: boolean): void }>;
}) {
  const [connectOpen, setConnectOpen] = useState(false);

  return (
    <Card title={`${channel} stores`} description={description}>
      {loadError ? (
        <Banner>{loadError}</Banner>
      ) : stores.length === 0 ? (
        <p className="text-sm text-slate-600">No store connected yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {stores.map((store) => (
            <li key={store.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <span className="font-medium text-slate-900">{store.label}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Disconnect ${store.label}`}
                loading={disconnect.isPending && disconnect.variables === store.id}
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(store.id, {
                    onSuccess: () => toast.success(`${store.label} is disconnected.`),
                  })
                }
              >
                Disconnect
              </Button>
            </li>
          ))}
        </ul>
      )}
      {disconnect.error && <Banner className="mt-4">{disconnect.error.message}</Banner>}
      <Button className="mt-4" variant="secondary" onClick={() => setConnectOpen(true)}>
        {`Connect a ${channel} store`}
      </Button>
      <ConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </Card>
  );
}
