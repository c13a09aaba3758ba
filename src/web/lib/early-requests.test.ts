import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiFetch, apiSend } from './api-client';
import { firstScreenReads } from '#domain/api/first-screen-reads';
import { startEarlyRequests, takeEarlyRequest } from './early-requests';

const countSchema = z.object({ count: z.number() });

/** A fetch that answers each call with the next count. */
function countingFetch() {
  let calls = 0;
  const fetch = vi.fn(async () => Response.json({ count: ++calls }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('reads the session everywhere and the list on the review screen', () => {
    expect(firstScreenReads('/create')).toEqual(['/api/auth/get-session']);
    expect(firstScreenReads('/productlibrary')).toEqual(['/api/auth/get-session', '/api/products']);
  });

  it('hands the early response to the first GET of its path, and only to it', async () => {
    const fetch = countingFetch();
    startEarlyRequests(['/api/items']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await apiFetch('/api/items', countSchema)).toEqual({ count: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Taken once: the next read asks the server again.
    expect(await apiFetch('/api/items', countSchema)).toEqual({ count: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a write to the same path', async () => {
    const fetch = countingFetch();
    startEarlyRequests(['/api/items']);
    await apiSend('/api/items', { method: 'POST', body: { name: 'mug' } });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await apiFetch('/api/items', countSchema)).toEqual({ count: 1 });
  });

  it('is left unused once stale', async () => {
    vi.useFakeTimers();
    const fetch = countingFetch();
    startEarlyRequests(['/api/items']);
    vi.advanceTimersByTime(10_001);
    expect(await apiFetch('/api/items', countSchema)).toEqual({ count: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(takeEarlyRequest('/api/items')).toBeUndefined();
  });
});
