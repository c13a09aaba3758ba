import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import type { Product } from '#domain/products';
import { formatCount } from '#domain/text/english';
import {
  StorePublishButton,
  type PublishChannel,
} from '#web/components/store-channel/publish-dialog';
import { useProfile } from '#web/lib/profile';
import { shopifyApi } from './api';
import { StoreConnectDialog } from './store-connect-dialog';

/** What a screen offers to publish: how many, and the products themselves when asked. */
interface PublishTarget {
  count: number;
  load(): Promise<Product[]>;
  /**
   * Set when nothing was ticked and the whole library (or search) goes: the dialog asks
   * 'Publish all 47 products?' with the real count (or '… matching “vase”?').
   */
  everything?: { term: string };
}

/** The dialog's title: what is about to be sent, as a question when it is everything. */
function publishTitle(target: PublishTarget): string {
  if (!target.everything) return 'Publish to Shopify';
  const products = `${formatCount(target.count)} ${target.count === 1 ? 'product' : 'products'}`;
  const { term } = target.everything;
  return term ? `Publish all ${products} matching “${term}”?` : `Publish all ${products}?`;
}

/** How long the finished dialog stays, showing every result, before it closes itself. */
const PUBLISH_DONE_CLOSE_MS = 1500;

const SHOPIFY: PublishChannel = {
  name: 'Shopify',
  destination: 'your store',
  statuses: [
    {
      value: 'draft',
      label: 'Draft',
      hint: 'Hidden from customers until you make it active.',
      word: 'draft',
    },
    {
      value: 'active',
      label: 'Active',
      hint: 'Available to your store’s sales channels.',
      word: 'active',
    },
  ],
  linkLabel: 'View in Shopify admin',
  doneToast: PUBLISH_MESSAGES.toast,
  // The library card links to the product in the store's admin: the dialog need not stay.
  closeAfterMs: PUBLISH_DONE_CLOSE_MS,
  publish: (request) => shopifyApi.publishProduct(request),
  ConnectDialog: StoreConnectDialog,
};

/**
 * 'Publish to Shopify' and its dialog, for a screen's bottom bar; with no store connected yet,
 * the dialog offers the store-connect dialog.
 */
export function PublishButton({
  target,
  onPublished,
  size = 'md',
}: {
  target: PublishTarget;
  onPublished?(product: Product): void;
  size?: 'sm' | 'md';
}) {
  const stores = useProfile().data?.ShopifyStore;
  return (
    <StorePublishButton
      channel={SHOPIFY}
      title={publishTitle(target)}
      stores={stores?.map((store) => ({ id: store.id, label: store.shopDomain }))}
      target={target}
      size={size}
      {...(onPublished ? { onPublished } : {})}
    />
  );
}
