/**
 * Importing a catalogue at scale (issue 25), in process, on SQLite and (when a local server
 * answers) PostgreSQL: a Shopify product CSV of 1,000 and of 10,000 products POSTed over a real
 * socket as the web sends it (time until it answers, when the products are written and the
 * import is done, and the process's peak RSS growth meanwhile: flat memory means the same
 * growth at both sizes), then a connected store of 10,000 products read from the tests' fake
 * Shopify (in its own process) until 'done', then the library figures of the seller with the
 * 10,000 imported products. The image job is stopped for these: it is measured on its own
 * (import-images-bench.ts).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { CatalogueImport } from '#domain/catalogue-import.js';
import { type BuiltApp } from '#server/app.js';
import { BULK_FROM } from '#server/shopify/store-catalogue.js';
import { runImportImagesBench } from './import-images-bench.js';
import { measure, postgresDatabase } from './library-bench.js';
import { BENCH_ORIGIN as ORIGIN, listeningBenchApp } from './support/bench-app.js';
import { signedInBenchUser } from './support/bench-user.js';
import { postCatalogueFile, writeShopifyCsv } from './support/shopify-csv.js';

const PRODUCTS = 10_000;
const SHOP = 'bench-store.myshopify.com';
const here = path.dirname(fileURLToPath(import.meta.url));

/** The fake Shopify in its own process, its catalogue seeded; resolves to the app's settings. */
async function startFakeStore(): Promise<{ env: Record<string, string>; stop(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'support/fake-shopify-store.ts')],
    {
      env: { ...process.env, BENCH_SHOP: SHOP, BENCH_PRODUCTS: String(PRODUCTS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`fake Shopify exited with ${code}`)));
  });
  return { ...(JSON.parse(first) as { env: Record<string, string> }), stop: () => child.kill() };
}

/** The process's resident memory sampled every 20 ms, as growth over its level at the start. */
function rssGrowth() {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return () => {
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    return `peak RSS +${((peak - before) / 1e6).toFixed(1)} MB`;
  };
}

function row(name: string, figures: string) {
  console.log(`  ${name.padEnd(44)} ${figures}`);
}

async function premiumSeller(built: BuiltApp, email: string): Promise<string> {
  const cookie = await signedInBenchUser(built.app, built.database.db, ORIGIN, email);
  await built.database.db
    .updateTable('users')
    .set({ planName: 'premium' })
    .where('email', '=', email)
    .execute();
  return cookie;
}

async function importFile(baseUrl: string, cookie: string, dir: string, products: number) {
  const file = path.join(dir, `products-${products}.csv`);
  const { bytes, lines } = await writeShopifyCsv(file, products, 'http://127.0.0.1:9/images');
  const memory = rssGrowth();
  const t0 = performance.now();
  const { status, body } = await postCatalogueFile(baseUrl, { cookie, origin: ORIGIN }, file);
  const ms = performance.now() - t0;
  const peak = memory();
  if (status !== 201) throw new Error(`import of ${products}: ${status} ${body.slice(0, 300)}`);
  const result = JSON.parse(body) as CatalogueImport;
  if (result.state !== 'done' || result.created !== products) {
    throw new Error(`import of ${products}: ${result.state}, ${result.created} created`);
  }
  const name = `POST /api/catalogue-imports (${products.toLocaleString('en')} products)`;
  const figures = `${(ms / 1000).toFixed(2)} s to 201 'done'   ${(bytes / 1e6).toFixed(1)} MB, ${lines} lines   ${peak}`;
  return { id: result.id, print: () => row(name, figures) };
}

/** Connects SHOP for the seller through the fake's consent page, as the browser would. */
async function connectStore(built: BuiltApp, cookie: string) {
  const headers = { cookie, origin: ORIGIN };
  const state = await built.app.inject({
    method: 'POST',
    url: '/api/shopify/oauth-state',
    headers,
    payload: { shop: SHOP },
  });
  const { authorizeUrl } = state.json<{ authorizeUrl: string }>();
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') ?? '', ORIGIN);
  const back = await built.app.inject({ url: `${callback.pathname}${callback.search}`, headers });
  if (back.statusCode !== 302) throw new Error(`store connection: ${back.statusCode}`);
}

