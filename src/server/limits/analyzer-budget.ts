/**
 * One budget per seller for analyzer work (issue 28, ADR 034): every request that has a photo
 * described in the request — regenerate, identify, combine, split, and each regeneration of a
 * library bulk action — takes the photos it has described from the seller's allowance for the
 * current minute. A combine of 6 photos takes 6. With REDIS_URL the count is shared by every
 * process (one atomic script per take); while Redis does not answer, each process counts in its
 * own memory instead, so the limit still holds per process. Uploads are not counted: credits
 * pay for them.
 */
import type { Redis } from 'ioredis';
import { HttpError } from '../http/errors.js';

export const REGENERATE_RATE_LIMIT_MESSAGE =
  'You are regenerating too quickly. Please wait a minute and try again.';

const WINDOW_MS = 60_000;

export interface AnalyzerBudget {
  /** Takes `photos` from the seller's allowance, or throws the 429 that says to wait. */
  take(userId: string, photos: number): Promise<void>;
}

export interface AnalyzerBudgetOptions {
  photosPerMinute: number;
  /** Shared counters; default: this process's memory. */
  redis?: { client: Redis; keyPrefix: string };
  now?: () => number;
  log: { warn(details: object, message: string): void };
}

/** The window a moment falls in, and when it ends. */
function windowOf(now: number) {
  const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  return { start, endsInMs: start + WINDOW_MS - now };
}

/**
 * Adds ARGV[1] to the window's counter unless that passes ARGV[2]; the counter expires with
 * its window. Answers the count after, or -1 when refused (nothing added then).
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if used + wanted > tonumber(ARGV[2]) then return -1 end
local after = redis.call('INCRBY', KEYS[1], wanted)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return after
`;

function tooQuickly(): HttpError {
  return new HttpError(429, REGENERATE_RATE_LIMIT_MESSAGE, 'rate-limited');
}

export function createAnalyzerBudget(options: AnalyzerBudgetOptions): AnalyzerBudget {
  const { photosPerMinute: limit, redis, log } = options;
  const now = options.now ?? Date.now;
  const local = new Map<string, { start: number; used: number }>();

  function takeLocally(userId: string, photos: number, start: number): boolean {
    // Entries of past windows go, so the map holds at most the sellers of this minute.
    for (const [key, entry] of local) if (entry.start !== start) local.delete(key);
    const entry = local.get(userId) ?? { start, used: 0 };
    if (entry.used + photos > limit) return false;
    local.set(userId, { start, used: entry.used + photos });
    return true;
  }

  async function takeShared(client: Redis, key: string, photos: number, ttlMs: number) {
    const after = await client.eval(TAKE_SCRIPT, 1, key, photos, limit, ttlMs);
    return Number(after) >= 0;
  }

  return {
    async take(userId, photos) {
      const { start, endsInMs } = windowOf(now());
      if (!redis) {
        if (!takeLocally(userId, photos, start)) throw tooQuickly();
        return;
      }
      const key = `${redis.keyPrefix}${userId}:${start}`;
      let allowed: boolean;
      try {
        allowed = await takeShared(redis.client, key, photos, endsInMs + 1_000);
      } catch (error) {
        log.warn({ err: error }, 'analyzer budget: Redis unavailable, counting in this process');
        allowed = takeLocally(userId, photos, start);
      }
      if (!allowed) throw tooQuickly();
    },
  };
}
