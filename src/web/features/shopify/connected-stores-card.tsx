import type { Profile } from '#domain/api/profile';
import { ConnectedStoresCard as StoresCard } from '#web/components/store-channel/connected-stores-card';
import { useDisconnectStore } from './use-store-connection';
import { StoreConnectDialog } from './store-connect-dialog';

/** The account page's connected Shopify stores (from the profile), each with Disconnect. */
export function ConnectedStoresCard({ stores }: { stores: Profile['ShopifyStore'] }) {
  const disconnect = useDisconnectStore();
  return (
    <StoresCard
      channel="Shopify"
      description="Stores Listsmith may publish your products to. Disconnecting deletes Listsmith’s access to the store."
      stores={stores.map((store) => ({ id: store.id, label: store.shopDomain }))}
      disconnect={disconnect}
      ConnectDialog={StoreConnectDialog}
    />
  );
}
