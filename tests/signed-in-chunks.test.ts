import { describe, expect, it } from 'vitest';
import { signedInChunk } from '../scripts/vite-first-screens.js';

/** A small app's module graph: which modules each imports, statically and lazily. */
const GRAPH: Record<string, { imports?: string[]; lazy?: string[] }> = {
  'main.tsx': { imports: ['app/router.tsx', 'components/button.tsx'] },
  'app/router.tsx': {
    lazy: [
      'routes/landing.tsx',
      'app/app-providers.tsx',
      'app/guards.tsx',
      'app/app-layout.tsx',
      'routes/create.tsx',
      'routes/product-review.tsx',
      'routes/library.tsx',
      'routes/account.tsx',
      'routes/auth/signin.tsx',
    ],
  },
  'routes/landing.tsx': { imports: ['components/button.tsx', 'components/hero.tsx'] },
  'app/app-providers.tsx': { imports: ['lib/query-client.ts'] },
  'app/guards.tsx': { imports: ['lib/session.ts'] },
  'app/app-layout.tsx': { imports: ['components/button.tsx', 'features/nav.tsx'] },
  'routes/create.tsx': { imports: ['lib/api-client.ts', 'features/uploader.tsx'] },
  'routes/product-review.tsx': { imports: ['features/review.tsx'] },
  'features/review.tsx': { imports: ['domain/products.ts'], lazy: ['features/dialog.tsx'] },
  'features/dialog.tsx': { imports: ['features/dialog-body.tsx', 'domain/products.ts'] },
  'routes/library.tsx': { imports: ['domain/products.ts'] },
  'routes/account.tsx': { imports: ['lib/api-client.ts'] },
  'routes/auth/signin.tsx': { imports: ['lib/api-client.ts', 'components/hero.tsx'] },
};

const webRoot = '/app/src/web';
const id = (module: string) => `${webRoot}/${module}`;
const graph = {
  getModuleInfo(moduleId: string) {
    const module = GRAPH[moduleId.slice(webRoot.length + 1)];
    if (!module) return { importedIds: [], dynamicallyImportedIds: [] };
    return {
      importedIds: (module.imports ?? []).map(id),
      dynamicallyImportedIds: (module.lazy ?? []).map(id),
    };
  },
} as unknown as Parameters<ReturnType<typeof signedInChunk>>[1];

describe('the signed-in screens’ chunks (ADR 053)', () => {
  const chunkOf = signedInChunk({ webRoot, entry: 'main.tsx', landing: 'routes/landing.tsx' });
  const chunk = (module: string) => chunkOf(id(module), graph);

  it('puts what only the signed-in screens reach in `signed-in`', () => {
    for (const module of [
      'app/app-layout.tsx',
      'features/nav.tsx',
      'routes/product-review.tsx',
      'features/review.tsx',
      'routes/library.tsx',
      'domain/products.ts',
    ]) {
      expect(chunk(module), module).toBe('signed-in');
    }
  });

  it('puts what other pages load too (the providers and guards, sign-in’s client) in `signed-in-shared`', () => {
    for (const module of [
      'app/app-providers.tsx',
      'lib/query-client.ts',
      'app/guards.tsx',
      'lib/session.ts',
      'lib/api-client.ts',
    ]) {
      expect(chunk(module), module).toBe('signed-in-shared');
    }
  });

  it('leaves the landing page’s first load, and a lazy dialog’s own modules, to the automatic chunking', () => {
    for (const module of [
      'main.tsx',
      'app/router.tsx',
      'components/button.tsx',
      'routes/landing.tsx',
      'features/dialog.tsx',
      'features/dialog-body.tsx',
      'routes/auth/signin.tsx',
    ]) {
      expect(chunk(module), module).toBeNull();
    }
  });
});
