import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEncoding, withPublicConfig } from '#server/http/index-page.js';
import { removeTempDirs, startTestApp, tempDir, type TestApp } from './support/harness.js';

afterAll(removeTempDirs);

const indexHtml =
  '<!doctype html><html><head><title>Listsmith</title></head><body><div id="root"></div></body></html>';
// Valid for SUPPORT_EMAIL, and the apostrophe must not end the attribute it is written into.
const supportEmail = "o'brien@shop.example";
const supportMeta = '<meta name="listsmith:support-email" content="o&#39;brien@shop.example" />';

describe('the page the server writes (landing page first load, ADR 017)', () => {
  let h: TestApp;
  beforeAll(async () => {
    const webRoot = await tempDir('listsmith-web-');
    await writeFile(path.join(webRoot, 'index.html'), indexHtml);
    // A stale precompressed copy without the settings must never be sent in the page's place.
    await writeFile(path.join(webRoot, 'index.html.gz'), 'stale');
    h = await startTestApp({ webRoot, env: { SUPPORT_EMAIL: supportEmail } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('sends a signed-out visitor the landing page with the support address written in', async () => {
    const response = await h.client().request({ url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/);
    expect(response.body).toBe(indexHtml.replace('</head>', `${supportMeta}</head>`));
  });

  it('sends a signed-in visitor asking for / to /create, decided from the cookie', async () => {
    const { cookie } = await h.client().register();
    const response = await h
      .client()
      .request({ url: '/', headers: { accept: 'text/html' }, cookie });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/create');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toMatch(/cookie/);

    // Signed out again, the same browser gets the landing page.
    await h.client().signOut(cookie);
    const after = await h.client().request({ url: '/', headers: { accept: 'text/html' }, cookie });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(supportMeta);
  });

  it('writes the settings into the history fallback and the offline copy too', async () => {
    for (const url of ['/privacy', '/index.html']) {
      const response = await h.client().request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(supportMeta);
    }
  });

  it('sends the page compressed as the browser accepts, compressed once at start', async () => {
    const expected = indexHtml.replace('</head>', `${supportMeta}</head>`);
    const br = await h.client().request({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);

    const gzip = await h.client().request({
      url: '/about-data',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
  });
});

describe('withPublicConfig', () => {
  it('escapes what would end the attribute or open a tag', () => {
    const html = withPublicConfig('<head></head>', { supportEmail: '"><script>x</script>&\'' });
    expect(html).toBe(
      '<head><meta name="listsmith:support-email" content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;&#39;" /></head>',
    );
  });

  it('refuses a page with no head to write into, rather than serving it without the settings', () => {
    expect(() =>
      withPublicConfig('<div id="root"></div>', { supportEmail: 'a@b.example' }),
    ).toThrow(/no <\/head>/);
  });
});

describe('pageEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pageEncoding('*')).toBe('br');
    expect(pageEncoding('*, br;q=0')).toBe('gzip');
    expect(pageEncoding('identity')).toBeUndefined();
    expect(pageEncoding(undefined)).toBeUndefined();
  });
});
