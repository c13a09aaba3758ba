import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { WOO_MESSAGES, wooConnectedMessage } from '#domain/api/woocommerce';
import { ConnectedStoresCard } from '#web/components/store-channel/connected-stores-card';
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
  const stores = useWooStores();
  const disconnect = useDisconnectWoo();
  return (
    <ConnectedStoresCard
      channel="WooCommerce"
      description="Stores Listsmith may publish your products to. Disconnecting deletes Listsmith’s keys for the store (revoke them in WooCommerce › Settings › Advanced › REST API too)."
      stores={(stores.data?.stores ?? []).map((store) => ({ id: store.id, label: store.storeUrl }))}
      loadError={stores.error?.message}
      disconnect={disconnect}
      ConnectDialog={WooConnectDialog}
    />
  );
}
