/**
 * What the seller feels, in Chromium at 1366×900 (issue 29): the review screen with 100 cards
 * (until all are on the page, and the longest task), 100 drafts arriving on it, the library
 * at 10,000 products (search: last key to results drawn; holding End: time to the last product),
 * the first draft after choosing photos, and the sign-in page's form.
 * Products are written straight into the database; arrivals are announced on the server's own
 * product event bus, as the generation jobs do. The built web app (`npm run build`) is served by
 * the server under test, in this process; long tasks come from a PerformanceObserver.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Insertable, Kysely } from 'kysely';
import sharp from 'sharp';
import { buildApp, type BuiltApp } from '#server/app.js';
import { toProduct } from '#server/catalog/index.js';
import { loadConfig } from '#server/config.js';
import type { Database, ProductsTable } from '#server/db/schema.js';
import { imageKey } from '#server/images/storage.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { serverReady } from './support/bench-client.js';
import { signedInBenchUser } from './support/bench-user.js';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? '3');
const REVIEW_PRODUCTS = 100;
const LIBRARY_PRODUCTS = 10_000;
/** Time between two drafts announced while 100 arrive (the analyzer's pace is about 3 a second). */
const ARRIVAL_GAP_MS = 40;
// BENCH_WEB_ROOT: another build to compare with (e.g. a copy of main's dist/web).
// BENCH_BROWSER_FRAMES=1: under each review visit and scroll, its long animation frames and the
// scripts that ran in them (the Long Animation Frames API), to see what a long task was.
const SHOW_FRAMES = process.env.BENCH_BROWSER_FRAMES === '1';
const WEB_ROOT = path.resolve(process.env.BENCH_WEB_ROOT ?? 'dist/web');
const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');

