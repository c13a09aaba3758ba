/**
 * The local Redis (machine notes: 127.0.0.1:6379) for tests of several processes. Each test file
 * takes its own key prefix, so files running in parallel (and other checkouts on the machine)
 * never see each other's jobs, events or counters; `clean` deletes the prefix's keys.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  /** REDIS_URL and a REDIS_PREFIX of this test file's own. */
  env: { REDIS_URL: string; REDIS_PREFIX: string };
  /** Deletes every key under the prefix. */
  clean(): Promise<void>;
}

export function testRedis(label: string): TestRedis {
  const prefix = `test-${label}-${randomBytes(4).toString('hex')}`;
  return {
    env: { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix },
    async clean() {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}
