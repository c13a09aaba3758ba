import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from './support/database.js';
import { APP_URL, removeTempDirs, startTestApp, tempDir, type TestApp } from './support/harness.js';

// Web roots and outbox folders made directly by this file (apps remove their own).
afterAll(removeTempDirs);

describe('HTTP frame', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the health check with the database kind', async () => {
    const response = await h.client().request({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: usingPostgres ? 'postgres' : 'sqlite',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('tells the browser the configured support address and nothing secret', async () => {
    const custom = await startTestApp({ env: { SUPPORT_EMAIL: 'help@shop.example' } });
    try {
      const response = await custom.client().request({ url: '/api/public-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ supportEmail: 'help@shop.example' });
    } finally {
      await custom.close();
    }
  });

  it('sends security headers on API responses and pages', async () => {
    for (const url of ['/api/health', '/some/page']) {
      const response = await h.client().request({ url, headers: { accept: 'text/html' } });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Plain http APP_URL: no upgrade-insecure-requests, no HSTS.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('refuses a JSON body over 1 MB with 413 before touching the database', async () => {
    const big = JSON.stringify({
      email: 'big@example.com',
      password: 'Sunflower42',
      name: 'x'.repeat(1024 * 1024),
    });
    const client = h.client();
    const response = await client.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty('error');
    expect(await h.userByEmail('big@example.com')).toBeUndefined();

    const own = await client.request({
      method: 'DELETE',
      url: '/api/user/profile',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(own.statusCode).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const response = await h.client().request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: JSON.stringify({
        email: 'nobody@example.com',
        password: 'x'.repeat(1000 * 1000),
      }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('answers unknown API paths with a JSON 404, even when the client accepts HTML', async () => {
    for (const url of ['/api/unknown', '/api/user/nothing-here', '/api/auth/no-such-endpoint']) {
      const response = await h.client().request({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
    const post = await h.client().request({ method: 'POST', url: '/api/unknown', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: 'Not found' });
  });

  it('serves the same over a real socket on 127.0.0.1', async () => {
    const served = await startTestApp();
    try {
      const address = await served.app.listen({ host: '127.0.0.1', port: 0 });
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const health = await fetch(`${address}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok' });

      const unknown = await fetch(`${address}/api/unknown`, { headers: { accept: 'text/html' } });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'Not found' });

      const tooBig = await fetch(`${address}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL },
        body: JSON.stringify({ email: 'big@example.com', name: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(tooBig.status).toBe(413);

      const email = `socket-${Date.now()}@example.com`;
      const signUp = await fetch(`${address}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL },
        body: JSON.stringify({ email, password: 'Sunflower42', name: 'socket' }),
      });
      expect(signUp.status).toBe(200);
      expect(await served.userByEmail(email)).toBeDefined();
      expect(await served.mailsTo(email)).toHaveLength(1);
    } finally {
      await served.close();
    }
  });

  it('says the web app is not built when there is no index.html', async () => {
    const response = await h
      .client()
      .request({ url: '/some/page', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('SPA fallback with a built web app', () => {
  let h: TestApp;
  const indexHtml =
    '<!doctype html><html><head></head><body><div id="root">Listsmith SPA</div></body></html>';
  beforeAll(async () => {
    const webRoot = await tempDir('listsmith-web-');
    await writeFile(path.join(webRoot, 'index.html'), indexHtml);
    await mkdir(path.join(webRoot, 'assets'));
    await writeFile(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app");');
    h = await startTestApp({ webRoot });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('returns index.html for an unknown page that accepts HTML', async () => {
    const response = await h.client().request({
      url: '/some/page?tab=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(
      indexHtml.replace(
        '</head>',
        '<meta name="listsmith:support-email" content="support@listsmith.app" /></head>',
      ),
    );
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await h.client().request({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths and non-HTML requests as JSON 404', async () => {
    const api = await h.client().request({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });

    const script = await h
      .client()
      .request({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    expect(script.json()).toEqual({ error: 'Not found' });
  });

  it('does not let a state-changing API call from another site through', async () => {
    const response = await h.client().request({
      method: 'POST',
      url: '/api/unknown',
      payload: {},
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-site request refused' });
    expect(APP_URL).not.toBe('https://evil.example');
  });
});
