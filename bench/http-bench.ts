/**
 * In-process request throughput and latency of the hot authenticated read path and of the health
 * check, on the embedded SQLite database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { signedInBenchUser } from './support/bench-user.js';

async function measure(name: string, requests: number, run: () => Promise<number>) {
  for (let i = 0; i < 50; i++) await run();
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const status = await run();
    if (status !== 200) throw new Error(`${name}: status ${status}`);
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(2);
  console.log(
    `${name.padEnd(32)} ${(requests / seconds).toFixed(0).padStart(6)} req/s   p50 ${pct(0.5)} ms   p95 ${pct(0.95)} ms   (${requests} sequential requests)`,
  );
}

export async function runHttpBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'listsmith-bench-'));
  const appUrl = 'http://localhost:3999';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    LOG_LEVEL: 'silent',
    SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
  });
  const { app, database } = await buildApp(config, {
    mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}),
  });

  const cookie = await signedInBenchUser(app, database.db, appUrl);

  console.log('HTTP (in-process, SQLite)');
  await measure(
    'GET /api/health',
    2000,
    async () => (await app.inject({ url: '/api/health' })).statusCode,
  );
  await measure(
    'GET /api/user/profile (session)',
    2000,
    async () => (await app.inject({ url: '/api/user/profile', headers: { cookie } })).statusCode,
  );
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
