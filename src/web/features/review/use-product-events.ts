import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { productEventSchema, type Product, type ProductEvent } from '#domain/products';
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

/** Runs `flush` before the next frame: the events of one frame make one render. */
function nextFrame(flush: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(flush);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(flush, 16);
  return () => clearTimeout(timer);
}

/**
 * The credits, refetched after drafts finish: one request at a time, and one more after it if
 * a draft finished meanwhile (a hundred drafts arriving ask a few times, not a hundred, and the
 * last answer counts every one).
 */
function profileRefresher(queryClient: QueryClient): () => void {
  let running = false;
  let again = false;
  const refresh = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void queryClient.invalidateQueries({ queryKey: profileQueryKey }).finally(() => {
      running = false;
      if (!again) return;
      again = false;
      refresh();
    });
  };
  return refresh;
}

/**
 * Live progress: products arrive in the cached list as the server finishes them. After each
 * (re)connection the list is refetched once, so events missed while offline cost nothing. The
 * products of the events of one frame go into the list together, so only their cards render
 * again, once (ADR 029). If the stream fails for good (or EventSource is missing), the list is
 * polled while any is pending.
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
    const refreshProfile = profileRefresher(queryClient);
    let arrived = new Map<string, Product>();
    let cancelFlush: (() => void) | null = null;
    const flush = () => {
      cancelFlush = null;
      if (arrived.size === 0) return;
      const incoming = [...arrived.values()];
      arrived = new Map();
      const cached = new Map(cachedProducts(queryClient).map((product) => [product.id, product]));
      upsertProducts(queryClient, incoming);
      // Ready spends the reserved credit; failed gives it back.
      const finished = incoming.some(
        (product) =>
          product.generation.state !== 'pending' &&
          cached.get(product.id)?.generation.state !== product.generation.state,
      );
      if (finished) refreshProfile();
    };

    const onOpen = () => {
      setStreamDown(false);
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    };
    const onProduct = (message: MessageEvent) => {
      const event = parseEvent(message);
      if (event?.type !== 'product') return;
      arrived.set(event.product.id, event.product);
      cancelFlush ??= nextFrame(flush);
    };
    const onProductDeleted = (message: MessageEvent) => {
      const event = parseEvent(message);
      if (event?.type !== 'product-deleted') return;
      // The deletion comes after any product event before it.
      cancelFlush?.();
      flush();
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
    return () => {
      cancelFlush?.();
      source.close();
    };
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
