/**
 * The image job of a catalogue import (ADR 042), apart from the products' import: a Shopify CSV
 * of 1,000 products whose images (one, or two on the products with sizes) a local HTTP server
 * answers with a small JPEG, fetched and stored through the upload intake until the job is idle;
 * then the same file without images, where each product gets a plain tile. SQLite, in process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { CatalogueImport } from '#domain/catalogue-import.js';
import { BENCH_ORIGIN as ORIGIN, listeningBenchApp } from './support/bench-app.js';
import { signedInBenchUser } from './support/bench-user.js';
import { postCatalogueFile, writeShopifyCsv } from './support/shopify-csv.js';

const PRODUCTS = 1000;

/** A store's CDN: every path answers the same small JPEG (800×800, as product photos go). */
async function startImageServer(): Promise<{ base: string; close(): Promise<void> }> {
  const jpeg = await sharp({
    create: { width: 800, height: 800, channels: 3, background: '#78716c' },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length });
    response.end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/images`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function runImportImagesBench(): Promise<void> {
  const images = await startImageServer();
  const { built, dataDir, baseUrl, close } = await listeningBenchApp('import-images', {
    IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1',
  });
  try {
    console.log(`Catalogue import images (SQLite): ${PRODUCTS} products, the image job alone`);
    for (const imageBase of [images.base, null]) {
      const email = `bench-${imageBase ? 'images' : 'tiles'}@example.com`;
      const cookie = await signedInBenchUser(built.app, built.database.db, ORIGIN, email);
      await built.database.db
        .updateTable('users')
        .set({ planName: 'premium' })
        .where('email', '=', email)
        .execute();
      const file = path.join(dataDir, `${email}.csv`);
      await writeShopifyCsv(file, PRODUCTS, imageBase);
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sample = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const t0 = performance.now();
      const posted = await postCatalogueFile(baseUrl, { cookie, origin: ORIGIN }, file);
      const answered = performance.now() - t0;
      await built.catalogueImport.images.idle();
      const ms = performance.now() - t0;
      clearInterval(sample);
      const { id } = JSON.parse(posted.body) as CatalogueImport;
      const done = (
        await built.app.inject({ url: `/api/catalogue-imports/${id}`, headers: { cookie } })
      ).json<CatalogueImport>();
      if (done.images.pending !== 0 || done.images.failures.length > 0) {
        throw new Error(`images: ${JSON.stringify(done.images).slice(0, 300)}`);
      }
      const what = imageBase ? `${done.images.fetched} images fetched` : 'a tile each';
      console.log(
        `  ${`${PRODUCTS} products, ${what}`.padEnd(44)} products in ${(answered / 1000).toFixed(2)} s, images done at ${(ms / 1000).toFixed(1)} s (${((PRODUCTS * 1000) / (ms - answered)).toFixed(0)} products/s)   peak RSS +${((peak - before) / 1e6).toFixed(1)} MB`,
      );
    }
  } finally {
    await close();
    await images.close();
  }
}
