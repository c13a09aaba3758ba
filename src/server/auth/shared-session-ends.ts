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
import { createRedisChannel } from '../redis/channel.js';

/** A user whose sessions ended, or every session (a password reset names no user). */
const messageSchema = z.union([
  z.object({ userId: z.string().min(1) }),
  z.object({ all: z.literal(true) }),
]);
type SessionEnd = z.infer<typeof messageSchema>;

export interface SessionEnds {
  /** Tells every process (this one included) that `userId`'s sessions, or all, ended. */
  announce(end: SessionEnd): void;
  /** What to forget when another process (or this one) says so. */
  onEnd(listener: (end: SessionEnd) => void): void;
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
  const listeners = new Set<(end: SessionEnd) => void>();
  const deliver = (end: SessionEnd) => {
    for (const listener of listeners) listener(end);
  };
  const channel = createRedisChannel({
    ...options,
    schema: messageSchema,
    what: 'session end',
    onMessage: deliver,
    onResubscribed: () => deliver({ all: true }),
  });

  return {
    announce(end) {
      channel.publish(end).catch((error: unknown) => {
        // Redis is away: the other processes' entries still expire within the cache's window.
        options.log.warn({ err: error }, 'could not tell other processes a session ended');
      });
    },
    onEnd(listener) {
      listeners.add(listener);
    },
    start: () => channel.start(),
    close() {
      listeners.clear();
      channel.close();
    },
  };
}
