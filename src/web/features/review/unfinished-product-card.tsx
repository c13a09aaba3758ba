import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import type { Product, ProductGeneration } from '#domain/products';
import { DeleteProductButton } from './delete-product-button';
import { AlertIcon } from './icons';
import { retryErrorMessage, useRetryProducts } from './use-product-actions';

/** Skeleton of a card while its draft is generated. */
export function PendingProductCard({ product }: { product: Product }) {
  return (
    <article
      aria-label={product.fileName}
      aria-busy="true"
      className="flex gap-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div
        className="size-48 shrink-0 animate-pulse overflow-hidden rounded-xl bg-slate-100"
        aria-hidden="true"
      >
        {product.thumbnailUrl && (
          <img src={product.thumbnailUrl} alt="" className="size-full object-cover opacity-50" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <div className="flex items-center justify-between gap-4">
          <p className="truncate text-sm font-medium text-slate-700">{product.fileName}</p>
          <p role="status" className="shrink-0 text-sm text-brand-700">
            Generating…
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={`Generating a listing for ${product.fileName}`}
          className="h-1.5 overflow-hidden rounded-full bg-brand-100"
        >
          <div className="h-full w-full animate-pulse rounded-full bg-linear-to-r from-brand-200 via-brand-500 to-brand-200" />
        </div>
        <div className="flex flex-col gap-3" aria-hidden="true">
          <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
          <div className="h-24 animate-pulse rounded-lg bg-slate-100" />
          <div className="grid grid-cols-2 gap-4">
            <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
            <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
          </div>
        </div>
      </div>
    </article>
  );
}

type Failure = Extract<ProductGeneration, { state: 'failed' }>;

/**
 * A draft that could not be generated (its credit was given back): why, Retry, delete. Retry is
 * offered even for photo problems: it costs a credit only while it runs and is refunded again.
 */
export function FailedProductCard({ product, failure }: { product: Product; failure: Failure }) {
  const retry = useRetryProducts();
  const [retryError, setRetryError] = useState<string | null>(null);
  return (
    <article
      aria-label={product.fileName}
      className="flex gap-6 rounded-2xl border border-red-200 bg-white p-5 shadow-sm"
    >
      <div className="flex size-48 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-slate-100">
        {product.thumbnailUrl ? (
          <img
            src={product.thumbnailUrl}
            alt={product.altText || product.fileName}
            className="size-full object-cover opacity-60"
          />
        ) : (
          <AlertIcon className="size-10 text-slate-300" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <p className="truncate text-sm font-medium text-slate-700">{product.fileName}</p>
        <p className="flex items-start gap-2 text-sm text-red-700">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{failure.message}</span>
        </p>
        <p className="text-sm text-slate-500">The credit for this photo was given back.</p>
        {retryError && (
          <p role="alert" className="text-sm text-red-600">
            {retryError}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between">
          <Button
            variant="secondary"
            size="sm"
            loading={retry.isPending}
            onClick={() => {
              setRetryError(null);
              retry.mutate([product.id], {
                onError: (error) => setRetryError(retryErrorMessage(error)),
              });
            }}
          >
            Retry
          </Button>
          <DeleteProductButton productId={product.id} name={product.fileName} />
        </div>
      </div>
    </article>
  );
}
