/**
 * The hot authenticated read path and the health check, on the embedded SQLite database:
 * sequential requests in process, then 200 concurrent connections from autocannon (its own
 * process) against the server in another process (issue 17: p99 < 100 ms, no errors).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { z } from 'zod';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { startBenchServer } from './support/bench-client.js';
import { signedInBenchUser } from './support/bench-user.js';

const CONNECTIONS = 200;
const SECONDS = 10;

const autocannonResult = z.object({
  requests: z.object({ average: z.number(), total: z.number() }),
  latency: z.object({ p50: z.number(), p90: z.number(), p99: z.number(), max: z.number() }),
  errors: z.number(),
  timeouts: z.number(),
  non2xx: z.number(),
});

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
  await concurrentProfile();
}

/** autocannon's command line, so the load comes from a process of its own. */
async function autocannon(url: string, cookie: string) {
  const { stdout } = await promisify(execFile)(
    path.resolve('node_modules/.bin/autocannon'),
    ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-H', `cookie=${cookie}`, '-j', url],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return autocannonResult.parse(JSON.parse(stdout));
}

async function concurrentProfile(): Promise<void> {
  const server = await startBenchServer({});
  try {
    const url = `${server.baseUrl}/api/user/profile`;
    await autocannon(url, server.cookie); // warm-up: JIT, caches, the database's pages
    const result = await autocannon(url, server.cookie);
    const failed = result.errors + result.timeouts + result.non2xx;
    console.log(
      `GET /api/user/profile, ${CONNECTIONS} connections, ${SECONDS} s (autocannon, server in its own process)`,
    );
    console.log(
      `  ${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p90 ${result.latency.p90} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   ${result.requests.total} requests, ${failed} failed`,
    );
  } finally {
    await server.stop();
  }
}
