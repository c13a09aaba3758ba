/**
 * Vite build helpers for the signed-in screens' first load:
 * - `signedInChunk` puts the modules only they run in two chunks of their own (ADR 053);
 * - `firstScreenChunks` lists, for each signed-in screen's path and for sign-in and sign-up, the
 *   chunks its first load needs (the providers and guards, the signed-in frame, the screen, and
 *   everything they import) beyond the entry's own. The server writes them into that path's
 *   page as `<link rel="modulepreload">`, so they download beside the entry instead of after it
 *   has run (src/server/http/first-screen-pages.ts).
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { withStaticImports } from './bundle-chunks.js';
import { FIRST_SCREEN_CHUNKS_FILE } from '../src/server/http/first-screen-pages.js';

/*
 * What `loadFirstScreen` in src/web/app/router.tsx loads on a screen's first load: every page
 * but `/` the providers and guards; a signed-in screen the frame and its own module; sign-in
 * and sign-up their own module.
 */
const EVERY_PAGE_BUT_LANDING = ['app/app-providers.tsx', 'app/guards.tsx'];
const SIGNED_IN_FRAME = 'app/app-layout.tsx';
const SIGNED_IN_SCREENS: Record<string, string> = {
  '/create': 'routes/create.tsx',
  '/productlibrary': 'routes/product-review.tsx',
  '/library': 'routes/library.tsx',
  '/account': 'routes/account.tsx',
};
const GUEST_SCREENS: Record<string, string> = {
  '/auth/signin': 'routes/auth/signin.tsx',
  '/auth/signup': 'routes/auth/signup.tsx',
};
const FIRST_LOAD: Record<string, string[]> = {
  ...Object.fromEntries(
    Object.entries(SIGNED_IN_SCREENS).map(([screenPath, screen]) => [
      screenPath,
      [...EVERY_PAGE_BUT_LANDING, SIGNED_IN_FRAME, screen],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(GUEST_SCREENS).map(([screenPath, screen]) => [
      screenPath,
      [...EVERY_PAGE_BUT_LANDING, screen],
    ]),
  ),
};

/** What only signed-in screens load (the providers and guards come with every page but `/`). */
const SIGNED_IN_ONLY = [SIGNED_IN_FRAME, ...Object.values(SIGNED_IN_SCREENS)];

/** Where a signed-in screen's first load starts: providers, guards, frame and the four screens. */
const FIRST_LOAD_ROOTS = [...EVERY_PAGE_BUT_LANDING, ...SIGNED_IN_ONLY];

type ModuleGraph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/** Where the web app's modules are: its root, and the entry's and landing screen's paths in it. */
export interface AppModules {
  webRoot: string;
  entry: string;
  landing: string;
}

/** What `roots` reach by static imports (and lazy ones with `lazy`), not entering `stopAt`. */
function reach(
  graph: ModuleGraph,
  roots: Iterable<string>,
  { lazy = false, stopAt = new Set<string>() }: { lazy?: boolean; stopAt?: Set<string> } = {},
): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id) || stopAt.has(id)) continue;
    reached.add(id);
    const info = graph.getModuleInfo(id);
    pending.push(...(info?.importedIds ?? []));
    if (lazy) pending.push(...(info?.dynamicallyImportedIds ?? []));
  }
  return reached;
}

const SIGNED_IN_CHUNK = 'signed-in';

/** The domain's rules and contracts, and the schema library they are built with. */
const CONTRACT_MODULE = /[\\/](?:src[\\/]domain|node_modules[\\/]zod)[\\/]/;
/** Into how many chunks the signed-in screens' contracts are cut (see `contractParts`). */
const CONTRACT_PARTS = 4;

/**
 * `modules` in `parts` groups of about equal weight, numbered from 1, where no group imports a
 * later one: the modules are ordered each after those it imports (a depth-first walk's
 * post-order) and cut there. A module's weight is its source's length, a library's nothing:
 * what runs when a contracts module is evaluated is its own schemas being built.
 */
export function contractParts(
  graph: ModuleGraph,
  modules: ReadonlySet<string>,
  parts: number,
): Map<string, number> {
  const ordered: string[] = [];
  const visited = new Set<string>();
  const visit = (id: string) => {
    if (visited.has(id) || !modules.has(id)) return;
    visited.add(id);
    graph.getModuleInfo(id)?.importedIds.forEach(visit);
    ordered.push(id);
  };
  [...modules].sort().forEach(visit);
  const weight = (id: string) =>
    id.includes('node_modules') ? 0 : (graph.getModuleInfo(id)?.code?.length ?? 0);
  const total = ordered.reduce((sum, id) => sum + weight(id), 0);
  const partOf = new Map<string, number>();
  let before = 0;
  for (const id of ordered) {
    // The part this module's middle falls in, so a heavy module is not split from its weight.
    const middle = before + weight(id) / 2;
    partOf.set(id, Math.min(parts, Math.floor((middle / Math.max(1, total)) * parts) + 1));
    before += weight(id);
  }
  return partOf;
}

