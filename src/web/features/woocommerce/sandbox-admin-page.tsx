import { Link } from 'react-router';
import type { WooSandboxProduct } from '#domain/api/woocommerce';
import { timeAgo } from '#domain/relative-time';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Banner } from '#web/components/ui/banner';
import { Spinner } from '#web/components/ui/spinner';
import { useHashScroll } from '#web/lib/use-hash-scroll';
import { WOO_SANDBOX_TEST_MODE } from './sandbox-approve-page';
import { useWooSandboxProducts } from './use-woocommerce';

function ProductRow({ product }: { product: WooSandboxProduct }) {
  const [image] = product.images;
  return (
    <tr id={`product-${product.id}`} className="align-top target:bg-amber-50">
      <td className="py-3 pr-4">
        {image ? (
          <img
            src={image}
            alt={product.name}
            className="size-16 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="size-16 rounded-lg border border-dashed border-slate-300" />
        )}
      </td>
      <td className="py-3 pr-4">
        <p className="font-medium text-slate-900">{product.name}</p>
        <p className="text-xs text-slate-500">SKU {product.sku}</p>
        {product.categories.length > 0 && (
          <p className="mt-1 text-xs text-slate-600">{product.categories.join(', ')}</p>
        )}
        {product.tags.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">Tags: {product.tags.join(', ')}</p>
        )}
      </td>
      <td className="py-3 pr-4">
        <span
          className={
            product.status === 'publish'
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
              : 'rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {product.status === 'publish' ? 'Published' : 'Draft'}
        </span>
      </td>
      <td className="py-3 pr-4 text-sm text-slate-900 tabular-nums">
        {product.type === 'variable' ? (
          <ul aria-label={`Variations of ${product.name}`}>
            {product.variations.map((variation) => (
              <li key={variation}>{variation}</li>
            ))}
          </ul>
        ) : (
          product.regularPrice || '—'
        )}
      </td>
      <td className="py-3 pr-4 text-sm text-slate-600">
        {product.type === 'variable' ? 'Variable product' : 'Simple product'}
      </td>
      <td className="py-3 text-sm text-slate-600">
        <time dateTime={product.updatedAt}>{timeAgo(product.updatedAt)}</time>
      </td>
    </tr>
  );
}

/** The sandbox store's admin (Products in wp-admin): what publishing sent, marked as a test. */
export function WooSandboxAdminPage({ storeUrl }: { storeUrl: string }) {
  const products = useWooSandboxProducts(storeUrl);
  useHashScroll(products.isSuccess);
  const list = products.data?.products;

  return (
    <SandboxPageFrame notice={WOO_SANDBOX_TEST_MODE} badge="Sandbox WooCommerce admin" wide>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Products</h1>
          <p className="text-sm text-slate-600">{storeUrl}</p>
        </div>
        <Link to="/library" className="text-brand-700 text-sm font-medium hover:underline">
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
          <caption className="sr-only">Products in {storeUrl}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              {['Image', 'Name', 'Status', 'Price', 'Type', 'Updated'].map((heading) => (
                <th key={heading} scope="col" className="pr-4 pb-2 font-medium">
                  {heading}
                </th>
              ))}
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
