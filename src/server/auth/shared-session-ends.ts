/**
 * Sessions ended on one server process, forgotten by every process (REDIS_URL). Each process
 * keeps checked sessions in memory for a few seconds (session-cache.ts, ADR 023); without this, a
 * cookie signed out on one process would still work on the others until its entry expired.
 *
 * Pub/sub keeps nothing for a listener that is away, so a process whose subscription drops and
 * comes back forgets every session it kept: it may have missed an end.
 */
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** A user whose sessions ended, or every session (a password reset names no user). */
const messageSchema = z.union([
  z.object({ userId: z.string().min(1) }),
  z.object({ all: z.literal(true) }),
]);

export interface SessionEnds {
  /** Tells every process (this one included) that `userId`'s sessions, or all, ended. */
  publish(end: { userId: string } | { all: true }): void;
  /** What to forget when another process (or this one) says so. */
  onEnd(listener: (end: { userId: string } | { all: true }) => void): void;
  start(): Promise<void>;
  close(): void;
}

export function createSharedSessionEnds(options: {
  publisher: Redis;
  /** Dedicated: a subscribed connection can send nothing else. */
  subscriber: Redis;
  channel: string;
  log: { warn(details: object, message: string): void };
}): SessionEnds {
  const { publisher, subscriber, channel, log } = options;
  const listeners = new Set<(end: { userId: string } | { all: true }) => void>();
  let subscribedOnce = false;
  const deliver = (end: { userId: string } | { all: true }) => {
    for (const listener of listeners) listener(end);
  };

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let end: z.infer<typeof messageSchema>;
    try {
      end = messageSchema.parse(JSON.parse(text));
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed session end from Redis');
      return;
    }
    deliver(end);
  });
  // ioredis subscribes again by itself after a reconnect; ends sent meanwhile were missed.
  subscriber.on('ready', () => {
    if (subscribedOnce) deliver({ all: true });
  });
  subscriber.on('error', (error: Error) => log.warn({ err: error }, 'session subscription error'));

  return {
    publish(end) {
      publisher.publish(channel, JSON.stringify(end)).catch((error: unknown) => {
        // Redis is away: the other processes' entries still expire within the cache's window.
        log.warn({ err: error }, 'could not tell other processes a session ended');
      });
    },
    onEnd(listener) {
      listeners.add(listener);
    },
    async start() {
      if (subscriber.status === 'wait') await subscriber.connect();
      await subscriber.subscribe(channel);
      subscribedOnce = true;
    },
    close() {
      listeners.clear();
      subscriber.disconnect();
    },
  };
}