async function importStore(built: BuiltApp, cookie: string) {
  const headers = { cookie, origin: ORIGIN };
  const memory = rssGrowth();
  const t0 = performance.now();
  const started = await built.app.inject({
    method: 'POST',
    url: '/api/catalogue-imports/shopify',
    headers,
    payload: { shop: SHOP },
  });
  const answered = performance.now() - t0;
  if (started.statusCode !== 202) throw new Error(`store import: ${started.statusCode}`);
  const { id } = started.json<CatalogueImport>();
  // The web's progress poll, once a second, beside the import.
  const poll = setInterval(() => {
    void built.app.inject({ url: `/api/catalogue-imports/${id}`, headers });
  }, 1000);
  await built.catalogueImport.stores.idle();
  const ms = performance.now() - t0;
  clearInterval(poll);
  const peak = memory();
  const done = (
    await built.app.inject({ url: `/api/catalogue-imports/${id}`, headers })
  ).json<CatalogueImport>();
  if (done.state !== 'done' || done.created !== PRODUCTS || done.error) {
    throw new Error(`store import: ${done.state}, ${done.created} created, ${done.error}`);
  }
  row(
    `POST /api/catalogue-imports/shopify (${PRODUCTS.toLocaleString('en')}, ${PRODUCTS > BULK_FROM ? 'bulk' : 'pages'})`,
    `202 in ${answered.toFixed(0)} ms, 'done' at ${(ms / 1000).toFixed(2)} s   ${peak}`,
  );
}

async function runOn(
  label: string,
  env: Record<string, string>,
  shopifyEnv: Record<string, string>,
) {
  const { built, dataDir, baseUrl, close } = await listeningBenchApp('import', {
    ...shopifyEnv,
    ...env,
  });
  try {
    // Products only: the image job (a placeholder or a fetch per product) is measured apart.
    await built.catalogueImport.images.close();
    console.log(`Catalogue import (${label}): Shopify CSV and a connected store`);
    // Unmeasured: the first import loads the code and the taxonomy it takes categories from.
    await importFile(baseUrl, await premiumSeller(built, 'bench-warm@example.com'), dataDir, 100);
    const small = premiumSeller(built, 'bench-small@example.com');
    (await importFile(baseUrl, await small, dataDir, 1000)).print();
    const cookie = await premiumSeller(built, 'bench@example.com');
    const large = await importFile(baseUrl, cookie, dataDir, PRODUCTS);
    large.print();
    const storeCookie = await premiumSeller(built, 'bench-store@example.com');
    await connectStore(built, storeCookie);
    await importStore(built, storeCookie);

    const get = (url: string) => async () =>
      (await built.app.inject({ url, headers: { cookie } })).statusCode;
    await measure(
      'GET /api/catalogue-imports/:id (10,000 items)',
      50,
      get(`/api/catalogue-imports/${large.id}`),
    );
    // As autovacuum leaves the statistics after such a load (library-bench.ts does the same).
    if (built.database.kind === 'postgres') {
      await sql`vacuum analyze products`.execute(built.database.db);
    }
    console.log(`Library (${label}) of the seller with ${PRODUCTS.toLocaleString('en')} imported`);
    await measure('GET /api/library (first page of 50)', 300, get('/api/library'));
    for (const q of ['mug', 'blue cer', 'cafe creme', 'BENCH-100821', 'workshop', 'naive brass']) {
      await measure(`GET /api/library?q=${q}`, 150, get(`/api/library?q=${encodeURIComponent(q)}`));
    }
    await measure('GET /api/library/gaps', 100, get('/api/library/gaps'));
    await measure('GET /api/library/gaps?q=mug', 100, get('/api/library/gaps?q=mug'));
  } finally {
    await close();
  }
}

export async function runImportBench(): Promise<void> {
  const fake = await startFakeStore();
  try {
    await runOn('SQLite', {}, fake.env);
    const postgres = await postgresDatabase();
    if (!postgres) console.log('Catalogue import (PostgreSQL): skipped, no server');
    else {
      try {
        await runOn('PostgreSQL', { DATABASE_URL: postgres.url }, fake.env);
      } finally {
        await postgres.drop();
      }
    }
  } finally {
    fake.stop();
  }
  await runImportImagesBench();
}
