/**
 * Vite plugin: lists, for each signed-in screen's path, the chunks its first load needs (the
 * providers, guards and frame, the screen, and everything they import) beyond the entry's own.
 * The server writes them into that path's page as `<link rel="modulepreload">`, so they download
 * beside the entry instead of after it has run (src/server/http/first-screen-pages.ts).
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { withStaticImports } from './bundle-chunks.js';
import { FIRST_SCREEN_CHUNKS_FILE } from '../src/server/http/first-screen-pages.js';

/** What `loadFirstScreen` in src/web/app/router.tsx loads on a signed-in screen's first load. */
const EVERY_SIGNED_IN_SCREEN = ['app/app-providers.tsx', 'app/guards.tsx', 'app/app-layout.tsx'];
const SCREENS: Record<string, string> = {
  '/create': 'routes/create.tsx',
  '/productlibrary': 'routes/product-review.tsx',
  '/library': 'routes/library.tsx',
  '/account': 'routes/account.tsx',
};

export function firstScreenChunks(webRoot: string): Plugin {
  return {
    name: 'listsmith-first-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (module: string) => {
        const id = path.join(webRoot, module);
        const chunk = chunks.find((file) => file.facadeModuleId === id);
        if (!chunk) throw new Error(`first-screen chunks: no chunk starts at ${module}`);
        return chunk;
      };
      const loadedByEntry = withStaticImports(
        bundle,
        chunks.filter((file) => file.isEntry).map((file) => file.fileName),
      );
      const byPath = Object.fromEntries(
        Object.entries(SCREENS).map(([screenPath, screen]) => {
          const starts = [...EVERY_SIGNED_IN_SCREEN, screen].map(
            (module) => chunkOf(module).fileName,
          );
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
