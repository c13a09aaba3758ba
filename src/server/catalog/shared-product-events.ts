/**
 * Product events across server processes (REDIS_URL): a change announced by any process goes to
 * one Redis pub/sub channel, and every process hands what arrives there to its own subscribers
 * (product-events.ts), so a browser sees the work of whichever process did it.
 *
 * Pub/sub keeps nothing for a listener that is away. The browser re-fetches its products each
 * time its stream (re)connects, so nothing is lost when it reconnects; what this process could
 * miss is events while its own subscription is down, so after the subscription comes back every
 * open stream is told to reconnect (`onResubscribed`), which makes those browsers re-fetch.
 */
import type { Redis } from 'ioredis';
import { productEventSchema } from '#domain/products.js';
import { z } from 'zod';
import { createRedisChannel } from '../redis/channel.js';
import { createProductEventBus, type ProductEventBus } from './product-events.js';

const messageSchema = z.object({ userId: z.string(), event: productEventSchema });

export interface SharedProductEventBus extends ProductEventBus {
  /** Subscribes to the channel; resolves once events from other processes arrive. */
  start(): Promise<void>;
  /** Called after the subscription was lost and restored (events may have been missed). */
  onResubscribed(listener: () => void): void;
  close(): Promise<void>;
}

export function createSharedProductEventBus(options: {
  /** Publishes; may be shared with other users of Redis. */
  publisher: Redis;
  /** Dedicated to this bus: a subscribed connection can send nothing else. */
  subscriber: Redis;
  channel: string;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}): SharedProductEventBus {
  const { log } = options;
  const local = createProductEventBus(log);
  const resubscribed = new Set<() => void>();
  const channel = createRedisChannel({
    ...options,
    schema: messageSchema,
    what: 'product event',
    onMessage: (message) => local.announce(message.userId, message.event),
    onResubscribed: () => {
      for (const listener of resubscribed) listener();
    },
  });

  return {
    subscribe: local.subscribe,
    subscriberCount: local.subscriberCount,
    announce(userId, event) {
      channel.publish({ userId, event }).catch((error: unknown) => {
        // Redis is away: this process's own browsers still get it; others re-fetch on reconnect.
        log.error({ err: error }, 'could not publish a product event');
        local.announce(userId, event);
      });
    },
    start: () => channel.start(),
    onResubscribed(listener) {
      resubscribed.add(listener);
    },
    async close() {
      resubscribed.clear();
      channel.close();
    },
  };
}
