import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { timeAgo } from '#domain/relative-time';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Banner } from '#web/components/ui/banner';
import { Spinner } from '#web/components/ui/spinner';
import { useHashScroll } from '#web/lib/use-hash-scroll';

/**
 * One product's row: its first photo, what the channel says of it (`details`, then the channel's
 * own cells as `children`), its status and when it changed. `anchor` is the `#product-…` its
 * admin link ends in.
 */
export function SandboxProductRow({
  anchor,
  rowId = `product-${anchor}`,
  images,
  name,
  countImages = false,
  details,
  live,
  status,
  updatedAt,
  children,
}: {
  anchor: string;
  /** The row's id when the channel's links name rows otherwise ('sku-…'). */
  rowId?: string;
  images: string[];
  name: string;
  /** Says '3 images' under the photo when there are more. */
  countImages?: boolean;
  details: ReactNode;
  /** Shown to customers: the status is green. */
  live: boolean;
  status: string;
  updatedAt: string;
  children: ReactNode;
}) {
  const [image] = images;
  return (
    <tr id={rowId} className="align-top target:bg-amber-50">
      <td className="py-3 pr-4">
        {image ? (
          <img
            src={image}
            alt={name}
            className="size-16 rounded-lg border border-slate-200 object-cover"
          />
        ) : (
          <div className="size-16 rounded-lg border border-dashed border-slate-300" />
        )}
        {countImages && images.length > 1 && (
          <span className="mt-1 block text-xs text-slate-500">{images.length} images</span>
        )}
      </td>
      <td className="py-3 pr-4">
        <p className="font-medium text-slate-900">{name}</p>
        {details}
      </td>
      <td className="py-3 pr-4">
        <span
          className={
            live
              ? 'rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
              : 'rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {status}
        </span>
      </td>
      {children}
      <td className="py-3 text-sm text-slate-600">
        <time dateTime={updatedAt}>{timeAgo(updatedAt)}</time>
      </td>
    </tr>
  );
}

/**
 * A sandbox store's admin: what publishing sent to it, one row a product, the way a seller would
 * check it in the store's own admin; marked as a test. A published product's admin link ends in
 * `#product-{id}`, its row's id, so the page scrolls to it once the list is in.
 */
export function SandboxAdminPage<P>({
  notice,
  badge,
  heading = 'Products',
  empty = 'Nothing has been published to this store yet.',
  store,
  backTo,
  products,
  columns,
  renderRow,
}: {
  notice: string;
  badge: string;
  heading?: string;
  /** Said when nothing was published there yet. */
  empty?: string;
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
          <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
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
        <p className="mt-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <table className="mt-6 w-full text-left">
          <caption className="sr-only">
            {heading} in {store}
          </caption>
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
