/**
 * The e2e server's environment. playwright.config.ts starts the server with it and the fixtures
 * in ./fixtures.ts load the same configuration, so they write to the server's database and sign
 * session cookies with the server's secret.
 */
const port = Number(process.env.E2E_PORT ?? 3100);

export const e2ePort = port;

export const e2eServerEnv = {
  PORT: String(port),
  DATA_DIR: process.env.E2E_DATA_DIR ?? 'data-e2e',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SIGNIN_ATTEMPTS_PER_MINUTE: '100',
  // Test-only: this server holds throwaway accounts and listens on localhost for one run.
  AUTH_SECRET: 'e2e-only-auth-secret-for-throwaway-test-accounts',
} as const;
