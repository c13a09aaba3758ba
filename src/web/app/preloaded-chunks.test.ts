import { afterEach, describe, expect, it } from 'vitest';
import { evaluatePreloadedChunks } from './preloaded-chunks';

afterEach(() => {
  document.head.innerHTML = '';
});

/** The page's module preloads, in order. */
function preload(...hrefs: string[]): void {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.setAttribute('href', href);
    document.head.append(link);
  }
}

/**
 * The browser's module loading as seen from one task: a chunk not yet run is evaluated at once,
 * keeping the thread `costMs` on `clock` (the page's clock as evaluatePreloadedChunks reads it),
 * and noted in `ran`; one already run costs nothing. A clock of the test's own, so a test
 * machine's pauses cannot make a chunk already run look slow.
 */
function moduleLoader(ran: string[], costMs: Record<string, number>, clock = { ms: 0 }) {
  return async (href: string) => {
    if (ran.includes(href)) return;
    ran.push(href);
    clock.ms += costMs[href] ?? 0;
  };
}

describe('evaluatePreloadedChunks', () => {
  it('runs the preloaded chunks in the page’s order, each in a task of its own', async () => {
    const ran: string[] = [];
    preload('/assets/contracts-1.js', '/assets/contracts-2.js', '/assets/signed-in.js');
    // Queued before the chunks run: it gets its turn after the first chunk, not after all.
    setTimeout(() => ran.push('another task'), 0);
    const clock = { ms: 0 };
    await evaluatePreloadedChunks(
      moduleLoader(
        ran,
        { '/assets/contracts-1.js': 5, '/assets/contracts-2.js': 5, '/assets/signed-in.js': 5 },
        clock,
      ),
      () => clock.ms,
    );
    expect(ran).toEqual([
      '/assets/contracts-1.js',
      'another task',
      '/assets/contracts-2.js',
      '/assets/signed-in.js',
    ]);
  });

  it('gives no task of its own to a chunk the entry already ran', async () => {
    const ran = ['/assets/react.js'];
    preload('/assets/react.js', '/assets/contracts-1.js');
    setTimeout(() => ran.push('another task'), 0);
    const clock = { ms: 0 };
    await evaluatePreloadedChunks(
      moduleLoader(ran, { '/assets/contracts-1.js': 5 }, clock),
      () => clock.ms,
    );
    expect(ran).toEqual(['/assets/react.js', '/assets/contracts-1.js', 'another task']);
  });

  it('stops at a chunk that fails to load, leaving it to the screen’s own import', async () => {
    const ran: string[] = [];
    preload('/assets/missing.js', '/assets/signed-in.js');
    const load = moduleLoader(ran, {});
    await expect(
      evaluatePreloadedChunks((href) =>
        href === '/assets/missing.js'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : load(href),
      ),
    ).resolves.toBeUndefined();
    expect(ran).toEqual([]);
  });
});
