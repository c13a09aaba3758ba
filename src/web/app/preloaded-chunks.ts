/**
 * The first screen's chunks, evaluated one per task. The server lists them in the page as module
 * preloads, each after the chunks it imports (src/server/http/first-screen-pages.ts), so
 * importing them in that order evaluates one chunk at a time, and between two the browser may
 * paint and handle input. Imported at once, they were evaluated in one task of 70–110 ms on the
 * 2-core development machine, most of it building the contracts' schemas (ADR 055).
 */
export async function evaluatePreloadedChunks(
  importModule: (href: string) => Promise<unknown> = (href) => import(/* @vite-ignore */ href),
  now: () => number = () => performance.now(),
): Promise<void> {
  const links = document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
  for (const link of links) {
    // As written (`/assets/…`): the same module the page preloaded and the chunks import.
    const href = link.getAttribute('href');
    if (!href) continue;
    const startedAt = now();
    try {
      await importModule(href);
    } catch {
      // Left to the screen's own import, which shows the failure.
      return;
    }
    // A chunk the entry already ran took no time, and needs no task of its own.
    if (now() - startedAt > 1) await nextTask();
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
