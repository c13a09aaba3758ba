import { defineConfig } from 'vitest/config';
import { markdownDocuments } from './scripts/vite-markdown.js';

const ANALYZER_TESTS = ['tests/analyzer/**/*.test.ts', 'tests/generation/local-provider.test.ts'];
// Fails a test on a console.error it did not declare (expectConsoleError).
const SETUP_FILES = ['src/domain/test-support/console-error-guard.setup.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on the 2-core CI machine. Server
    // tests mostly wait (databases, timers, child processes), so two files at a time took the
    // SQLite run from ~6 to ~4 minutes with nothing else changed.
    maxWorkers: 2,
    projects: [
      {
        // The web app imports its legal pages as Markdown.
        plugins: [markdownDocuments()],
        test: {
          name: 'unit',
          setupFiles: SETUP_FILES,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          setupFiles: SETUP_FILES,
          include: ['tests/**/*.test.ts'],
          // Run once in their own project: they load real models and touch no database, so the
          // second (PostgreSQL) server run would only repeat them.
          exclude: ANALYZER_TESTS,
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'analyzer',
          setupFiles: SETUP_FILES,
          include: ANALYZER_TESTS,
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
