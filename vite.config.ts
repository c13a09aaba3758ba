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
      const entryFiles = Object.values(bundle)
        .filter((file) => (file.type === 'chunk' && file.isEntry) || file.fileName.endsWith('.css'))
        .map((file) => `/${file.fileName}`);
      const precache = ['/index.html', ...entryFiles];
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
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
