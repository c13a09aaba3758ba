/**
 * Sessions already checked, kept briefly in memory (ADR 023): checking a session cookie costs an
 * HMAC through WebCrypto, better-auth's request context and two queries, most of a small API
 * request. A cached session is keyed by the whole signed cookie value, so only a cookie
 * better-auth has verified can hit. In this process, signing out, revoking sessions, changing
 * the password or deleting the account forget it at once; with REDIS_URL so does every other
 * process (shared-session-ends.ts), and without Redis reachable it accepts it for at most
 * {@link SESSION_CACHE_TTL_MS}.
 */
import type { SessionUser } from '../http/signed-in.js';

/** How long a checked session is trusted without asking the database again. */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * What the cache may hold, the oldest going first: entries, and characters of cookies, ids and
 * addresses together (issue 28: whatever a session carries must not multiply in memory). One
 * entry over `maxEntryChars` (no honest cookie and address come near) is checked every time
 * instead of kept.
 */
export interface SessionCacheLimits {
  maxEntries: number;
  maxChars: number;
  maxEntryChars: number;
}

const DEFAULT_LIMITS: SessionCacheLimits = {
  maxEntries: 10_000,
  maxChars: 4 * 1024 * 1024,
  maxEntryChars: 1_024,
};

interface Entry {
  user: SessionUser;
  until: number;
  chars: number;
}

export function createSessionCache(
  now: () => number = Date.now,
  limits: Partial<SessionCacheLimits> = {},
) {
  const { maxEntries, maxChars, maxEntryChars } = { ...DEFAULT_LIMITS, ...limits };
  const entries = new Map<string, Entry>();
  let heldChars = 0;
  const cookiesOf = new Map<string, Set<string>>();
  /**
   * Lookups under way, by cookie: requests arriving while one runs wait for it, so an entry
   * expiring under load costs one check, not one per waiting request.
   */
  const pending = new Map<string, Promise<SessionUser | null>>();
  /** Bumped by every forget: a lookup begun before one must not store what it found. */
  let generation = 0;

  function remove(cookie: string) {
    const entry = entries.get(cookie);
    if (!entry) return;
    entries.delete(cookie);
    heldChars -= entry.chars;
    const cookies = cookiesOf.get(entry.user.id);
    cookies?.delete(cookie);
    if (cookies?.size === 0) cookiesOf.delete(entry.user.id);
  }

  function forgetUser(userId: string) {
    generation += 1;
    // Whose session a lookup under way will find is not known yet: none of them may be joined.
    pending.clear();
    for (const cookie of cookiesOf.get(userId) ?? []) {
      heldChars -= entries.get(cookie)?.chars ?? 0;
      entries.delete(cookie);
    }
    cookiesOf.delete(userId);
  }

  async function lookUp(
    cookie: string,
    check: () => Promise<{ user: SessionUser; expiresAt: Date } | null>,
  ): Promise<SessionUser | null> {
    const started = generation;
    const session = await check();
    if (!session || started !== generation) return session?.user ?? null;
    const { id, email } = session.user;
    const chars = cookie.length + id.length + email.length;
    if (chars > maxEntryChars) return session.user;
    // A cookie checked again (its entry expired meanwhile) replaces its own entry.
    remove(cookie);
    while (entries.size > 0 && (entries.size >= maxEntries || heldChars + chars > maxChars)) {
      remove(entries.keys().next().value!);
    }
    const until = Math.min(now() + SESSION_CACHE_TTL_MS, session.expiresAt.getTime());
    entries.set(cookie, { user: { id, email }, until, chars });
    heldChars += chars;
    let cookies = cookiesOf.get(session.user.id);
    if (!cookies) cookiesOf.set(session.user.id, (cookies = new Set()));
    cookies.add(cookie);
    return session.user;
  }

  return {
    /**
     * The session of `cookie`, from memory or from `check` (better-auth), which is asked at most
     * once per cookie every TTL. Null (no session) is not kept.
     */
    async user(
      cookie: string,
      check: () => Promise<{ user: SessionUser; expiresAt: Date } | null>,
    ): Promise<SessionUser | null> {
      const kept = entries.get(cookie);
      if (kept && kept.until > now()) return kept.user;
      if (kept) remove(cookie);
      const joined = pending.get(cookie);
      if (joined) return joined;
      const lookup = lookUp(cookie, check);
      pending.set(cookie, lookup);
      const forget = () => {
        if (pending.get(cookie) === lookup) pending.delete(cookie);
      };
      lookup.then(forget, forget);
      return lookup;
    },

    forgetUser,

    /** A password reset ends every session of an account the request does not name. */
    forgetAll() {
      generation += 1;
      pending.clear();
      entries.clear();
      cookiesOf.clear();
      heldChars = 0;
    },

    /** What the cache holds now (entries, and characters of their cookies, ids and addresses). */
    held(): { entries: number; chars: number } {
      return { entries: entries.size, chars: heldChars };
    },
  };
}
