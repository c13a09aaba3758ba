import { describe, expect, it, vi } from 'vitest';
import { preloadScreen, preloadScreenWhenIdle, registerScreenPreloads } from './screen-preload';

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

describe('preloadScreenWhenIdle', () => {
  it('fetches the screen’s code once the browser is idle, and not if cancelled first', () => {
    vi.useFakeTimers();
    try {
      const review = vi.fn(() => Promise.resolve({}));
      registerScreenPreloads({ '/productlibrary': review });
      const cancel = preloadScreenWhenIdle('/productlibrary');
      expect(review).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2_000);
      expect(review).toHaveBeenCalledTimes(1);

      preloadScreenWhenIdle('/productlibrary')();
      cancel();
      vi.advanceTimersByTime(2_000);
      expect(review).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
