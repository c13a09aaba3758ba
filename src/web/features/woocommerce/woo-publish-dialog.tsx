import { WOO_MESSAGES } from '#domain/api/woocommerce';
import type { Product } from '#domain/products';
import {
  StorePublishButton,
  type PublishChannel,
} from '#web/components/store-channel/publish-dialog';
import { wooApi } from './api';
import { useWooStores } from './use-woocommerce';
import { WooConnectDialog } from './woo-connect-dialog';

/** What a screen offers to publish (the same target the Shopify dialog gets). */
interface WooPublishTarget {
  count: number;
  load(): Promise<Product[]>;
}

const WOOCOMMERCE: PublishChannel = {
  name: 'WooCommerce',
  destination: 'your WooCommerce store',
  statuses: [
    {
      value: 'draft',
      label: 'Draft',
      hint: 'Saved in the store, not shown to customers.',
      word: 'draft',
    },
    {
      value: 'active',
      label: 'Published',
      hint: 'Visible in your shop right away.',
      word: 'published',
    },
  ],
  linkLabel: 'View in WooCommerce',
  doneToast: WOO_MESSAGES.toast,
  // No closeAfterMs: the dialog keeps each product's link in the store's admin until Done.
  publish: (request) => wooApi.publishProduct(request),
  ConnectDialog: WooConnectDialog,
};

/**
 * 'Publish to WooCommerce' and its dialog, next to 'Publish to Shopify' in a bottom bar. The
 * store downloads the photos from Listsmith (ADR 039): the dialog says so before anything goes.
 */
export function WooPublishButton({
  target,
  onPublished,
  size = 'md',
}: {
  target: WooPublishTarget;
  onPublished?(product: Product): void;
  size?: 'sm' | 'md';
}) {
  const stores = useWooStores();
  return (
    <StorePublishButton
      channel={WOOCOMMERCE}
      title="Publish to WooCommerce"
      stores={stores.data?.stores.map((store) => ({ id: store.id, label: store.storeUrl }))}
      storeNote={
        stores.data?.sandbox
          ? 'Sandbox store: nothing leaves Listsmith. With a real store, it downloads the photos from Listsmith, so Listsmith must be reachable on the internet at its https address.'
          : WOO_MESSAGES.imagesNeed
      }
      target={target}
      size={size}
      {...(onPublished ? { onPublished } : {})}
    />
  );
}
