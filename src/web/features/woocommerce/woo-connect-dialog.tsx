import { INVALID_STORE_URL_MESSAGE, normalizeStoreUrl } from '#domain/woocommerce-publish';
import { StoreConnectDialog } from '#web/components/store-channel/store-connect-dialog';
import { useConnectWoo } from './use-woocommerce';

const FIELD = {
  label: 'Store address',
  name: 'storeUrl',
  placeholder: 'https://shop.example.com',
  autoComplete: 'url',
};

/** Here any http(s) address passes; the server, which knows whether plain http may be used, decides. */
function normalize(address: string): string | null {
  return normalizeStoreUrl(address, () => true);
}

/**
 * Connect a WooCommerce store: its address, then WooCommerce's own page asks the store owner to
 * approve Listsmith (read/write).
 */
export function WooConnectDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const connect = useConnectWoo();
  return (
    <StoreConnectDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Connect your WooCommerce store"
      description="Enter your store’s address. WooCommerce then asks you, as the store’s administrator, to approve Listsmith with read/write access."
      field={FIELD}
      normalize={normalize}
      invalidMessage={INVALID_STORE_URL_MESSAGE}
      connect={connect}
    />
  );
}
