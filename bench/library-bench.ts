/**
 * The premium library at scale (issue 14): 10,000 products of one seller among 50,000, on SQLite
 * and (when a local server answers) PostgreSQL. Figures at the API, in process: the first
 * library page and searches (p50/p95 of sequential requests; target p95 < 30 ms), then the full
 * Shopify CSV of the 10,000 streamed over a real socket (target < 1 s) with the server's peak
 * RSS growth while it streams.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Insertable, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import type { Database, ProductsTable } from '#server/db/schema.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { signedInBenchUser } from './support/bench-user.js';

const SELLER_PRODUCTS = 10_000;
const ALL_PRODUCTS = 50_000;
const OTHER_SELLERS = 4;
const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const NOUNS = [
  'mug',
  'vase',
  'lamp',
  'wallet',
  'scarf',
  'bowl',
  'poster',
  'candle',
  'clamp',
  'jacket',
  'ring',
  'bench',
];
const ADJECTIVES = [
  'blue',
  'ceramic',
  'leather',
  'woollen',
  'café',
  'crème',
  'vintage',
  'brass',
  'linen',
  'oak',
  'naïve',
  'striped',
];
const PHRASES = [
  'Made by hand in a small workshop.',
  'Ships wrapped in recycled paper.',
  'A durable finish that ages beautifully.',
  'Easy to clean with a damp cloth.',
  'Pairs well with natural textures.',
  'Each piece varies slightly in tone.',
];

/** A deterministic pseudo-random sequence, so every run seeds the same library. */
function sequence(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

function productRow(
  userId: string,
  i: number,
  pick: (n: number) => number,
): Insertable<ProductsTable> {
  const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  const title = `${ADJECTIVES[pick(ADJECTIVES.length)]} ${ADJECTIVES[pick(ADJECTIVES.length)]} ${NOUNS[pick(NOUNS.length)]} BENCH-${100_000 + i}`;
  return {
    id: randomUUID(),
    userId,
    imageId: randomUUID(),
    fileName: `bench-${i}.jpg`,
    title,
    description: Array.from({ length: 5 }, () => PHRASES[pick(PHRASES.length)]).join(' '),
    tags: JSON.stringify([NOUNS[pick(NOUNS.length)], ADJECTIVES[pick(ADJECTIVES.length)]]),
    priceCents: 500 + pick(9_500),
    altText: title,
    generationState: 'ready',
    creditState: 'spent',
    status: 'saved',
    inReview: 0,
    savedAt: at,
    libraryAddedAt: at,
    createdAt: at,
    updatedAt: at,
  };
}

async function seed(db: Kysely<Database>, sellerId: string, others: string[]): Promise<void> {
  const pick = sequence(42);
  const owners = (i: number) => (i < SELLER_PRODUCTS ? sellerId : others[i % others.length]!);
  for (let start = 0; start < ALL_PRODUCTS; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) =>
      productRow(owners(start + k), start + k, pick),
    );
    await db.insertInto('products').values(rows).execute();
  }
}

/** Sequential requests after 20 warm-ups: p50/p95 of `requests`, each expected to answer 200. */
export async function measure(name: string, requests: number, run: (i: number) => Promise<number>) {
  for (let i = 0; i < 20; i++) await run(i);
  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const status = await run(i);
    if (status !== 200) throw new Error(`${name}: status ${status}`);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.floor((latencies.length - 1) * p)]!.toFixed(2);
  console.log(
    `  ${name.padEnd(44)} p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms`,
  );
}

/** Downloads the export over a socket, counting bytes; samples RSS while it streams. */
async function streamedExport(app: FastifyInstance, cookie: string, origin: string) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  const { bytes, lines } = await new Promise<{ bytes: number; lines: number }>(
    (resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/library/export/shopify`,
          { headers: { cookie, origin } },
          (response) => {
            let bytes = 0;
            let lines = 0;
            response.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
              for (const byte of chunk) if (byte === 10) lines += 1;
              peak = Math.max(peak, process.memoryUsage().rss);
            });
            response.on('end', () => resolve({ bytes, lines }));
            response.on('error', reject);
          },
        )
        .on('error', reject);
    },
  );
  const ms = performance.now() - t0;
  clearInterval(sample);
  console.log(
    `  ${'GET /api/library/export/shopify (10,000)'.padEnd(44)} ${ms.toFixed(0)} ms   ${(bytes / 1e6).toFixed(1)} MB, ${lines} lines   peak RSS +${((peak - before) / 1e6).toFixed(1)} MB`,
  );
}

async function runOn(label: string, env: Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'listsmith-library-bench-'));
  const origin = 'http://localhost:3999';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: origin,
    LOG_LEVEL: 'silent',
    SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
    ...env,
  });
  const { app, database } = await buildApp(config, {
    mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}),
  });
  try {
    const cookie = await signedInBenchUser(app, database.db, origin);
    const others: string[] = [];
    for (let i = 0; i < OTHER_SELLERS; i++) {
      await signedInBenchUser(app, database.db, origin, `bench-other-${i}@example.com`);
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', `bench-other-${i}@example.com`)
        .executeTakeFirstOrThrow();
      others.push(user.id);
    }
    const seller = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'bench@example.com')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('users')
      .set({ planName: 'premium' })
      .where('id', '=', seller.id)
      .execute();
    const t0 = performance.now();
    await seed(database.db, seller.id, others);
    // Statistics and the visibility map (index-only counts), as autovacuum leaves them after
    // such a load.
    if (database.kind === 'postgres') await sql`vacuum analyze products`.execute(database.db);
    console.log(
      `Library (${label}): ${SELLER_PRODUCTS} products of one seller among ${ALL_PRODUCTS}, seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const get = (url: string) => async () =>
      (await app.inject({ url, headers: { cookie } })).statusCode;
    await measure('GET /api/library (first page of 50)', 300, get('/api/library'));
    const first = (await app.inject({ url: '/api/library', headers: { cookie } })).json() as {
      nextCursor: string;
    };
    await measure(
      'GET /api/library (page 2, cursor)',
      300,
      get(`/api/library?cursor=${first.nextCursor}`),
    );
    const searches = [
      'mug',
      'blue cer',
      'cafe creme',
      'BENCH-100821',
      '24.99',
      'workshop',
      'naive brass lamp',
    ];
    for (const q of searches) {
      await measure(`GET /api/library?q=${q}`, 150, get(`/api/library?q=${encodeURIComponent(q)}`));
    }
    // The audit's counts: asked beside the first page, never in its way.
    await measure('GET /api/library/gaps', 100, get('/api/library/gaps'));
    await measure('GET /api/library/gaps?q=mug', 100, get('/api/library/gaps?q=mug'));
    // A narrow term, as a seller typing a SKU asks after each key.
    await measure(
      'GET /api/library/gaps?q=BENCH-100821',
      100,
      get('/api/library/gaps?q=BENCH-100821'),
    );
    await streamedExport(app, cookie, origin);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the local PostgreSQL server (TEST_POSTGRES_URL); null when none answers. */
export async function postgresDatabase(): Promise<BenchDatabase | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `listsmith_bench_${randomUUID().slice(0, 8)}`;
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export async function runLibraryBench(): Promise<void> {
  await runOn('SQLite', {});
  const postgres = await postgresDatabase();
  if (!postgres) {
    console.log('Library (PostgreSQL): skipped, no server at TEST_POSTGRES_URL');
    return;
  }
  try {
    await runOn('PostgreSQL', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.drop();
  }
}
