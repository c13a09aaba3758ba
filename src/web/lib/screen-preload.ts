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
