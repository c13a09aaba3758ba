import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startTestApp, tempDir, type TestApp } from './support/harness.js';

afterAll(removeTempDirs);

/** Minified-looking script text, well over the 1 KB below which nothing is compressed. */
const script = Array.from({ length: 200 }, (_, i) => `export const value${i}="listsmith";`).join(
  '',
);

describe('response compression', () => {
  let h: TestApp;
  let cookie: string;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await tempDir('listsmith-web-');
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><head></head><div id="root"></div>',
    );
    await mkdir(path.join(webRoot, 'assets'));
    await mkdir(path.join(webRoot, 'gallery'));
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), script);
    // A build's precompressed copy (vite.config.ts writes one beside each text file).
    await writeFile(path.join(webRoot, 'assets', 'built-def456.js'), script);
    await writeFile(path.join(webRoot, 'assets', 'built-def456.js.br'), brotliCompressSync(script));
    await writeFile(path.join(webRoot, 'gallery', 'mug.webp'), randomBytes(8 * 1024));
    h = await startTestApp({ webRoot, sseHeartbeatMs: 60_000 });
    ({ cookie } = await h.client().register());
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends a script gzip- or brotli-encoded, as the browser accepts', async () => {
    const url = '/assets/app-abc123.js';
    const gzip = await h.client().request({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    expect(gzip.rawPayload.length).toBeLessThan(script.length / 4);

    const br = await h.client().request({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const plain = await h.client().request({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("sends the build's precompressed copy when there is one", async () => {
    const response = await h.client().request({
      url: '/assets/built-def456.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('compresses a JSON reply', async () => {
    const response = await h.client().request({
      url: '/api/taxonomy/categories?q=shirt',
      cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const json = gunzipSync(response.rawPayload).toString();
    expect(json.length).toBeGreaterThan(1024);
    expect(JSON.parse(json).categories.length).toBeGreaterThan(0);
  });

  it('sends photos as they are: they are compressed already', async () => {
    const response = await h.client().request({
      url: '/gallery/mug.webp',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(8 * 1024);
  });

  it('never compresses the event stream, whose events must arrive one by one', async () => {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as AddressInfo;
    const { headers, firstChunk } = await new Promise<{
      headers: IncomingHttpHeaders;
      firstChunk: string;
    }>((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${port}/api/products/events`,
        { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' }, agent: false },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            resolve({ headers: response.headers, firstChunk: chunk.toString() });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
    });
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
    // Plain text straight away, not a compressor's buffered output.
    expect(firstChunk).toBe(': connected\n\n');
  });
});
