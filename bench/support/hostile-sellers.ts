/**
 * Issue 28's slow and greedy neighbours for the `hostile` bench section: a seller who combines
 * and splits their drafts in a loop (the credit-minting probe's moves), and uploads that meet an
 * S3 endpoint which accepts connections and never answers (S3_TIMEOUT_MS bounds each call).
 */
import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchServer } from './bench-client.js';
import type { HostileOutcome } from './hostile-uploads.js';

const UPLOAD_PATH = '/api/product/generate-product-details-from-image';
const PHOTOS_DIR = path.resolve(process.cwd(), '../shared/fixtures/photos');
const PHOTOS = ['toys-football.jpg', 'toys-rubiks-cube.jpg', 'toys-skateboard.jpg'];

/** A TCP server that takes every connection and never says a word: a stalled S3. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function timed(
  kind: string,
  request: () => Promise<Response>,
): Promise<HostileOutcome & { body: unknown }> {
  const started = performance.now();
  try {
    const response = await request();
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { kind, status: response.status, ms: performance.now() - started, body };
  } catch {
    return { kind, status: 0, ms: performance.now() - started, body: undefined };
  }
}

/** Uploads the fixture photos as one seller; answers the upload's outcome and product ids. */
export async function uploadPhotos(server: BenchServer, cookie: string, kind = 'upload') {
  const form = new FormData();
  for (const name of PHOTOS) {
    form.append('images', new Blob([readFileSync(path.join(PHOTOS_DIR, name))]), name);
  }
  const outcome = await timed(kind, () =>
    fetch(`${server.baseUrl}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { cookie, origin: server.origin },
      body: form,
    }),
  );
  const results = (outcome.body as { results?: { id: string }[] } | undefined)?.results ?? [];
  return { outcome, ids: results.map((product) => product.id) };
}

function post(server: BenchServer, cookie: string, url: string, payload?: unknown) {
  return fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      cookie,
      origin: server.origin,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
}

/**
 * One seller's drafts combined into one and split apart again, over and over, until `until`:
 * every answer (including the analyzer budget's 429s) is one outcome.
 */
export async function combineSplitLoop(
  server: BenchServer,
  cookie: string,
  until: number,
): Promise<HostileOutcome[]> {
  const outcomes: HostileOutcome[] = [];
  const { outcome, ids } = await uploadPhotos(server, cookie);
  outcomes.push(outcome);
  let products = ids;
  while (performance.now() < until && products.length >= 2) {
    const combined = await timed('combine', () =>
      post(server, cookie, '/api/products/combine', { productIds: products }),
    );
    outcomes.push(combined);
    // Drafts still pending (or a refusal): try again shortly rather than in a tight loop.
    if (combined.status !== 200) await sleep(50);
    const kept = (combined.body as { product?: { id: string } } | undefined)?.product?.id;
    const target = kept ?? products[0]!;
    const split = await timed('split', () => post(server, cookie, `/api/product/${target}/split`));
    outcomes.push(split);
    const parts = (split.body as { products?: { id: string }[] } | undefined)?.products;
    if (parts && parts.length >= 2) products = parts.map((product) => product.id);
  }
  return outcomes;
}

/** Sellers uploading photos one after another into the stalled store until `until`. */
export async function stalledStoreUploads(
  server: BenchServer,
  until: number,
): Promise<HostileOutcome[]> {
  const outcomes: HostileOutcome[] = [];
  await Promise.all(
    server.otherCookies.map(async (cookie) => {
      while (performance.now() < until) {
        outcomes.push((await uploadPhotos(server, cookie, 'upload into stalled S3')).outcome);
      }
    }),
  );
  return outcomes;
}
