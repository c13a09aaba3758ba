import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Banner } from '#web/components/ui/banner';
import { Spinner } from '#web/components/ui/spinner';
import { useHashScroll } from '#web/lib/use-hash-scroll';

/**
 * A sandbox store's admin: what publishing sent to it, one row a product, the way a seller would
 * check it in the store's own admin; marked as a test. A published product's admin link ends in
 * `#product-{id}`, its row's id, so the page scrolls to it once the list is in.
 */
export function SandboxAdminPage<P extends { id: string }>({
  notice,
  badge,
  store,
  backTo,
  products,
  columns,
  renderRow,
}: {
  notice: string;
  badge: string;
  /** The store's domain or address, under the heading. */
  store: string;
  /** Where 'Back to Listsmith' goes. */
  backTo: string;
  products: UseQueryResult<{ products: P[] }, Error>;
  columns: string[];
  /** A `<tr>` for one product, a cell per column. */
  renderRow(product: P): ReactNode;
}) {
  useHashScroll(products.isSuccess);
  const list = products.data?.products;

  return (
    <SandboxPageFrame notice={notice} badge={badge} wide>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Products</h1>
          <p className="text-sm text-slate-600">{store}</p>
        </div>
        <Link to={backTo} className="text-brand-700 text-sm font-medium hover:underline">
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
          <caption className="sr-only">Products in {store}</caption>
          <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
            <tr>
              {columns.map((heading) => (
                <th key={heading} scope="col" className="pr-4 pb-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{list?.map(renderRow)}</tbody>
        </table>
      )}
    </SandboxPageFrame>
  );
}
