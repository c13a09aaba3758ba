import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_CHUNKS_FILE, firstScreenPage } from '#server/http/first-screen-pages.js';
import { removeTempDirs, startTestApp, tempDir, type TestApp } from './support/harness.js';

afterAll(removeTempDirs);

const indexHtml =
  '<!doctype html><html><head><title>Listsmith</title><script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b2.js"></head><body><div id="root"></div></body></html>';
const chunks = {
  '/productlibrary': ['/assets/app-layout-c3.js', '/assets/product-review-d4.js'],
  '/create': ['/assets/app-layout-c3.js', '/assets/create-e5.js'],
  '/auth/signin': ['/assets/signin-f6.js'],
};
const preload = (href: string) => `<link rel="modulepreload" crossorigin href="${href}" />`;
const readAhead = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}" />`;

describe("a signed-in screen's first page (ADR 052)", () => {
  let h: TestApp;
  beforeAll(async () => {
    const webRoot = await tempDir('listsmith-web-');
    await writeFile(path.join(webRoot, 'index.html'), indexHtml);
    await writeFile(path.join(webRoot, FIRST_SCREEN_CHUNKS_FILE), JSON.stringify(chunks));
    h = await startTestApp({ webRoot });
  });
  afterAll(async () => {
    await h?.close();
  });

  it("asks for the review's reads before the entry script and names its chunks after the entry's own", async () => {
    const response = await h.client().request({
      url: '/productlibrary?upload=1',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    const page = brotliDecompressSync(response.rawPayload).toString();
    const at = (text: string) => page.indexOf(text);
    expect(at(readAhead('/api/auth/get-session'))).toBeGreaterThan(0);
    expect(at(readAhead('/api/auth/get-session'))).toBeLessThan(at('<script'));
    expect(at(readAhead('/api/products'))).toBeLessThan(at('<script'));
    expect(at(preload('/assets/product-review-d4.js'))).toBeGreaterThan(
      at('href="/assets/react-b2.js"'),
    );
    expect(at(preload('/assets/product-review-d4.js'))).toBeLessThan(at('</head>'));
    expect(page).not.toContain('create-e5.js');
  });

  it("gives sign-in's page its session read and its code (ADR 053)", async () => {
    const signin = await h.client().request({
      url: '/auth/signin',
      headers: { accept: 'text/html' },
    });
    expect(signin.body).toContain(readAhead('/api/auth/get-session'));
    expect(signin.body).toContain(preload('/assets/signin-f6.js'));
    expect(signin.body).not.toContain('/assets/app-layout-c3.js');
  });

  it('names only the session read on /create, and nothing on the landing page or other pages', async () => {
    const create = await h.client().request({ url: '/create', headers: { accept: 'text/html' } });
    expect(create.body).toContain(readAhead('/api/auth/get-session'));
    expect(create.body).not.toContain(readAhead('/api/products'));
    expect(create.body).toContain(preload('/assets/create-e5.js'));

    for (const url of ['/', '/privacy', '/index.html', '/library']) {
      const response = await h.client().request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('rel="preload"');
      expect(response.body).not.toContain('/assets/app-layout-c3.js');
    }
  });

  it('keeps the list of chunks to itself', async () => {
    const response = await h.client().request({ url: `/${FIRST_SCREEN_CHUNKS_FILE}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('firstScreenPage', () => {
  it('refuses a page with no entry script in its head rather than serving it without', () => {
    expect(() =>
      firstScreenPage('<head></head><body><script src="/x.js"></script></body>', '/create', []),
    ).toThrow(/no entry script/);
  });
});
