/**
 * The landing page as a first-time visitor gets it: the production build served by the real
 * server (compression included), loaded in Debian's Chromium. Prints the JavaScript transferred
 * for `/` (gzip and brotli) and Lighthouse's performance and accessibility scores.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { z } from 'zod';
import { buildApp } from '#server/app.js';
import { loadConfig } from '#server/config.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags playwright.config.ts runs the e2e tests with.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** The page weight the landing page is held to (issue 12). */
const JS_BUDGET_BYTES = 120 * 1024;
const LIGHTHOUSE_RUNS = 3;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** Encoded bytes of every script `/` loads in a fresh browser that accepts only `encoding`. */
async function javascriptTransferred(url: string, encoding: 'gzip' | 'br') {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // No service worker: its precache would add a second, cache-served copy of the shell.
    const context = await browser.newContext({
      serviceWorkers: 'block',
      extraHTTPHeaders: { 'accept-encoding': encoding },
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        })),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const loaded = await Promise.all(scripts);
    const wrongEncoding = loaded.filter((script) => script.encoding !== encoding);
    if (wrongEncoding.length > 0) {
      throw new Error(`${wrongEncoding.length} scripts not sent with content-encoding ${encoding}`);
    }
    return { files: loaded.length, bytes: loaded.reduce((sum, script) => sum + script.bytes, 0) };
  } finally {
    await browser.close();
  }
}

const lighthouseReport = z.object({
  categories: z.object({
    performance: z.object({ score: z.number().nullable() }),
    accessibility: z.object({ score: z.number().nullable() }),
  }),
  audits: z.record(
    z.string(),
    z.object({
      title: z.string(),
      score: z.number().nullable(),
      scoreDisplayMode: z.string(),
      displayValue: z.string().optional(),
    }),
  ),
});

async function lighthouse(url: string) {
  const { stdout } = await promisify(execFile)(
    path.resolve('node_modules/.bin/lighthouse'),
    [
      url,
      `--chrome-path=${CHROMIUM}`,
      `--chrome-flags=--headless ${CHROMIUM_FLAGS.join(' ')}`,
      '--preset=desktop',
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return lighthouseReport.parse(JSON.parse(stdout));
}

const score = (value: number | null) => (value === null ? 'n/a' : String(Math.round(value * 100)));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function runLandingBench(): Promise<void> {
  await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'listsmith-bench-landing-'));
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    // Required in production; the bench hands the app an outbox instead (no mail is sent).
    SMTP_URL: 'smtp://127.0.0.1:1',
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    LOG_LEVEL: 'silent',
  });
  const { app } = await buildApp(config, {
    mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}),
  });
  await app.listen({ host: '127.0.0.1', port });
  try {
    console.log('Landing page (production build, real server, Chromium)');
    const gzip = await javascriptTransferred(`${appUrl}/`, 'gzip');
    const brotli = await javascriptTransferred(`${appUrl}/`, 'br');
    const verdict = gzip.bytes <= JS_BUDGET_BYTES ? 'within' : 'OVER';
    console.log(
      `JavaScript for /                 ${kb(gzip.bytes)} gzip, ${kb(brotli.bytes)} brotli   (${gzip.files} files; ${verdict} the ${kb(JS_BUDGET_BYTES)} budget)`,
    );
    // Scores move with the machine's load; the median of a few runs is the figure.
    const reports = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) reports.push(await lighthouse(`${appUrl}/`));
    const performances = reports.map((r) => r.categories.performance.score ?? 0);
    const median = [...performances].sort((a, b) => a - b)[Math.floor(LIGHTHOUSE_RUNS / 2)]!;
    const report = reports[performances.indexOf(median)]!;
    console.log(
      `Lighthouse (desktop, median of ${LIGHTHOUSE_RUNS}) performance ${score(median)} (runs ${performances.map(score).join(', ')})   accessibility ${score(report.categories.accessibility.score)}`,
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      const audit = report.audits[id];
      if (audit) console.log(`  ${audit.title.padEnd(30)} ${audit.displayValue ?? ''}`);
    }
    const failing = Object.values(report.audits).filter(
      (audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0,
    );
    for (const audit of failing) console.log(`  failing: ${audit.title}`);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
