import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { WOO_MESSAGES, wooConnectedMessage } from '#domain/api/woocommerce';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { useDisconnectWoo, useWooStores } from './use-woocommerce';
import { WooConnectDialog } from './woo-connect-dialog';

/**
 * Back from the store's approval (`return_url`: /account?woocommerce={store}&success=1|0&user_id=…):
 * said once, then the parameters leave the address.
 */
function useWooReturnNotice() {
  const [params, setParams] = useSearchParams();
  const store = params.get('woocommerce');
  const success = params.get('success');
  useEffect(() => {
    if (store === null) return;
    if (success === '1') toast.success(wooConnectedMessage(store));
    else toast.error(WOO_MESSAGES.denied);
    setParams(
      (current) => {
        for (const key of ['woocommerce', 'success', 'user_id']) current.delete(key);
        return current;
      },
      { replace: true },
    );
  }, [store, success, setParams]);
}

/** The account page's connected WooCommerce stores, each with Disconnect, and a way to add one. */
export function WooStoresCard() {
  useWooReturnNotice();
  const [connectOpen, setConnectOpen] = useState(false);
  const stores = useWooStores();
  const disconnect = useDisconnectWoo();
  const list = stores.data?.stores ?? [];

  return (
    <Card
      title="WooCommerce stores"
      description="Stores Listsmith may publish your products to. Disconnecting deletes Listsmith’s keys for the store (revoke them in WooCommerce › Settings › Advanced › REST API too)."
    >
      {stores.isError ? (
        <Banner>{stores.error.message}</Banner>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600">No store connected yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {list.map((store) => (
            <li key={store.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <span className="font-medium text-slate-900">{store.storeUrl}</span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Disconnect ${store.storeUrl}`}
                loading={disconnect.isPending && disconnect.variables === store.id}
                disabled={disconnect.isPending}
                onClick={() =>
                  disconnect.mutate(store.id, {
                    onSuccess: () => toast.success(`${store.storeUrl} is disconnected.`),
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
        Connect a WooCommerce store
      </Button>
      <WooConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </Card>
  );
}
