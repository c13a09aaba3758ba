import { timeAgo } from '#domain/relative-time';
import type { Product } from '#domain/products';

/** 'Published' on the card: to which store, how long ago, and the product in that store's admin. */
export function PublishedNote({ product }: { product: Product }) {
  const { publishedTo, libraryAddedAt } = product;
  if (product.status !== 'published' || !publishedTo || !libraryAddedAt) return null;
  // Shopify stores are always `*.myshopify.com`, eBay is 'ebay.com' (ADR 049); the other store
  // channel is WooCommerce.
  const domain = publishedTo.shopDomain;
  const linkLabel = domain.endsWith('.myshopify.com')
    ? 'View in Shopify admin'
    : domain === 'ebay.com'
      ? 'View on eBay'
      : 'View in WooCommerce admin';
  return (
    <div className="flex w-full flex-col gap-0.5 text-xs text-slate-600">
      <span className="self-start rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
        Published
      </span>
      <span className="truncate" title={publishedTo.shopDomain}>
        to {publishedTo.shopDomain.replace(/\.myshopify\.com$/, '')}
      </span>
      <time dateTime={libraryAddedAt} title={new Date(libraryAddedAt).toLocaleString()}>
        {timeAgo(libraryAddedAt)}
      </time>
      <a
        href={publishedTo.adminUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="text-brand-700 font-medium underline-offset-2 hover:underline"
      >
        {linkLabel}
      </a>
    </div>
  );
}
