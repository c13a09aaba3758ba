/**
 * One Redis pub/sub channel of typed messages, as the cross-process buses use it (product
 * events, ended sessions). Each channel has its own subscriber connection: a subscribed
 * connection can send nothing else. Messages that do not parse are logged and dropped.
 *
 * Pub/sub keeps nothing for a listener that is away: ioredis subscribes again by itself after a
 * reconnect, and `onResubscribed` tells the owner that messages may have been missed meanwhile.
 */
import type { Redis } from 'ioredis';
import type { z } from 'zod';

export interface RedisChannel<T> {
  /** Rejects when Redis refuses it; the caller decides what a lost message costs. */
  publish(message: T): Promise<void>;
  /** Subscribes; resolves once messages from other processes arrive. */
  start(): Promise<void>;
  close(): void;
}

export function createRedisChannel<T>(options: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  schema: z.ZodType<T>;
  /** Named in log lines, e.g. 'product event'. */
  what: string;
  onMessage(message: T): void;
  /** The subscription was lost and restored: messages may have been missed. */
  onResubscribed(): void;
  log: { warn(details: object, message: string): void };
}): RedisChannel<T> {
  const { publisher, subscriber, channel, schema, what, log } = options;
  let subscribedOnce = false;

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: T;
    try {
      message = schema.parse(JSON.parse(text));
    } catch (error) {
      log.warn({ err: error }, `ignored a malformed ${what} from Redis`);
      return;
    }
    options.onMessage(message);
  });
  subscriber.on('ready', () => {
    if (subscribedOnce) options.onResubscribed();
  });
  subscriber.on('error', (error: Error) => log.warn({ err: error }, `${what} subscription error`));

  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async start() {
      if (subscriber.status === 'wait') await subscriber.connect();
      await subscriber.subscribe(channel);
      subscribedOnce = true;
    },
    close() {
      subscriber.disconnect();
    },
  };
}
