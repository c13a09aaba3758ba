import { describe, expect, it } from 'vitest';
import { createSessionCache, SESSION_CACHE_TTL_MS } from './session-cache';

const ada = { id: 'u1', email: 'ada@example.com' };
const farFuture = new Date('2100-01-01T00:00:00Z');

describe('createSessionCache', () => {
  it('asks again once the TTL has passed, so an ended session is refused by then', async () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    let alive = true;
    let checks = 0;
    const check = async () => {
      checks += 1;
      return alive ? { user: ada, expiresAt: farFuture } : null;
    };
    expect(await cache.user('cookie', check)).toEqual(ada);
    alive = false; // ended elsewhere (another process)
    now += SESSION_CACHE_TTL_MS - 1;
    expect(await cache.user('cookie', check)).toEqual(ada);
    expect(checks).toBe(1);
    now += 1;
    expect(await cache.user('cookie', check)).toBeNull();
    expect(checks).toBe(2);
  });

  it('never keeps a session past its own expiry', async () => {
    let now = 1_000;
    const cache = createSessionCache(() => now);
    const expiresAt = new Date(now + 10);
    let checks = 0;
    const check = async () => {
      checks += 1;
      return now < expiresAt.getTime() ? { user: ada, expiresAt } : null;
    };
    expect(await cache.user('cookie', check)).toEqual(ada);
    now += 10;
    expect(await cache.user('cookie', check)).toBeNull();
    expect(checks).toBe(2);
  });

  it('forgets a user’s sessions, and does not store a check that began before', async () => {
    const cache = createSessionCache(() => 0);
    const check = async () => ({ user: ada, expiresAt: farFuture });
    await cache.user('laptop', check);
    let release!: () => void;
    const slow = cache.user('phone', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return check();
    });
    cache.forgetUser(ada.id);
    release();
    expect(await slow).toEqual(ada);
    let checks = 0;
    const counted = async () => {
      checks += 1;
      return null;
    };
    expect(await cache.user('laptop', counted)).toBeNull();
    expect(await cache.user('phone', counted)).toBeNull();
    expect(checks).toBe(2);
  });

  it('forgets everything at once', async () => {
    const cache = createSessionCache(() => 0);
    await cache.user('laptop', async () => ({ user: ada, expiresAt: farFuture }));
    cache.forgetAll();
    expect(await cache.user('laptop', async () => null)).toBeNull();
  });

  it('checks a cookie once while requests for it arrive together, and not past a forget', async () => {
    const cache = createSessionCache(() => 0);
    let checks = 0;
    let release!: () => void;
    const slowCheck = async () => {
      checks += 1;
      await new Promise<void>((resolve) => (release = resolve));
      return { user: ada, expiresAt: farFuture };
    };
    const together = [1, 2, 3].map(() => cache.user('cookie', slowCheck));
    release();
    expect(await Promise.all(together)).toEqual([ada, ada, ada]);
    expect(checks).toBe(1);

    // A forget while a check runs: a request after it asks again rather than joining.
    const other = { id: 'u2', email: 'bob@example.com' };
    const before = cache.user('other-cookie', slowCheck);
    const releaseFirst = release;
    cache.forgetUser(other.id);
    let afterChecks = 0;
    const after = cache.user('other-cookie', async () => {
      afterChecks += 1;
      return null;
    });
    releaseFirst();
    await before;
    expect(await after).toBeNull();
    expect(afterChecks).toBe(1);
  });

  it('holds a bounded number of entries and characters, and never keeps an outsized one', async () => {
    const cache = createSessionCache(() => 0, { maxEntries: 50, maxChars: 4_000 });
    const session = (i: number) => async () => ({
      user: { id: `u${i}`, email: `seller-${i}-${'x'.repeat(60)}@example.com` },
      expiresAt: farFuture,
    });
    for (let i = 0; i < 1_000; i++) await cache.user(`cookie-${i}`, session(i));
    const held = cache.held();
    expect(held.entries).toBeGreaterThan(0);
    expect(held.entries).toBeLessThanOrEqual(50);
    expect(held.chars).toBeLessThanOrEqual(4_000);
    // The newest stay, the oldest went.
    let checks = 0;
    const counted = async () => {
      checks += 1;
      return { user: ada, expiresAt: farFuture };
    };
    await cache.user('cookie-999', counted);
    expect(checks).toBe(0);
    await cache.user('cookie-0', counted);
    expect(checks).toBe(1);

    // An entry larger than a session could honestly be is checked every time, not kept.
    const huge = { id: 'u-huge', email: `${'y'.repeat(5_000)}@example.com` };
    let hugeChecks = 0;
    const hugeCheck = async () => {
      hugeChecks += 1;
      return { user: huge, expiresAt: farFuture };
    };
    expect(await cache.user('huge-cookie', hugeCheck)).toEqual(huge);
    expect(await cache.user('huge-cookie', hugeCheck)).toEqual(huge);
    expect(hugeChecks).toBe(2);
    expect(cache.held().chars).toBeLessThanOrEqual(4_000);
  });
});
