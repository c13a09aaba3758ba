/** Shared by the catalogue import tests: the fixture files, uploads, and a local image server. */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { CatalogueImport } from '#domain/catalogue-import.js';
import type { Account } from '../products/support.js';
import type { TestApp } from '../support/harness.js';
import { multipartBody } from '../support/multipart.js';

export const CSV_DIR = path.resolve(process.cwd(), '../shared/fixtures/csv');
export const PHOTOS_DIR = path.resolve(process.cwd(), '../shared/fixtures/photos');

export const FIXTURES = {
  shopify2019: 'shopify_template_2019_47col__umsu2.csv',
  shopify2021: 'shopify_template_2021_48col__MaximeLaroche.csv',
  shopify2023: 'shopify_template_2023_48col_markets__yavuztopsever.csv',
  squarespace: 'squarespace_import_test_26col__ohiobarn.csv',
} as const;

export function fixture(name: string): Buffer {
  return readFileSync(path.join(CSV_DIR, name));
}

export function importFile(a: Account, name: string, data: Buffer | string) {
  const { body, contentType } = multipartBody([
    { name, data: Buffer.from(data), type: 'text/csv', field: 'file' },
  ]);
  return a.client.request({
    method: 'POST',
    url: '/api/catalogue-imports',
    payload: body,
    headers: { 'content-type': contentType },
    cookie: a.cookie,
  });
}

/** POST expecting 201. */
export async function imported(a: Account, name: string, data: Buffer | string) {
  const response = await importFile(a, name, data);
  if (response.statusCode !== 201) {
    throw new Error(`import answered ${response.statusCode}: ${response.body}`);
  }
  return response.json<CatalogueImport>();
}

/** The import once its images were all tried. */
export async function afterImages(h: TestApp, a: Account, id: string): Promise<CatalogueImport> {
  await h.catalogueImport.images.idle();
  const response = await a.client.request({
    url: `/api/catalogue-imports/${id}`,
    cookie: a.cookie,
  });
  return response.json<CatalogueImport>();
}

export async function productsOf(h: TestApp, userId: string) {
  return h.db
    .selectFrom('products')
    .innerJoin('productSources', 'productSources.productId', 'products.id')
    .selectAll('products')
    .select([
      'productSources.sourceKey',
      'productSources.format',
      'productSources.fileName as sourceFile',
    ])
    .where('products.userId', '=', userId)
    .orderBy('products.batchPosition')
    .execute();
}

export interface ImageServer {
  url: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/**
 * Serves a real photo at /photo.jpg, and the cases a fetch must refuse: a redirect to a
 * loopback address, an oversize body, a slow one, a 404.
 */
export async function startImageServer(): Promise<ImageServer> {
  const photo = readFileSync(path.join(PHOTOS_DIR, 'accessories-belt-leather.jpg'));
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    requests.push(url.pathname);
    const port = (server.address() as AddressInfo).port;
    switch (url.pathname) {
      case '/photo.jpg':
      case '/second.jpg':
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
        return;
      case '/redirect-to-photo':
        response.writeHead(302, { location: '/photo.jpg' }).end();
        return;
      case '/redirect-to-loopback':
        response.writeHead(302, { location: `http://127.0.0.2:${port}/photo.jpg` }).end();
        return;
      case '/redirect-to-file':
        response.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return;
      case '/oversize':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        // No content-length: the cap must hold while reading, not only on the header.
        for (let i = 0; i < 12; i += 1) response.write(Buffer.alloc(1024 * 1024, 1));
        response.end();
        return;
      case '/slow':
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.write(photo.subarray(0, 100));
        setTimeout(() => response.end(photo.subarray(100)), 5_000).unref();
        return;
      case '/not-an-image':
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>hello</html>');
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
