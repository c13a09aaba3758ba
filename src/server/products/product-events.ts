/**
 * Per-user publish/subscribe of product changes for the SSE stream. In-process: with several
 * server processes this would need a shared channel (PostgreSQL LISTEN/NOTIFY) so that a change
 * made by one process reaches a browser connected to another.
 */
import type { ProductEvent } from '#domain/products.js';

export type ProductEventListener = (event: ProductEvent) => void;

export interface ProductEventBus {
  /** Returns the unsubscribe function. */
  subscribe(userId: string, listener: ProductEventListener): () => void;
  publish(userId: string, event: ProductEvent): void;
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
    publish(userId, event) {
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
