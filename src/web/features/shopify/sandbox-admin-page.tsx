import { Link } from 'react-router';
import { timeAgo } from '#domain/relative-time';
import type { SandboxAdminProduct } from '#domain/api/shopify';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Banner } from '#web/components/ui/banner';
import { Spinner } from '#web/components/ui/spinner';
import { useHashScroll } from '#web/lib/use-hash-scroll';
import { useSandboxAdminProducts } from './use-store-connection';
import { SANDBOX_STORE_TEST_MODE } from './sandbox-consent-page';

const STATUS_NAMES: Record<SandboxAdminProduct['status'], string> = {
  ACTIVE: 'Active',
  DRAFT: 'Draft',
  ARCHIVED: 'Archived',
};

/** '$34.50', or '$30.00 – $34.50' across variants. */
function priceText(prices: string[]): string {
  const numbers = prices.map(Number).filter(Number.isFinite);
  if (numbers.length === 0) return '—';
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  const money = (value: number) => `$${value.toFixed(2)}`;
  return low === high ? money(low) : `${money(low)} – ${money(high)}`;
}

function ProductRow({ product }: { product: SandboxAdminProduct }) {
  const numeric = product.id.slice(product.id.lastIndexOf('/') + 1);
  const [image] = product.images;
  return (
    <tr id={`product-${numeric}`} className="align-top target:bg-amber-50">
      <td className="py-3 pr-4">
        {image ? (
          <img
            src={image}
            alt={product.title}
            className="size-16 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="size-16 rounded-lg border border-dashed border-slate-300" />
        )}
        {product.images.length > 1 && (
          <span className="mt-1 block text-xs text-slate-500">{product.images.length} images</span>
        )}
      </td>
      <td className="py-3 pr-4">
        <p className="font-medium text-slate-900">{product.title}</p>
        <p className="text-xs text-slate-500">/products/{product.handle}</p>
        <p className="mt-1 text-xs text-slate-600">
          {[product.productType, product.vendor].filter(Boolean).join(' · ')}
        </p>
        {product.tags.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">Tags: {product.tags.join(', ')}</p>
        )}
      </td>
      <td className="py-3 pr-4">
        <span
          className={
            product.status === 'ACTIVE'
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
              : 'rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {STATUS_NAMES[product.status]}
        </span>
      </td>
      <td className="py-3 pr-4 text-sm text-slate-900 tabular-nums">{priceText(product.prices)}</td>
      <td className="py-3 pr-4 text-sm text-slate-600">
        {product.variants.length === 1 ? '1 variant' : `${product.variants.length} variants`}
      </td>
      <td className="py-3 text-sm text-slate-600">
        <time dateTime={product.updatedAt}>{timeAgo(product.updatedAt)}</time>
      </td>
    </tr>
  );
}

/**
 * The sandbox store's admin: what publishing sent to a sandbox store (title, price, images,
 * status), the way a seller would check it in Shopify's admin. Clearly marked as a test.
 */
export function SandboxAdminPage({ shop }: { shop: string }) {
  const products = useSandboxAdminProducts(shop);
  useHashScroll(products.isSuccess);
  const list = products.data?.products;

  return (
    <SandboxPageFrame notice={SANDBOX_STORE_TEST_MODE} badge="Sandbox store admin" wide>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Products</h1>
          <p className="text-sm text-slate-600">{shop}</p>
        </div>
        <Link to="/create" className="text-brand-700 text-sm font-medium hover:underline">
          Back to Listsmith
        </Link>
      </div>
      {products.isPending ? (
        <div className="text-brand-600 flex justify-center py-12">
          <Spinner label="Loading the store’s products" />
        </div>
      ) : products.isError ? (
        <Banner className="mt-6">{products.error.message}</Banner>
      ) : list && list.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">Nothing has been published to this store yet.</p>
      ) : (
        <table className="mt-6 w-full text-left">
          <caption className="sr-only">Products in {shop}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="pr-4 pb-2 font-medium">
                Image
              </th>
              <th scope="col" className="pr-4 pb-2 font-medium">
                Product
              </th>
              <th scope="col" className="pr-4 pb-2 font-medium">
                Status
              </th>
              <th scope="col" className="pr-4 pb-2 font-medium">
                Price
              </th>
              <th scope="col" className="pr-4 pb-2 font-medium">
                Variants
              </th>
              <th scope="col" className="pb-2 font-medium">
                Updated
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list?.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </tbody>
        </table>
      )}
    </SandboxPageFrame>
  );
}
