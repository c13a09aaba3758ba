/**
 * What a build's chunks load before they run: the build plugins that list files for the browser
 * to fetch ahead (the service worker's offline shell, the first screens' preloads) walk it here.
 */
import type { Rolldown } from 'vite';

/**
 * The chunks `starts` name and every chunk they import statically, each after the chunks it
 * imports (a depth-first walk's post-order: the order the browser evaluates them in), leaving
 * out those in `known` (and what is reached only through them).
 */
export function withStaticImports(
  bundle: Rolldown.OutputBundle,
  starts: Iterable<string>,
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const visited = new Set<string>();
  const reached = new Set<string>();
  const add = (fileName: string) => {
    const file = bundle[fileName];
    if (visited.has(fileName) || known.has(fileName) || file?.type !== 'chunk') return;
    visited.add(fileName);
    file.imports.forEach(add);
    reached.add(fileName);
  };
  for (const start of starts) add(start);
  return reached;
}
