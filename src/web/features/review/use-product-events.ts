import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { productEventSchema, type ProductEvent } from '#domain/products';
import { profileQueryKey } from '#web/lib/profile';
import { productsQueryKey, removeProduct, upsertProducts } from '#web/lib/products';
import { cachedProducts } from './product-cache';

export const PRODUCT_EVENTS_URL = '/api/products/events';
/** How often the list is refetched while products are pending and the event stream is down. */
export const FALLBACK_POLL_MS = 4_000;

/** The event's data if it is valid JSON of the shared schema; anything else is ignored. */
function parseEvent(message: MessageEvent): ProductEvent | null {
  try {
    const parsed = productEventSchema.safeParse(JSON.parse(String(message.data)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Live progress: products arrive in the cached list as the server finishes them. After each
 * (re)connection the list is refetched once, so events missed while offline cost nothing. If the
 * stream fails for good (or EventSource is missing), the list is polled while any is pending.
 */
export function useProductEvents({
  anyPending,
  onDeleted,
}: {
  anyPending: boolean;
  /** A product deleted elsewhere (another tab): drop what is kept for it. */
  onDeleted?: (id: string) => void;
}): void {
  const queryClient = useQueryClient();
  const [streamDown, setStreamDown] = useState(() => typeof EventSource === 'undefined');

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(PRODUCT_EVENTS_URL);

    const onOpen = () => {
      setStreamDown(false);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    };
    const onProduct = (message: MessageEvent) => {
      const event = parseEvent(message);
      if (event?.type !== 'product') return;
      const incoming = event.product;
      const before = cachedProducts(queryClient).find((product) => product.id === incoming.id);
      upsertProducts(queryClient, [incoming]);
      const finished = incoming.generation.state !== 'pending';
      if (finished && before?.generation.state !== incoming.generation.state) {
        // Ready spends the reserved credit; failed gives it back.
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }
    };
    const onProductDeleted = (message: MessageEvent) => {
      const event = parseEvent(message);
      if (event?.type !== 'product-deleted') return;
      removeProduct(queryClient, event.id);
      onDeleted?.(event.id);
    };
    const onError = () => {
      // CONNECTING means the browser is already reconnecting by itself.
      if (source.readyState === EventSource.CLOSED) setStreamDown(true);
    };

    source.addEventListener('open', onOpen);
    source.addEventListener('product', onProduct);
    source.addEventListener('product-deleted', onProductDeleted);
    source.addEventListener('error', onError);
    return () => source.close();
  }, [queryClient, onDeleted]);

  useEffect(() => {
    if (!streamDown || !anyPending) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    }, FALLBACK_POLL_MS);
    return () => clearInterval(timer);
  }, [streamDown, anyPending, queryClient]);
}
