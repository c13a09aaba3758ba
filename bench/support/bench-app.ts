/** An app built in the bench's own process, listening on loopback, as the catalogue benches use it. */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';

export const BENCH_ORIGIN = 'http://localhost:3999';

export interface ListeningBenchApp {
  built: BuiltApp;
  /** The app's own data folder, removed on close; benches write their files there too. */
  dataDir: string;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * A silent test-mode app on SQLite unless `env` says otherwise, with an outbox mailer and sign-in
 * limits a bench does not meet, listening on a free loopback port.
 */
export async function listeningBenchApp(
  label: string,
  env: Record<string, string> = {},
): Promise<ListeningBenchApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `listsmith-${label}-bench-`));
  const built = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: BENCH_ORIGIN,
      LOG_LEVEL: 'silent',
      SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
      ...env,
    }),
    { mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}) },
  );
  const close = async () => {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await built.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await close();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  return { built, dataDir, baseUrl, close };
}
