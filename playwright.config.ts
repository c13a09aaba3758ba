import { defineConfig } from '@playwright/test';
import { e2ePort as port, e2eServerEnv } from './e2e/server-env';
import { MALLOC_SETTINGS, NODE_MEMORY_FLAGS } from './src/server/malloc-settings';

export default defineConfig({
  testDir: 'e2e',
  // Each test makes its own accounts (e2e/fixtures.ts), so tests run in any order, side by side.
  // Whole run, old and new back to back on the loaded 2-core machine: 146-163 s → 93-110 s.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // A fresh data directory per run: the outbox and database start empty.
    command: `rm -rf ${e2eServerEnv.DATA_DIR} && tsx ${NODE_MEMORY_FLAGS.join(' ')} src/server/main.ts`,
    // Ready, not just alive: the analyzer's models load once the server listens (ADR 035), and
    // tests sent meanwhile would race that load on the 2-core machine, as a load balancer waits.
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    // As `npm start` runs it (ADRs 008, 051).
    env: { ...e2eServerEnv, ...MALLOC_SETTINGS },
  },
});
