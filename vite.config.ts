import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      const shell = new Set<string>();
      const addChunk = (fileName: string) => {
        const file = bundle[fileName];
        if (shell.has(fileName) || file?.type !== 'chunk') return;
        shell.add(fileName);
        file.imports.forEach(addChunk);
      };
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && file.isEntry) addChunk(file.fileName);
        else if (file.fileName.endsWith('.css')) shell.add(file.fileName);
      }
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

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
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
