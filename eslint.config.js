import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'src/web/features';

// Read from disk so a new feature folder is fenced in without editing this file.
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SERVER_DIR = 'src/server';

/**
 * The server's shared infrastructure: every capability may import any of its files. Top-level
 * files of src/server are the composition root (app.ts, main.ts, shared-state.ts) plus config.ts,
 * which capabilities may also import.
 */
const SERVER_INFRASTRUCTURE = [
  'credits',
  'db',
  'http',
  'images',
  'limits',
  'mail',
  'redis',
  'scheduling',
];

// Every other folder is a capability (catalog, the product core, among them), fenced without
// editing this file: another capability is reached through its index.ts alone.
const serverCapabilities = readdirSync(SERVER_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !SERVER_INFRASTRUCTURE.includes(entry.name))
  .map((entry) => entry.name);

// Layering (DESIGN.md). The zones compare resolved file paths, so `#server/…`, `#web/…` and
// relative paths are caught alike.
const layerZones = [
  {
    target: 'src/domain',
    from: ['src/server', 'src/web'],
    message: 'src/domain is pure: it imports neither server nor web code.',
  },
  {
    target: 'src/server',
    from: 'src/web',
    message: 'Server code does not import web code.',
  },
  {
    target: 'src/web',
    from: 'src/server',
    message: 'Web code does not import server code; share through src/domain.',
  },
  ...serverCapabilities.map((capability) => ({
    target: `${SERVER_DIR}/${capability}`,
    from: SERVER_DIR,
    except: [
      `./${capability}`,
      ...SERVER_INFRASTRUCTURE.map((folder) => `./${folder}`),
      './config.ts',
      ...serverCapabilities
        .filter((other) => other !== capability)
        .map((other) => `./${other}/index.ts`),
    ],
    message: `"${capability}" may import another server capability only through its index.ts (the catalog's included), plus the shared infrastructure (${SERVER_INFRASTRUCTURE.join(', ')}, config.ts) and src/domain; app.ts assembles them.`,
  })),
  {
    target: SERVER_INFRASTRUCTURE.map((folder) => `${SERVER_DIR}/${folder}`),
    from: serverCapabilities.map((capability) => `${SERVER_DIR}/${capability}`),
    message: 'Shared server infrastructure does not depend on a capability.',
  },
  ...features.map((feature) => ({
    target: `${FEATURES_DIR}/${feature}`,
    from: FEATURES_DIR,
    except: [`./${feature}`],
    message: `Features do not import each other; move what "${feature}" shares to src/web/components or src/web/lib.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'data-e2e*', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Import cycles are checked by scripts/check-import-cycles.ts (`npm run lint`), not by
      // import-x/no-cycle: that rule skips `import type`, so it missed both cycles we had, and it
      // took a quarter of the lint time parsing every imported module a second time.
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Worker threads and test workers written as plain ES modules for Node.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/sw/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __PRECACHE__: 'readonly' } },
  },
  {
    // Domain code runs in the browser too: no Node built-ins, no React. Its tests and test support
    // run only under Node and may read fixtures from disk.
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts', 'src/domain/test-support/**'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'src/domain is pure: no React.',
            },
          ],
        },
      ],
    },
  },
);
