import { INVALID_SHOP_DOMAIN_MESSAGE, normalizeShopDomain } from '#domain/shopify-domain';
import { StoreConnectDialog as ConnectDialog } from '#web/components/store-channel/store-connect-dialog';
import { useConnectStore } from './use-store-connection';

const FIELD = {
  label: 'Store domain',
  name: 'shop',
  placeholder: 'your-store.myshopify.com',
  autoComplete: 'off',
};

/** The store-connect dialog (spec: a field for the store domain, submit, errors in the dialog). */
export function StoreConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const connect = useConnectStore();
  return (
    <ConnectDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Connect your Shopify store"
      description="Enter your store’s myshopify.com domain. Shopify then asks you to approve Listsmith."
      field={FIELD}
      normalize={normalizeShopDomain}
      invalidMessage={INVALID_SHOP_DOMAIN_MESSAGE}
      connect={connect}
    />
  );
}
