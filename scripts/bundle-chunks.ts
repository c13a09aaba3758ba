/**
 * What a build's chunks load before they run: the build plugins that list files for the browser
 * to fetch ahead (the service worker's offline shell, the first screens' preloads) walk it here.
 */
import type { Rolldown } from 'vite';

/**
 * The chunks `starts` name and every chunk they import statically, in the order a depth-first
 * walk meets them, leaving out those in `known` (and what is reached only through them).
 */
export function withStaticImports(
  bundle: Rolldown.OutputBundle,
  starts: Iterable<string>,
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const reached = new Set<string>();
  const add = (fileName: string) => {
    const file = bundle[fileName];
    if (reached.has(fileName) || known.has(fileName) || file?.type !== 'chunk') return;
    reached.add(fileName);
    file.imports.forEach(add);
  };
  for (const start of starts) add(start);
  return reached;
}