/** Collects long tasks and when the page marks things, from the first script on. */
const PAGE_PROBE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__longFrames = [];
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      if (frame.duration < 50) continue;
      window.__longFrames.push({
        start: frame.startTime,
        duration: frame.duration,
        styleAndLayout: frame.startTime + frame.duration - frame.styleAndLayoutStart,
        scripts: frame.scripts.map((script) => ({
          invoker: script.invoker,
          source: script.sourceURL.split('/').pop(),
          duration: script.duration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  window.__lastKey = 0;
  addEventListener('keydown', () => { window.__lastKey = performance.now(); }, true);
`;

interface LongTask {
  start: number;
  duration: number;
}

const KINDS = ['mug', 'vase', 'lamp', 'wallet', 'scarf', 'bowl', 'poster', 'candle', 'jacket'];
const WORDS = ['blue', 'ceramic', 'leather', 'woollen', 'vintage', 'brass', 'linen', 'oak'];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A draft as the local analyzer leaves an unsure one: questions, evidence and guidance. */
function draftColumns(i: number): Partial<Insertable<ProductsTable>> {
  const kind = KINDS[i % KINDS.length]!;
  const word = WORDS[i % WORDS.length]!;
  // Every third has no name: the card asks 'What is this?'.
  const title = i % 3 === 0 ? '' : `${word} ${kind} ${i}`;
  return {
    title,
    description: `A ${word} ${kind} in good condition. Made by hand in a small workshop. Ships wrapped in recycled paper.`,
    priceCents: 1500 + i,
    priceLowCents: 1000,
    priceHighCents: 2500,
    priceBasis: 'similar listings',
    categoryId: 'gid://shopify/TaxonomyCategory/hg-11-8-39',
    categoryFullName:
      'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives',
    categoryConfidence: 0.41,
    categoryAlternatives: JSON.stringify([
      {
        id: 'gid://shopify/TaxonomyCategory/ha-15-20',
        fullName: 'Hardware > Tools > Hammers',
        confidence: 0.3,
      },
      {
        id: 'gid://shopify/TaxonomyCategory/ha-15-3-2',
        fullName: 'Hardware > Tools > Axes > Hatchets',
        confidence: 0.12,
      },
    ]),
    tags: JSON.stringify([kind, word, 'handmade']),
    attributes: JSON.stringify({
      colors: ['blue', 'white'],
      material: word,
      brand: null,
      size: null,
    }),
    altText: `${word} ${kind}`,
    seoTitle: `${word} ${kind}`,
    seoDescription: `A ${word} ${kind}, handmade.`,
    fieldEvidence: JSON.stringify({
      title: { confidence: 0.62, sources: [`looks like: ${kind} (62%)`] },
      price: { confidence: 0.5, sources: ['similar listings'] },
    }),
    guidance: JSON.stringify([
      ...(title ? [] : [{ kind: 'name-product', text: 'Name the product' }]),
      { kind: 'confirm-category', text: 'Confirm the category' },
      { kind: 'add-brand', text: 'Add the brand if it has one' },
    ]),
  };
}

class Harness {
  private constructor(
    readonly built: BuiltApp,
    readonly origin: string,
    readonly browser: Browser,
    private readonly dataDir: string,
    private readonly photo: { display: Buffer; thumb: Buffer },
  ) {}

  static async start(): Promise<Harness> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'listsmith-browser-bench-'));
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: origin,
      LOG_LEVEL: 'silent',
      SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
    });
    const built = await buildApp(config, {
      mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}),
      webRoot: WEB_ROOT,
    });
    await built.app.listen({ host: '127.0.0.1', port });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const source = sharp(path.join(PHOTOS_DIR, 'home-mug-black-yellow.jpg')).rotate();
    const photo = {
      display: await source.clone().resize(1024, 1024, { fit: 'inside' }).jpeg().toBuffer(),
      thumb: await source.clone().resize(400, 400, { fit: 'inside' }).webp().toBuffer(),
    };
    return new Harness(built, origin, browser, dataDir, photo);
  }

  get db(): Kysely<Database> {
    return this.built.database.db;
  }

  /** A premium seller with plenty of credits; returns the id and a signed-in page. */
  async seller(email: string): Promise<{ userId: string; page: Page; close(): Promise<void> }> {
    const cookie = await signedInBenchUser(this.built.app, this.db, this.origin, email);
    await this.db
      .updateTable('users')
      .set({ planName: 'premium', subscriptionCredits: 100_000 })
      .where('email', '=', email)
      .execute();
    const { id } = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // The probes below are strings evaluated in the page, which its content security policy forbids.
    const context = await this.browser.newContext({
      viewport: { width: 1366, height: 900 },
      bypassCSP: true,
    });
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: this.origin };
      }),
    );
    await context.addInitScript(PAGE_PROBE);
    const page = await context.newPage();
    return { userId: id, page, close: () => context.close() };
  }

  /** Products of one seller, each with its own stored photo; returns their ids, newest first. */
  async seed(
    userId: string,
    count: number,
    columns: (i: number) => Partial<Insertable<ProductsTable>>,
    withPhotos: boolean,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 0; start < count; start += 500) {
      const rows: Insertable<ProductsTable>[] = [];
      for (let i = start; i < Math.min(count, start + 500); i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        const imageId = randomUUID();
        rows.push({
          id: randomUUID(),
          userId,
          imageId,
          fileName: `bench-${i}.jpg`,
          photos: JSON.stringify([{ imageId, fileName: `bench-${i}.jpg` }]),
          generationState: 'ready',
          creditState: 'spent',
          createdAt: at,
          updatedAt: at,
          ...columns(i),
        });
      }
      await this.db.insertInto('products').values(rows).execute();
      await this.db
        .insertInto('productPhotos')
        .values(rows.map((row) => ({ imageId: row.imageId, productId: row.id!, userId })))
        .execute();
      if (withPhotos) {
        for (const row of rows) {
          const store = this.built.imageStore;
          await store.put(
            imageKey(userId, row.imageId, 'display'),
            this.photo.display,
            'image/jpeg',
          );
          await store.put(imageKey(userId, row.imageId, 'thumb'), this.photo.thumb, 'image/webp');
        }
      }
      ids.push(...rows.map((row) => row.id!));
    }
    return ids.reverse();
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.built.app.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function longTasks(page: Page, since = 0): Promise<LongTask[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __longTasks: LongTask[] }).__longTasks,
  );
  return all.filter((task) => task.start >= since);
}

interface LongFrame {
  start: number;
  duration: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; duration: number }[];
}

/**
 * The long animation frames since `since`, one line each: the scripts of over 5 ms that ran in
 * it, then its style and layout.
 */
async function printLongFrames(page: Page, since = 0): Promise<void> {
  if (!SHOW_FRAMES) return;
  const frames = await page.evaluate(
    () => (window as unknown as { __longFrames: LongFrame[] }).__longFrames,
  );
  for (const frame of frames.filter((entry) => entry.start >= since)) {
    const scripts = frame.scripts
      .filter((script) => script.duration > 5)
      .map(
        (script) =>
          `${script.invoker.slice(0, 40)} (${script.source}) ${script.duration.toFixed(0)}`,
      );
    console.log(
      `      frame at ${frame.start.toFixed(0)} ms, ${frame.duration.toFixed(0)} ms: ${[...scripts, `style and layout ${frame.styleAndLayout.toFixed(0)}`].join('; ')}`,
    );
  }
}

function describeTasks(tasks: LongTask[]): string {
  const max = Math.max(0, ...tasks.map((task) => task.duration));
  const sum = tasks.reduce((total, task) => total + task.duration, 0);
  return `${tasks.length} long tasks (longest ${max.toFixed(0)} ms, ${sum.toFixed(0)} ms in all)`;
}

function line(label: string, figure: string): void {
  console.log(`  ${label.padEnd(46)} ${figure}`);
}

/**
 * The review list's cards now: how many are on the page, how many are drawn whole (a ready card
 * far from the screen is first its name and photo, `aria-busy` until drawn whole: ADR 029), and
 * whether those on the first screen (the top 900 px) are whole. Checked every frame, so it stays
 * cheap: it measures the rectangles of the first screen's cards only (cards are in reading
 * order), not of all of them, which forced a layout of the whole page in every frame.
 */
const REVIEW_CARDS_NOW = `(() => {
  const list = document.querySelector('ul[aria-label="Products"]');
  if (!list) return { onPage: 0, whole: 0, screenWhole: false };
  const cards = list.getElementsByTagName('article');
  const busy = list.querySelectorAll('article[aria-busy]').length;
  let screenWhole = cards.length > 0;
  for (const card of cards) {
    if (card.getBoundingClientRect().top >= innerHeight) break;
    if (card.hasAttribute('aria-busy')) { screenWhole = false; break; }
  }
  return { onPage: cards.length, whole: cards.length - busy, screenWhole };
})()`;

/**
 * When (page clock, ms) the first screen's cards were whole, all cards were on the page, and all
 * were whole; checked every frame.
 */
async function reviewMilestones(
  page: Page,
): Promise<{ screen: number; shown: number; whole: number }> {
  const at = await page.waitForFunction(
    `(() => {
      const seen = window.__reviewSeen ??= {};
      const now = performance.now();
      const cards = ${REVIEW_CARDS_NOW};
      if (seen.screen === undefined && cards.screenWhole) seen.screen = now;
      if (seen.shown === undefined && cards.onPage >= ${REVIEW_PRODUCTS}) seen.shown = now;
      if (cards.whole < ${REVIEW_PRODUCTS}) return false;
      return { screen: seen.screen ?? now, shown: seen.shown ?? now, whole: now };
    })()`,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await at.jsonValue()) as { screen: number; shown: number; whole: number };
}

/** One load of the review screen, from navigation start to every card drawn whole. */
async function reviewLoad(page: Page, origin: string, label: string): Promise<void> {
  await page.goto(`${origin}/productlibrary`, { waitUntil: 'commit' });
  // Navigation start is 0 on the page's clock.
  const { screen, shown, whole } = await reviewMilestones(page);
  const firstListAt = await page.evaluate(() => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
      (e) => e.name.endsWith('/api/products'),
    );
    return entry ? entry.responseEnd : 0;
  });
  await sleep(1000);
  const tasks = await longTasks(page);
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  line(
    label,
    `all shown ${(shown / 1000).toFixed(2)} s (list arrived ${(firstListAt / 1000).toFixed(2)} s, ${((shown - firstListAt) / 1000).toFixed(2)} s drawing), first screen whole ${(screen / 1000).toFixed(2)} s, all whole ${(whole / 1000).toFixed(2)} s; ${describeTasks(tasks)}; ${elements} elements`,
  );
  await printLongFrames(page);
}

/**
 * The review screen of 100 drafts on a first visit (a new browser profile: nothing cached, every
 * script compiled for the first time), then on a return visit in the same browser, as a seller
 * who opens it again: scripts from the HTTP cache, already compiled.
 */
async function reviewRender(harness: Harness, run: number): Promise<void> {
  const seller = await harness.seller(`bench-review-${run}@example.com`);
  try {
    await harness.seed(seller.userId, REVIEW_PRODUCTS, draftColumns, true);
    await reviewLoad(seller.page, harness.origin, `review, ${REVIEW_PRODUCTS} cards, run ${run}`);
    await reviewLoad(seller.page, harness.origin, `  the same, return visit`);
  } finally {
    await seller.close();
  }
}

async function reviewArrivals(harness: Harness, run: number): Promise<void> {
  const seller = await harness.seller(`bench-arrivals-${run}@example.com`);
  try {
    const ids = await harness.seed(
      seller.userId,
      REVIEW_PRODUCTS,
      () => ({ generationState: 'pending', creditState: 'reserved' }),
      true,
    );
    const { page } = seller;
    await page.goto(`${harness.origin}/productlibrary`);
    await page.waitForFunction(
      `document.querySelectorAll('ul[aria-label="Products"] > li').length >= ${REVIEW_PRODUCTS}`,
    );
    // The event stream is open once the page has refetched the list on its 'open'.
    await sleep(1500);
    const since = await page.evaluate(() => performance.now());
    const t0 = performance.now();
    // Oldest first, as an upload's drafts finish.
    for (const [index, id] of [...ids].reverse().entries()) {
      const row = await harness.db
        .updateTable('products')
        .set({ ...draftColumns(index), generationState: 'ready', creditState: 'spent' })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      harness.built.catalog.events.announce(seller.userId, {
        type: 'product',
        product: toProduct(row),
      });
      await sleep(ARRIVAL_GAP_MS);
    }
    const readyCards = `document.querySelectorAll('ul[aria-label="Products"] > li article:not([aria-busy])').length`;
    const all = await page
      .waitForFunction(`${readyCards} >= ${REVIEW_PRODUCTS}`, undefined, { timeout: 180_000 })
      .then(() => true)
      .catch(() => false);
    const drawn = performance.now() - t0;
    const count = all ? REVIEW_PRODUCTS : Number(await page.evaluate(readyCards));
    await sleep(500);
    const tasks = await longTasks(page, since);
    line(
      `review, ${REVIEW_PRODUCTS} drafts arriving, run ${run}`,
      `${describeTasks(tasks)}; ${count} drawn ${(drawn / 1000).toFixed(2)} s after the first event (one every ${ARRIVAL_GAP_MS} ms)`,
    );
  } finally {
    await seller.close();
  }
}

const LIBRARY_ITEMS = `document.querySelectorAll('[role="list"][aria-label="Products"] [role="listitem"]')`;

function libraryColumns(i: number): Partial<Insertable<ProductsTable>> {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    ...draftColumns(i),
    title: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${KINDS[i % KINDS.length]} BENCH-${100_000 + i}`,
    guidance: '[]',
    categoryConfidence: 0.9,
    categoryConfirmedAt: at,
    status: 'saved',
    inReview: 0,
    savedAt: at,
    libraryAddedAt: at,
  };
}

async function librarySearch(page: Page, origin: string, run: number): Promise<void> {
  await page.goto(`${origin}/library`);
  await page.waitForFunction(`${LIBRARY_ITEMS}.length > 0`);
  const box = page.getByRole('searchbox', { name: 'Search product library' });
  await box.fill('');
  await box.click();
  // BENCH-10082 matches ten products, its last key narrows them to one.
  const target = `BENCH-${100_000 + 821 + run}`;
  await page.keyboard.type(target, { delay: 90 });
  const drawnAt = await page.waitForFunction(
    `(() => { const items = ${LIBRARY_ITEMS}; return items.length === 1 && items[0].querySelector('article')?.getAttribute('aria-label')?.includes('${target}') ? performance.now() : false; })()`,
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const lastKey = await page.evaluate(() => (window as unknown as { __lastKey: number }).__lastKey);
  const since = lastKey;
  await sleep(300);
  const tasks = await longTasks(page, since - 1);
  line(
    `library search at ${LIBRARY_PRODUCTS}, run ${run}`,
    `${(Number(await drawnAt.jsonValue()) - lastKey).toFixed(0)} ms from the last key to the result drawn; ${describeTasks(tasks)}`,
  );
}

async function libraryScroll(page: Page, origin: string, run: number): Promise<void> {
  await page.goto(`${origin}/library`);
  await page.waitForFunction(`${LIBRARY_ITEMS}.length > 0`);
  const since = await page.evaluate(() => performance.now());
  const t0 = performance.now();
  const limitMs = 120_000;
  let reached = 0;
  // The seller holds End: the key repeats about 30 times a second.
  while (performance.now() - t0 < limitMs) {
    await page.keyboard.press('End');
    reached = await page.evaluate(
      `Math.max(0, ...Array.from(${LIBRARY_ITEMS}, (item) => Number(item.getAttribute('aria-posinset'))))`,
    );
    if (reached >= LIBRARY_PRODUCTS) break;
    await sleep(33);
  }
  const ms = performance.now() - t0;
  const tasks = await longTasks(page, since);
  line(
    `library scroll to the end at ${LIBRARY_PRODUCTS}, run ${run}`,
    `${reached >= LIBRARY_PRODUCTS ? `end reached in ${(ms / 1000).toFixed(1)} s` : `reached product ${reached} in ${(ms / 1000).toFixed(0)} s`}; ${describeTasks(tasks)}`,
  );
  await printLongFrames(page, since);
}

/** Real photos from the shared fixtures, `count` of them (repeated when there are fewer). */
function fixturePhotos(count: number): string[] {
  const names = readdirSync(PHOTOS_DIR)
    .filter((name) => /\.jpe?g$/i.test(name))
    .sort();
  return Array.from({ length: count }, (_, i) => path.join(PHOTOS_DIR, names[i % names.length]!));
}

/**
 * From choosing the files on /create to the first drafted card on the review screen: a card
 * still 'Generating…' is aria-busy. The files are chosen once the page has settled (no request
 * for half a second), as a seller's file dialog takes longer than that; the review screen's code
 * is fetched in that time (routes/create.tsx).
 */
async function firstTitle(harness: Harness, email: string, photos: string[]): Promise<number> {
  const seller = await harness.seller(email);
  try {
    const { page } = seller;
    await page.goto(`${harness.origin}/create`, { waitUntil: 'networkidle' });
    const input = page.locator('input[type=file]');
    await input.waitFor({ state: 'attached' });
    const t0 = performance.now();
    await input.setInputFiles(photos);
    await page.waitForFunction(
      `document.querySelectorAll('ul[aria-label="Products"] article:not([aria-busy])').length > 0`,
      undefined,
      { polling: 'raf', timeout: 180_000 },
    );
    return performance.now() - t0;
  } finally {
    await seller.close();
  }
}

async function uploads(harness: Harness): Promise<void> {
  // The first photo once the server is ready: a cold start, then warm ones.
  await serverReady(harness.origin, 60_000);
  const cold = await firstTitle(harness, 'bench-upload-cold@example.com', fixturePhotos(1));
  line('first draft on screen, 1 photo, cold', `${(cold / 1000).toFixed(2)} s`);
  for (let run = 1; run <= RUNS; run++) {
    const warm = await firstTitle(
      harness,
      `bench-upload-warm-${run}@example.com`,
      fixturePhotos(1),
    );
    line(`first draft on screen, 1 photo, warm, run ${run}`, `${(warm / 1000).toFixed(2)} s`);
  }
  const hundred = await firstTitle(harness, 'bench-upload-100@example.com', fixturePhotos(100));
  line('100 photos in one upload: first draft on screen', `${(hundred / 1000).toFixed(2)} s`);
}

/**
 * The sign-in page as a visitor opens it: from navigation to its Email field on screen, on a first
 * visit (a new browser profile) and a return visit (scripts cached and compiled).
 */
async function signIn(harness: Harness, run: number): Promise<void> {
  const context = await harness.browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const formShown = async () => {
      const t0 = performance.now();
      await page.goto(`${harness.origin}/auth/signin`, { waitUntil: 'commit' });
      await page.getByLabel('Email', { exact: true }).waitFor();
      return ((performance.now() - t0) / 1000).toFixed(2);
    };
    const first = await formShown();
    line(
      `sign-in form on screen, run ${run}`,
      `first visit ${first} s, return visit ${await formShown()} s`,
    );
  } finally {
    await context.close();
  }
}

export async function runBrowserBench(): Promise<void> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    console.log('Browser: skipped, no built web app (run `npm run build` first)');
    return;
  }
  const harness = await Harness.start();
  const wanted = (process.env.BENCH_BROWSER ?? 'review,arrivals,library,upload,signin').split(',');
  try {
    console.log('Browser (Chromium 1366×900, the built app served by this process)');
    if (wanted.includes('review')) {
      for (let run = 1; run <= RUNS; run++) await reviewRender(harness, run);
    }
    if (wanted.includes('arrivals')) {
      for (let run = 1; run <= RUNS; run++) await reviewArrivals(harness, run);
    }
    if (wanted.includes('library')) {
      const seller = await harness.seller('bench-library@example.com');
      try {
        const t0 = performance.now();
        await harness.seed(seller.userId, LIBRARY_PRODUCTS, libraryColumns, false);
        console.log(
          `  (${LIBRARY_PRODUCTS} library products seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
        );
        for (let run = 1; run <= RUNS; run++) await librarySearch(seller.page, harness.origin, run);
        for (let run = 1; run <= RUNS; run++) await libraryScroll(seller.page, harness.origin, run);
      } finally {
        await seller.close();
      }
    }
    if (wanted.includes('upload')) await uploads(harness);
    if (wanted.includes('signin')) {
      for (let run = 1; run <= RUNS; run++) await signIn(harness, run);
    }
  } finally {
    await harness.close();
  }
}
