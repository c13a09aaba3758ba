/**
 * Improve on 500 imported products (issue 25, ADR 048), with the embedded default provider (the
 * offline local analyzer, in its worker threads), SQLite, in process: a Shopify CSV of 500
 * products is imported and its images (the shared fixture photos, served by a local HTTP
 * server) fetched; then one Improve run, 'rewrite' of description, SEO, alt text and tags, on
 * every product ('Select all'), so each product is one analyzer call. Printed: the time until
 * the run is done and products per second, and the latency of GET /api/user/profile probed
 * every PACE_MS over loopback (as the hostile bench measures it) on the idle server and while
 * the run goes, with the web's once-a-second progress poll beside it.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImproveRun } from '#domain/improve-run.js';
import type { BuiltApp } from '#server/app.js';
import { BENCH_ORIGIN as ORIGIN, listeningBenchApp } from './support/bench-app.js';
import { signedInBenchUser } from './support/bench-user.js';
import { postCatalogueFile, writeShopifyCsv } from './support/shopify-csv.js';

const PRODUCTS = 500;
const PACE_MS = 10;
const IDLE_WINDOW_MS = 5_000;
const PHOTOS = path.resolve(process.cwd(), '../shared/fixtures/photos');

/** A store's CDN: each path answers one of the fixture photos, the same one for the same path. */
async function startPhotoServer(): Promise<{ base: string; close(): Promise<void> }> {
  const photos = readdirSync(PHOTOS)
    .filter((name) => name.endsWith('.jpg'))
    .map((name) => readFileSync(path.join(PHOTOS, name)));
  const server = http.createServer((request, response) => {
    let hash = 0;
    for (const char of request.url ?? '') hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    const photo = photos[hash % photos.length]!;
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
    response.end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/images`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** GET `url` every PACE_MS until `done` resolves; the latencies in ms. */
async function probe(baseUrl: string, cookie: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  for (let next = performance.now(); !done(); next += PACE_MS) {
    await sleep(Math.max(0, next - performance.now()));
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/user/profile`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`profile answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

function percentiles(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.floor((sorted.length - 1) * p)]!.toFixed(1);
  return `${sorted.length} requests  p50 ${pct(0.5)} ms  p99 ${pct(0.99)} ms  max ${pct(1)} ms`;
}

async function premiumSeller(built: BuiltApp, email: string): Promise<string> {
  const cookie = await signedInBenchUser(built.app, built.database.db, ORIGIN, email);
  await built.database.db
    .updateTable('users')
    .set({ planName: 'premium', fixedCredits: PRODUCTS * 2 })
    .where('email', '=', email)
    .execute();
  return cookie;
}

async function importProducts(built: BuiltApp, baseUrl: string, cookie: string, count: number) {
  const file = path.join(tmpdir(), `listsmith-improve-bench-${count}-${process.pid}.csv`);
  const photos = await startPhotoServer();
  try {
    await writeShopifyCsv(file, count, photos.base);
    const posted = await postCatalogueFile(baseUrl, { cookie, origin: ORIGIN }, file);
    if (posted.status !== 201) throw new Error(`import: ${posted.status}`);
    await built.catalogueImport.images.idle();
  } finally {
    rmSync(file, { force: true });
    await photos.close();
  }
}

async function improveAll(built: BuiltApp, baseUrl: string, cookie: string): Promise<ImproveRun> {
  const headers = { cookie, origin: ORIGIN, 'content-type': 'application/json' };
  const response = await fetch(`${baseUrl}/api/library/improve-runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      selection: { kind: 'search', q: '' },
      fields: ['description', 'seo', 'altText', 'tags'],
      mode: 'rewrite',
    }),
  });
  if (response.status !== 202) throw new Error(`improve: ${response.status}`);
  const { id } = (await response.json()) as ImproveRun;
  // The web's progress poll, once a second, beside the run.
  const poll = setInterval(() => {
    void fetch(`${baseUrl}/api/library/improve-runs/${id}`, { headers: { cookie } }).then((r) =>
      r.arrayBuffer(),
    );
  }, 1000);
  await built.library.improveRuns.idle();
  clearInterval(poll);
  const done = await fetch(`${baseUrl}/api/library/improve-runs/${id}`, { headers: { cookie } });
  return (await done.json()) as ImproveRun;
}

export async function runImproveBench(): Promise<void> {
  const { built, baseUrl, close } = await listeningBenchApp('improve', {
    IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1',
  });
  try {
    console.log(`Improve (SQLite, offline analyzer): ${PRODUCTS} imported products, one run`);
    // Unmeasured: the analyzer's models load on the first products.
    const warm = await premiumSeller(built, 'bench-improve-warm@example.com');
    await importProducts(built, baseUrl, warm, 5);
    await improveAll(built, baseUrl, warm);

    const cookie = await premiumSeller(built, 'bench-improve@example.com');
    await importProducts(built, baseUrl, cookie, PRODUCTS);
    const idleUntil = performance.now() + IDLE_WINDOW_MS;
    const idle = await probe(baseUrl, cookie, () => performance.now() > idleUntil);

    let running = true;
    const t0 = performance.now();
    const [run, busy] = await Promise.all([
      improveAll(built, baseUrl, cookie).finally(() => {
        running = false;
      }),
      probe(baseUrl, cookie, () => !running),
    ]);
    const seconds = (performance.now() - t0) / 1000;
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    if (run.state !== 'done' || run.done !== PRODUCTS) {
      throw new Error(`improve run: ${run.state}, ${run.done} of ${run.total}`);
    }
    const row = (name: string, figures: string) => console.log(`  ${name.padEnd(40)} ${figures}`);
    row(
      `run of ${PRODUCTS} (rewrite, 4 fields)`,
      `${seconds.toFixed(1)} s, ${(PRODUCTS / seconds).toFixed(1)} products/s   ${run.improved} improved, ${run.unchanged} unchanged, ${run.failed} failed, ${run.charged} credits`,
    );
    row('GET /api/user/profile, idle', percentiles(idle));
    row('GET /api/user/profile, during the run', `${percentiles(busy)}   load ${load}`);
  } finally {
    await close();
  }
}
