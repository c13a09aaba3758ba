import type { SandboxAdminProduct } from '#domain/api/shopify';
import {
  SandboxAdminPage as StoreSandboxAdminPage,
  SandboxProductRow,
} from '#web/components/store-channel/sandbox-admin-page';
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
  return (
    <SandboxProductRow
      anchor={product.id.slice(product.id.lastIndexOf('/') + 1)}
      images={product.images}
      name={product.title}
      countImages
      details={
        <>
          <p className="text-xs text-slate-500">/products/{product.handle}</p>
          {product.description && (
            <p className="mt-1 line-clamp-2 max-w-md text-xs text-slate-700">
              {product.description}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-600">
            {[product.productType, product.vendor].filter(Boolean).join(' · ')}
          </p>
          {product.tags.length > 0 && (
            <p className="mt-1 text-xs text-slate-500">Tags: {product.tags.join(', ')}</p>
          )}
        </>
      }
      live={product.status === 'ACTIVE'}
      status={STATUS_NAMES[product.status]}
      updatedAt={product.updatedAt}
    >
      <td className="py-3 pr-4 text-sm text-slate-900 tabular-nums">{priceText(product.prices)}</td>
      <td className="py-3 pr-4 text-sm text-slate-600">
        {product.variants.length === 1 ? '1 variant' : `${product.variants.length} variants`}
      </td>
    </SandboxProductRow>
  );
}

/**
 * The sandbox store's admin: what publishing (or 'Update in Shopify') sent to a sandbox store
 * (title, description, price, images, status), the way a seller would check it in Shopify's admin. Clearly marked as a test.
 */
export function SandboxAdminPage({ shop }: { shop: string }) {
  const products = useSandboxAdminProducts(shop);
  return (
    <StoreSandboxAdminPage
      notice={SANDBOX_STORE_TEST_MODE}
      badge="Sandbox store admin"
      store={shop}
      backTo="/create"
      products={products}
      columns={['Image', 'Product', 'Status', 'Price', 'Variants', 'Updated']}
      renderRow={(product) => <ProductRow key={product.id} product={product} />}
    />
  );
}
