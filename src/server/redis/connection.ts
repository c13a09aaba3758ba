/**
 * The shared Redis behind several server processes (REDIS_URL): the job queue, live product
 * events and rate-limit counters. One client for commands, one for the event subscription
 * (a subscribed connection can do nothing else); BullMQ opens its own from the URL.
 */
import { Redis } from 'ioredis';

/**
 * A client for commands that must answer now (rate-limit counters, publishing events, the
 * readiness check): while Redis is unreachable a command fails at once instead of waiting in an
 * offline queue, and the caller falls back (lets the request through, delivers locally, says
 * not ready). It reconnects by itself.
 */
export function openCommandRedis(url: string, name: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    connectionName: name,
    lazyConnect: true,
  });
}

/** A connection for a subscription: it waits out outages, reconnects and subscribes again. */
export function openSubscriberRedis(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: true });
}

/** What start-up concludes about Redis's eviction policy. */
export type EvictionCheck =
  { ok: true } | { ok: false; policy: string } | { ok: 'unknown'; reason: string };

/**
 * A Redis that evicts keys under memory pressure can drop queued jobs and their locks silently;
 * BullMQ requires `maxmemory-policy noeviction`. Managed services sometimes refuse CONFIG: then
 * the policy cannot be read and start-up only warns.
 */
export async function checkEvictionPolicy(redis: Redis): Promise<EvictionCheck> {
  let reply: unknown;
  try {
    reply = await redis.config('GET', 'maxmemory-policy');
  } catch (error) {
    return { ok: 'unknown', reason: (error as Error).message };
  }
  const pair = Array.isArray(reply) ? reply : [];
  const policy = typeof pair[1] === 'string' ? pair[1] : undefined;
  if (policy === undefined) return { ok: 'unknown', reason: 'CONFIG GET gave no answer' };
  return policy === 'noeviction' ? { ok: true } : { ok: false, policy };
}

/** Closes a client whatever state it is in (QUIT when connected, a plain disconnect otherwise). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
}
