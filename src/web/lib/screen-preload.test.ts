import { describe, expect, it, vi } from 'vitest';
import { preloadScreen, registerScreenPreloads } from './screen-preload';

describe('preloadScreen', () => {
  it('fetches a registered screen’s code, leaves a failure to its render, ignores others', async () => {
    const review = vi.fn(() => Promise.resolve({}));
    const library = vi.fn(() => Promise.reject(new Error('offline')));
    registerScreenPreloads({ '/productlibrary': review, '/library': library });
    preloadScreen('/productlibrary');
    preloadScreen('/library');
    preloadScreen('/nowhere');
    expect(review).toHaveBeenCalledTimes(1);
    expect(library).toHaveBeenCalledTimes(1);
    // No unhandled rejection: the test run would fail on one.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