/**
 * Which of the build's chunks a module goes in, for the signed-in first screens (ADR 053). Left
 * to the automatic chunking, their first load is ~45 small files, as each set of screens and
 * lazy dialogs sharing a module gets a chunk of its own; over HTTP/1.1's six connections the
 * last arrived ~0.5 s after the first. Here their modules go in a few chunks:
 * - `signed-in-contracts-1` … `-4`: the domain's rules and contracts they reach, cut so each
 *   chunk imports only those before it. Building the schemas is most of what evaluating the
 *   first screen's code costs; the page evaluates one chunk per task (ADR 055).
 * - `signed-in`: what only the signed-in first screens' static imports reach (a lazy dialog's
 *   own modules stay in its own chunk);
 * - `signed-in-shared`: what they share with other pages (sign-in, the sandbox pages), which
 *   those pages load too.
 * What the landing page's first load runs (the entry's and the landing screen's static imports)
 * stays where the automatic chunking puts it, so `/` loads none of this (ADR 017's budget).
 */
export function signedInChunk({ webRoot, entry, landing }: AppModules) {
  let chunkOf: Map<string, string> | undefined;
  const compute = (graph: ModuleGraph) => {
    const signedInOnly = new Set(SIGNED_IN_ONLY.map((module) => path.join(webRoot, module)));
    const entryId = path.join(webRoot, entry);
    // Everything a page other than the signed-in first screens may load, lazily or not.
    const elsewhere = reach(graph, [entryId], { lazy: true, stopAt: signedInOnly });
    const landingFirstLoad = reach(graph, [entryId, path.join(webRoot, landing)]);
    const firstLoad = FIRST_LOAD_ROOTS.map((module) => path.join(webRoot, module));
    const ours = [...reach(graph, firstLoad)].filter((id) => !landingFirstLoad.has(id));
    const contracts = new Set(ours.filter((id) => CONTRACT_MODULE.test(id)));
    const parts = contractParts(graph, contracts, CONTRACT_PARTS);
    const chunks = new Map<string, string>();
    for (const id of ours) {
      const part = parts.get(id);
      if (part !== undefined) chunks.set(id, `${SIGNED_IN_CHUNK}-contracts-${part}`);
      else if (!elsewhere.has(id)) chunks.set(id, SIGNED_IN_CHUNK);
      else chunks.set(id, `${SIGNED_IN_CHUNK}-shared`);
    }
    return chunks;
  };
  return (id: string, graph: ModuleGraph): string | null => {
    chunkOf ??= compute(graph);
    return chunkOf.get(id) ?? null;
  };
}

export function firstScreenChunks({ webRoot, landing }: AppModules): Plugin {
  return {
    name: 'listsmith-first-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (module: string) => {
        const id = path.join(webRoot, module);
        const chunk = chunks.find((file) => file.moduleIds.includes(id));
        if (!chunk) throw new Error(`first-screen chunks: no chunk holds ${module}`);
        return chunk;
      };
      const entries = chunks.filter((file) => file.isEntry).map((file) => file.fileName);
      const loadedByEntry = withStaticImports(bundle, entries);
      // ADR 017's budget rests on this: the landing page loads none of the signed-in chunks.
      const landingLoad = withStaticImports(bundle, [...entries, chunkOf(landing).fileName]);
      const signedInOnLanding = chunks.filter(
        (file) => landingLoad.has(file.fileName) && file.name.startsWith(SIGNED_IN_CHUNK),
      );
      if (signedInOnLanding.length > 0) {
        const names = signedInOnLanding.map((file) => file.fileName).join(', ');
        throw new Error(`first-screen chunks: the landing page would load ${names}`);
      }
      const byPath = Object.fromEntries(
        Object.entries(FIRST_LOAD).map(([screenPath, modules]) => {
          const starts = modules.map((module) => chunkOf(module).fileName);
          const files = withStaticImports(bundle, starts, loadedByEntry);
          return [screenPath, [...files].map((fileName) => `/${fileName}`)];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_CHUNKS_FILE,
        source: JSON.stringify(byPath),
      });
    },
  };
}
