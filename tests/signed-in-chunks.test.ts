import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractParts, signedInChunk } from '../scripts/vite-first-screens.js';

/**
 * A small app's module graph: which modules each imports, statically and lazily, and the
 * length of its source where it matters. Paths are from the web app's root.
 */
const GRAPH: Record<string, { imports?: string[]; lazy?: string[]; code?: string }> = {
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
  'routes/landing.tsx': {
    imports: ['components/button.tsx', 'components/hero.tsx', '../domain/upload-rules.ts'],
  },
  '../domain/upload-rules.ts': { code: 'x'.repeat(100) },
  'app/app-providers.tsx': { imports: ['lib/query-client.ts'] },
  'app/guards.tsx': { imports: ['lib/session.ts'] },
  'app/app-layout.tsx': { imports: ['components/button.tsx', 'features/nav.tsx'] },
  'routes/create.tsx': { imports: ['lib/api-client.ts', 'features/uploader.tsx'] },
  'routes/product-review.tsx': { imports: ['features/review.tsx'] },
  'features/review.tsx': { imports: ['domain/products.ts'], lazy: ['features/dialog.tsx'] },
  'features/dialog.tsx': { imports: ['features/dialog-body.tsx', 'domain/products.ts'] },
  'routes/library.tsx': { imports: ['domain/products.ts', '../domain/library.ts'] },
  'routes/account.tsx': { imports: ['lib/api-client.ts'] },
  'lib/api-client.ts': { imports: ['../domain/api/error-reply.ts'] },
  '../domain/library.ts': { imports: ['../domain/product.ts'], code: 'x'.repeat(300) },
  '../domain/product.ts': { imports: ['../../node_modules/zod/index.js'], code: 'x'.repeat(300) },
  '../domain/api/error-reply.ts': {
    imports: ['../../node_modules/zod/index.js'],
    code: 'x'.repeat(300),
  },
  '../../node_modules/zod/index.js': { code: 'x'.repeat(10_000) },
  'routes/auth/signin.tsx': { imports: ['lib/api-client.ts', 'components/hero.tsx'] },
};

const webRoot = '/app/src/web';
const id = (module: string) => path.posix.join(webRoot, module);
const graph = {
  getModuleInfo(moduleId: string) {
    const module = GRAPH[path.posix.relative(webRoot, moduleId)];
    if (!module) return { importedIds: [], dynamicallyImportedIds: [], code: '' };
    return {
      importedIds: (module.imports ?? []).map(id),
      dynamicallyImportedIds: (module.lazy ?? []).map(id),
      code: module.code ?? '',
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

  it('cuts the domain’s contracts they reach (and the schema library) into chunks, each importing only earlier ones (ADR 055)', () => {
    const contracts = [
      '../../node_modules/zod/index.js',
      '../domain/api/error-reply.ts',
      '../domain/product.ts',
      '../domain/library.ts',
    ];
    const parts = contracts.map((module) => chunk(module));
    for (const part of parts) expect(part).toMatch(/^signed-in-contracts-\d+$/);
    expect(new Set(parts).size).toBe(3);
    const partOf = (module: string) => Number(/\d+$/.exec(chunk(module)!)![0]);
    for (const module of contracts) {
      for (const imported of GRAPH[module]!.imports ?? []) {
        expect(partOf(imported), `${module} imports ${imported}`).toBeLessThanOrEqual(
          partOf(module),
        );
      }
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
      '../domain/upload-rules.ts',
    ]) {
      expect(chunk(module), module).toBeNull();
    }
  });
});

describe('contractParts', () => {
  /** A chain of modules, each importing the next, of the given source lengths. */
  function chain(lengths: number[]) {
    const ids = lengths.map((_, i) => `/app/src/domain/m${i}.ts`);
    const chainGraph = {
      getModuleInfo: (moduleId: string) => {
        const i = ids.indexOf(moduleId);
        return { importedIds: ids.slice(i + 1, i + 2), code: 'x'.repeat(lengths[i]!) };
      },
    } as unknown as Parameters<typeof contractParts>[0];
    return { ids, chainGraph };
  }

  it('puts each module after what it imports and cuts by weight', () => {
    const { ids, chainGraph } = chain([100, 100, 100, 100, 100, 100]);
    const parts = contractParts(chainGraph, new Set(ids), 3);
    // m5 is imported by m4 … by m0: the last modules of the chain come first.
    expect(ids.map((each) => parts.get(each))).toEqual([3, 3, 2, 2, 1, 1]);
  });

  it('keeps a heavy module whole in the part its middle falls in', () => {
    const { ids, chainGraph } = chain([100, 1000, 100]);
    const parts = contractParts(chainGraph, new Set(ids), 3);
    expect(ids.map((each) => parts.get(each))).toEqual([3, 2, 1]);
  });
});
