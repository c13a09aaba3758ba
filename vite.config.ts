import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { withStaticImports } from './scripts/bundle-chunks.js';
import { firstScreenChunks, signedInChunk, type AppModules } from './scripts/vite-first-screens.js';
import { markdownDocuments } from './scripts/vite-markdown.js';

/**
 * Emits /sw.js with this build's id and its entry assets, so each deploy installs a new worker
 * that drops the previous build's cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'listsmith-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      // The entry and the chunks it imports statically: what index.html needs to start offline.
      const files = Object.values(bundle);
      const shell = withStaticImports(
        bundle,
        files.filter((file) => file.type === 'chunk' && file.isEntry).map((file) => file.fileName),
      );
      for (const file of files) if (file.fileName.endsWith('.css')) shell.add(file.fileName);
      const precache = ['/index.html', ...[...shell].map((fileName) => `/${fileName}`)];
      const buildId = createHash('sha256').update(precache.join('|')).digest('hex').slice(0, 12);
      const template = readFileSync(
        new URL('./src/web/sw/service-worker.js', import.meta.url),
        'utf8',
      );
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace('__BUILD_ID__', buildId)
          .replace('__PRECACHE__', JSON.stringify(precache)),
      });
    },
  };
}

/**
 * Writes a `.br` and a `.gz` beside each text file of the build, at the highest settings, which
 * the server sends as they are (@fastify/static `preCompressed`): better ratios than compressing
 * each response on the fly, at no cost per request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzip = promisify(gzipCallback);
  return {
    name: 'listsmith-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      // Files under 1 KB gain nothing; the rest compress in parallel on libuv's thread pool.
      // index.html is not among them: the server writes the public settings into it and
      // compresses the result at start (src/server/http/index-page.ts).
      const files = Object.values(bundle).filter(
        (file) =>
          /\.(?:js|css|svg|json)$/.test(file.fileName) &&
          (file.type === 'chunk' ? file.code.length : file.source.length) >= 1024,
      );
      await Promise.all(
        files.map(async ({ fileName }) => {
          const file = path.join(outDir, fileName);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              },
            }),
            gzip(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const APP_MODULES: AppModules = {
  webRoot: path.resolve('src/web'),
  entry: 'main.tsx',
  landing: 'routes/landing.tsx',
};

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    markdownDocuments(),
    react(),
    tailwindcss(),
    serviceWorker(),
    firstScreenChunks(APP_MODULES),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Precompression spends its seconds on purpose (brotli at its best ratio); the slow-plugin
      // report would print on every `npm start`.
      checks: { bundlerTimings: false },
      output: {
        // Libraries every page needs get their own long-lived chunks, so a deploy that changes only
        // our code leaves them cached; the rest follow the screens that import them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            // The signed-in screens' own modules in two chunks, not ~45 (ADR 053). Their
            // dependencies stay where they are: pulled in, the landing page's would come too.
            {
              name: signedInChunk(APP_MODULES),
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
