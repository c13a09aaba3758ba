/**
 * What several server processes share through Redis (REDIS_URL): the generation queue
 * (BullMQ), product events and ended sessions (pub/sub) and rate-limit counters. Start-up refuses a Redis it
 * cannot reach or one that may evict keys (docs/decisions/026).
 */
import type { Redis } from 'ioredis';
import { createSharedSessionEnds, type SessionEnds } from './auth/shared-session-ends.js';
import { ConfigError, type AppConfig } from './config.js';
import {
  loadRedisJobQueue,
  type GenerationQueue,
  type GenerationRunner,
} from './drafting/index.js';
import { createSharedProductEventBus, type SharedProductEventBus } from './catalog/index.js';
import {
  checkEvictionPolicy,
  closeRedis,
  openCommandRedis,
  openSubscriberRedis,
} from './redis/connection.js';

export interface SharedState {
  /** Fails fast while Redis is away (rate limits let requests through, events go local). */
  commands: Redis;
  /** Prefix for keys of this deployment, e.g. `listsmith:rate:`. */
  key(name: string): string;
  events: SharedProductEventBus;
  sessionEnds: SessionEnds;
  /** A BullMQ queue; `name` tells kinds of jobs apart (default: the generation queue). */
  createQueue(options: {
    name?: string;
    concurrency: number;
    run: GenerationRunner;
  }): GenerationQueue;
  /** Rejects unless Redis answers now (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

type Log = {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** The URL without its password, for messages. */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function connectSharedState(
  settings: NonNullable<AppConfig['redis']>,
  shutdownGraceMs: number,
  log: Log,
): Promise<SharedState> {
  const createRedisJobQueue = await loadRedisJobQueue();
  const commands = openCommandRedis(settings.url, 'listsmith');
  // A failed first connection would otherwise keep retrying and logging in the background.
  commands.on('error', () => {});
  try {
    await commands.connect();
  } catch (error) {
    commands.disconnect();
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: could not reach Redis at ${shownUrl(settings.url)} (${(error as Error).message})`,
    );
  }
  const eviction = await checkEvictionPolicy(commands);
  if (eviction.ok === false) {
    await closeRedis(commands);
    throw new ConfigError(
      `Invalid configuration:\n  REDIS_URL: Redis runs with maxmemory-policy ${eviction.policy}; ` +
        'it must be noeviction, or queued jobs can vanish under memory pressure ' +
        '(redis-cli CONFIG SET maxmemory-policy noeviction, and set it in redis.conf)',
    );
  }
  if (eviction.ok === 'unknown') {
    log.warn(
      { reason: eviction.reason },
      'could not read Redis maxmemory-policy; make sure it is noeviction',
    );
  }
  commands.on('error', (error: Error) => log.warn({ err: error }, 'Redis connection error'));

  const key = (name: string) => `${settings.prefix}:${name}`;
  const events = createSharedProductEventBus({
    publisher: commands,
    subscriber: openSubscriberRedis(settings.url, 'listsmith-events'),
    channel: key('product-events'),
    log,
  });
  await events.start();
  const sessionEnds = createSharedSessionEnds({
    publisher: commands,
    subscriber: openSubscriberRedis(settings.url, 'listsmith-sessions'),
    channel: key('session-ends'),
    log,
  });
  await sessionEnds.start();

  return {
    commands,
    key,
    events,
    sessionEnds,
    createQueue: ({ name, concurrency, run }) =>
      createRedisJobQueue({
        url: settings.url,
        ...(name ? { name } : {}),
        prefix: key('bull'),
        concurrency,
        run,
        lockDurationMs: settings.jobLockMs,
        commandTimeoutMs: settings.commandTimeoutMs,
        graceMs: shutdownGraceMs,
        log,
      }),
    async ping() {
      await commands.ping();
    },
    async close() {
      await events.close();
      sessionEnds.close();
      await closeRedis(commands);
    },
  };
}
