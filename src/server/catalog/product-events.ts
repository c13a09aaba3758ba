/**
 * Per-user announcements of product changes (subscribe/announce) for the SSE stream, within
 * this process. With several server processes (REDIS_URL), shared-product-events.ts carries each
 * change through Redis to every process and hands it to this bus there.
 */
import type { ProductEvent } from '#domain/products.js';

export type ProductEventListener = (event: ProductEvent) => void;

export interface ProductEventBus {
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: ProductEventListener): () => void;
  /** Tells the seller's open streams that a product changed (not a Shopify publish). */
  announce(userId: string, event: ProductEvent): void;
  subscriberCount(userId: string): number;
}

export function createProductEventBus(log?: {
  error(details: object, message: string): void;
}): ProductEventBus {
  const listeners = new Map<string, Set<ProductEventListener>>();
  return {
    subscribe(userId, listener) {
      let set = listeners.get(userId);
      if (!set) {
        set = new Set();
        listeners.set(userId, set);
      }
      set.add(listener);
      return () => {
        const current = listeners.get(userId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(userId);
      };
    },
    announce(userId, event) {
      for (const listener of listeners.get(userId) ?? []) {
        // One broken connection must not keep the event from the user's other tabs.
        try {
          listener(event);
        } catch (error) {
          log?.error({ err: error }, 'product event listener failed');
        }
      }
    },
    subscriberCount(userId) {
      return listeners.get(userId)?.size ?? 0;
    },
  };
}
