import type { WooSandboxProduct } from '#domain/api/woocommerce';
import {
  SandboxAdminPage,
  SandboxProductRow,
} from '#web/components/store-channel/sandbox-admin-page';
import { WOO_SANDBOX_TEST_MODE } from './sandbox-approve-page';
import { useWooSandboxProducts } from './use-woocommerce';

function ProductRow({ product }: { product: WooSandboxProduct }) {
  return (
    <SandboxProductRow
      anchor={product.id}
      images={product.images}
      name={product.name}
      details={
        <>
          <p className="text-xs text-slate-500">SKU {product.sku}</p>
          {product.categories.length > 0 && (
            <p className="mt-1 text-xs text-slate-600">{product.categories.join(', ')}</p>
          )}
          {product.tags.length > 0 && (
            <p className="mt-1 text-xs text-slate-500">Tags: {product.tags.join(', ')}</p>
          )}
        </>
      }
      live={product.status === 'publish'}
      status={product.status === 'publish' ? 'Published' : 'Draft'}
      updatedAt={product.updatedAt}
    >
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
    </SandboxProductRow>
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
