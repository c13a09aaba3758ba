import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Profile } from '#domain/api/profile';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDisconnectStore } from './use-store-connection';
import { StoreConnectDialog } from './store-connect-dialog';

/** The account page's connected Shopify stores, each with Disconnect, and a way to add one. */
export function ConnectedStoresCard({ stores }: { stores: Profile['ShopifyStore'] }) {
  const [connectOpen, setConnectOpen] = useState(false);
  const disconnect = useDisconnectStore();

  return (
    <Card
      title="Shopify stores"
      description="Stores Listsmith may publish your products to. Disconnecting deletes Listsmith’s access to the store."
    >
      {stores.length === 0 ? (
        <p className="text-sm text-slate-600">No store connected yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {stores.map((store) => (
            <li key={store.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <span className="font-medium text-slate-900">{store.shopDomain}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Disconnect ${store.shopDomain}`}
                loading={disconnect.isPending && disconnect.variables === store.id}
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(store.id, {
                    onSuccess: () => toast.success(`${store.shopDomain} is disconnected.`),
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
        Connect a Shopify store
      </Button>
      <StoreConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </Card>
  );
}
