import type { WooSandboxProduct } from '#domain/api/woocommerce';
import { timeAgo } from '#domain/relative-time';
import { SandboxAdminPage } from '#web/components/store-channel/sandbox-admin-page';
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
  return (
    <SandboxAdminPage
      notice={WOO_SANDBOX_TEST_MODE}
      badge="Sandbox WooCommerce admin"
      store={storeUrl}
      backTo="/library"
      products={products}
      columns={['Image', 'Name', 'Status', 'Price', 'Type', 'Updated']}
      renderRow={(product) => <ProductRow key={product.id} product={product} />}
    />
  );
}
