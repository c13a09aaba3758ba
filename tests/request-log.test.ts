import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readableLogStream } from '#server/http/request-log.js';
import { startTestApp, type TestApp } from './support/harness.js';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('request log', () => {
  it('writes one JSON line per request, with the request fields and no query string', async () => {
    const h = await startTestApp();
    apps.push(h);
    h.logs.length = 0;
    await h.client().request({ url: '/api/health' });
    await h.client().request({ url: '/api/auth/verify-email?token=one-time-secret' });

    const lines = h.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/),
      req: { method: 'GET', url: '/api/health' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(lines[1]!.msg).toMatch(/^GET \/api\/auth\/verify-email\?\[redacted\] \d{3} \d+ ms$/);
    expect(h.logs.join('')).not.toContain('one-time-secret');
  });

  it('in development, shows each request as one readable line', async () => {
    const h = await startTestApp();
    apps.push(h);
    h.logs.length = 0;
    await h.client().request({ url: '/api/health' });

    // The development formatter, fed the lines the app wrote.
    const terminal = new PassThrough();
    const written: string[] = [];
    terminal.on('data', (chunk: Buffer) => written.push(chunk.toString()));
    const readable = readableLogStream(terminal);
    for (const line of h.logs) readable.write(line);
    await new Promise((resolve) => setImmediate(resolve));

    const lines = written.join('').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    // Colour codes aside: time, level and the request's method, path, status and duration.
    // eslint-disable-next-line no-control-regex
    const plain = lines[0]!.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \d+ ms$/);
  });
});
