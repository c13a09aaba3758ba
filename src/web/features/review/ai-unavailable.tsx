import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Product } from '#domain/products';
import { SupportEmailLink } from '#web/components/support-email-link';
import { profileQueryKey } from '#web/lib/profile';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { AlertIcon } from './icons';
import { retryErrorMessage, useRetryProducts } from './use-product-actions';

/** Failure codes that mean the AI provider, not the photo, is the problem. */
export const PROVIDER_FAILURE_CODES: ReadonlySet<string> = new Set([
  'vision-unavailable',
  'vision-network',
  'vision-timeout',
  'vision-rate-limited',
  'vision-rejected',
]);

/** Every product failed, and every failure is the provider's. */
export function isAiUnavailable(products: readonly Product[]): boolean {
  return (
    products.length > 0 &&
    products.every(
      (product) =>
        product.generation.state === 'failed' &&
        PROVIDER_FAILURE_CODES.has(product.generation.code),
    )
  );
}

/**
 * The spec's AI-unavailable screen. 'Try Again' retries every failed product (they turn pending
 * and the review list comes back) rather than going to /create, which would only send the seller
 * back here while these drafts exist.
 */
export function AiUnavailableScreen({ products }: { products: readonly Product[] }) {
  const retry = useRetryProducts();
  const queryClient = useQueryClient();
  // Every credit came back when the drafts failed (refunds the list's events do not carry): the
  // counter beside this screen shows them, not the balance from before the upload.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [queryClient]);
  const [error, setError] = useState<string | null>(null);
  const tryAgain = () => {
    setError(null);
    retry.mutate(
      products.map((product) => product.id),
      { onError: (failure) => setError(retryErrorMessage(failure)) },
    );
  };

  return (
    <section
      aria-labelledby="ai-unavailable-heading"
      className="mx-auto mt-10 flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-10 py-12 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <AlertIcon className="size-7" />
      </span>
      <h1
        id="ai-unavailable-heading"
        className="mt-5 text-2xl font-semibold tracking-tight text-slate-900"
      >
        AI Generation Unavailable
      </h1>
      <p className="mt-3 text-slate-600">
        Our AI service could not be reached, so no listings were created from your photos. Your
        credits were given back. Please try again in a few minutes.
      </p>
      {error && <Banner className="mt-5 w-full text-left">{error}</Banner>}
      <div className="mt-8 flex items-center gap-3">
        <Button onClick={tryAgain} loading={retry.isPending}>
          Try Again
        </Button>
        <SupportEmailLink className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50">
          Contact Support
        </SupportEmailLink>
      </div>
    </section>
  );
}
