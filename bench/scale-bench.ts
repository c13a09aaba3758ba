/**
 * Issue 17's figure: generation throughput with two server processes against one, on a
 * provider-bound batch (a vision provider of fixed latency L, C photos at a time per process).
 * Both runs use the production shape: one PostgreSQL database, one Redis (the shared BullMQ
 * queue), one DATA_DIR. The batch is uploaded through the first process; products are timed
 * from the upload's answer to the last one ready, as the first process's event stream reports
 * them (events from either process reach it through Redis). Goal: two ≥ 1.7× one.
 *
 * Needs PostgreSQL (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379); a fresh database and key prefix
 * per run, removed afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BATCH, fixturePhotos } from './generation-bench.js';
import {
  startBenchServer,
  uploadFiles,
  watchReadyProducts,
  type BenchServer,
} from './support/bench-client.js';

const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Seconds from the upload's answer to the last product ready, with `processes` servers. */
async function timeBatch(processes: number, latencyMs: number, concurrency: number) {
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `listsmith_bench_${suffix}`;
  const prefix = `bench-scale-${suffix}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'listsmith-bench-scale-'));
  await admin(`CREATE DATABASE "${databaseName}"`);
  const databaseUrl = new URL(POSTGRES_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const servers: BenchServer[] = [];
  try {
    // One after the other: each migrates the shared database at start-up.
    for (let i = 0; i < processes; i++) {
      servers.push(
        await startBenchServer({
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL,
          REDIS_PREFIX: prefix,
          BENCH_DATA_DIR: dataDir,
          BENCH_LATENCY_MS: String(latencyMs),
          GENERATION_CONCURRENCY: String(concurrency),
        }),
      );
    }
    const entry = servers[0]!;
    const watcher = await watchReadyProducts(entry);
    const upload = await uploadFiles(entry, await fixturePhotos());
    const uploaded = performance.now();
    if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${upload.body}`);
    await watcher.waitFor(BATCH);
    watcher.close();
    const last = Math.max(...watcher.readyAt.values());
    return (last - uploaded) / 1000;
  } finally {
    for (const server of servers) await server.stop();
    await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await deleteKeys(prefix);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runScaleBench(): Promise<void> {
  const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? '500');
  const concurrency = Number(process.env.GENERATION_CONCURRENCY ?? '4');
  const one = await timeBatch(1, latencyMs, concurrency);
  const two = await timeBatch(2, latencyMs, concurrency);
  const rate = (seconds: number) => (BATCH / seconds).toFixed(1);
  console.log(
    `\nScale: ${BATCH} photos, provider latency L=${latencyMs} ms, C=${concurrency} per process, PostgreSQL + Redis (BullMQ) + one DATA_DIR`,
  );
  console.log(
    `  one process    ${one.toFixed(2)} s   ${rate(one)} photos/s   (ideal ⌈${BATCH}/C⌉·L = ${((Math.ceil(BATCH / concurrency) * latencyMs) / 1000).toFixed(2)} s)`,
  );
  console.log(
    `  two processes  ${two.toFixed(2)} s   ${rate(two)} photos/s   (ideal ⌈${BATCH}/2C⌉·L = ${((Math.ceil(BATCH / (2 * concurrency)) * latencyMs) / 1000).toFixed(2)} s)`,
  );
  console.log(`  two ÷ one      ${(one / two).toFixed(2)}× throughput (goal ≥ 1.7×)`);
}
