/**
 * A screen's code fetched ahead of a move the app knows is coming, so the screen renders at once
 * instead of suspending (and waiting out React's fallback throttle, app/preloadable.ts). The
 * router registers its screens here; features name the path they are about to go to.
 */
const loaders = new Map<string, () => Promise<unknown>>();

export function registerScreenPreloads(screens: Readonly<Record<string, () => Promise<unknown>>>) {
  for (const [path, load] of Object.entries(screens)) loaders.set(path, load);
}

/** Fetches the screen's code; a failure is left to the screen's own render to meet again. */
export function preloadScreen(path: string): void {
  loaders
    .get(path)?.()
    .catch(() => undefined);
}

/**
 * Fetches the screen's code once the browser has nothing else to do (within 2 s at the latest):
 * for the screen the seller is most likely to go to next. Fetched at the move itself instead, its
 * few dozen files would queue ahead of the request that makes the move (an upload) on HTTP/1.1's
 * six connections. Returns a cancel for a screen left before then.
 */
export function preloadScreenWhenIdle(path: string): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => preloadScreen(path), { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => preloadScreen(path), 500);
  return () => clearTimeout(timer);
}
