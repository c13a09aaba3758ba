/**
 * docs/deploy/nginx.conf, run: nginx in front of two real server processes sharing one
 * PostgreSQL database and one bucket (s3rver). Requests reach both processes, live updates pass
 * through unbuffered, and uploads pass up to the limit and are refused above it with the app's
 * message. Always on PostgreSQL, in both server runs (the processes share one database, as in
 * production); skipped only where nginx is missing (scripts/install-system-deps.sh installs
 * Debian's nginx-light).
 */
import { request } from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { createPostgresDatabase, type TestDatabase } from './support/database.js';
import { removeTempDirs, STRONG_PASSWORD, tempDir, uniqueEmail } from './support/harness.js';
import { findNginx, startNginx, type Nginx } from './support/nginx.js';
import { startS3Server, type S3TestServer } from './support/s3-server.js';
import {
  freePort,
  START_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';

const NGINX = findNginx();
const UPLOAD_PATH = '/api/product/generate-product-details-from-image';
/** client_max_body_size of the upload location in docs/deploy/nginx.conf. */
const NGINX_UPLOAD_LIMIT = 1001 * 1024 * 1024;
/** An event counts as unbuffered if it arrives this soon after the upload that caused it. */
const PROMPT_MS = 2_000;

/** A PNG just under 10 MB (stored, not compressed): the largest file the app accepts. */
async function largestPhoto(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1868, height: 1866, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeLessThanOrEqual(MAX_FILE_BYTES);
  expect(png.length).toBeGreaterThan(MAX_FILE_BYTES - 64 * 1024);
  return png;
}

interface EventReader {
  /** Resolves with the time the pattern first appeared in the stream; rejects after `ms`. */
  waitFor(pattern: string, ms: number): Promise<number>;
  close(): void;
}

async function openEvents(url: string, cookie: string): Promise<EventReader> {
  const controller = new AbortController();
  const response = await fetch(`${url}/api/products/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const seen = new Map<string, number>();
  const wanted = new Set<string>();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
      for (const pattern of wanted)
        if (!seen.has(pattern) && text.includes(pattern)) seen.set(pattern, Date.now());
    }
  })().catch(() => {});
  return {
    async waitFor(pattern, ms) {
      wanted.add(pattern);
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (!seen.has(pattern) && text.includes(pattern)) seen.set(pattern, Date.now());
        const at = seen.get(pattern);
        if (at !== undefined) return at;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`no "${pattern}" within ${ms} ms; the stream so far:\n${text}`);
    },
    close: () => controller.abort(),
  };
}

/** Declares `declaredBytes` and sends none: nginx decides from the header alone. */
function oversizedUpload(url: string, cookie: string, declaredBytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: url,
        'content-type': 'multipart/form-data; boundary=listsmith',
        'content-length': String(declaredBytes),
      },
    });
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

// Skipped only where nginx is missing (the name says so in the report).
const title = NGINX
  ? 'nginx in front of two server processes'
  : 'nginx in front of two server processes (skipped: no nginx; scripts/install-system-deps.sh installs nginx-light)';

describe.skipIf(!NGINX)(title, () => {
  let database: TestDatabase;
  let s3: S3TestServer;
  let servers: ServerProcess[] = [];
  let nginx: Nginx;
  let url: string;
  let cookie: string;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startS3Server();
    const bucket = await s3.createBucket();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: await tempDir(),
      ...database.env,
      ...s3.env(bucket),
      APP_URL: url,
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'deploy-test-secret-0123456789-abcdefghijklmnop',
      // Generation is not under test: an unreachable provider fails (and refunds) at once.
      VISION_PROVIDER: 'openai',
      VISION_BASE_URL: 'http://127.0.0.1:9/v1',
      VISION_MODEL: 'none',
      VISION_MAX_RETRIES: '0',
    };
    // One after the other: the first migrates the fresh database.
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const upstreams = servers.map((server) => new URL(server.url).host) as [string, string];
    nginx = await startNginx({ binary: NGINX!, prefix: await tempDir(), port, upstreams });

    const email = uniqueEmail('deploy');
    const json = { 'content-type': 'application/json', origin: url };
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: STRONG_PASSWORD, name: 'deploy' }),
    });
    expect(signUp.status).toBe(200);
    client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    // The confirmation mail is not under test here; the uploads need a few credits.
    await client.query(
      'update users set "emailVerified" = true, "fixedCredits" = 10 where email = $1',
      [email],
    );
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: STRONG_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.startsWith('listsmith.session_token='))!;
    expect(cookie).toBeDefined();
  }, 3 * START_TIMEOUT_MS);

  afterAll(async () => {
    await nginx?.stop();
    await client?.end();
    await Promise.all(servers.map((server) => server.stop('SIGTERM', 10_000)));
    servers = [];
    await database?.drop();
    await s3?.stop();
    await removeTempDirs();
  }, 30_000);

  const lastLine = (log: string) => log.trimEnd().split('\n').at(-1) ?? '';
  /**
   * nginx writes a request's line once it has done with the request: for an upload answered
   * before its body was read, after the rest of the body, which may be after the client has
   * the answer.
   */
  const loggedLast = (pattern: RegExp) =>
    vi.waitFor(async () => expect(lastLine(await nginx.accessLog())).toMatch(pattern), {
      timeout: 5_000,
    });
  const upstreamsIn = (log: string) =>
    new Set([...log.matchAll(/upstream=(\S+)/g)].map((match) => match[1]));

  it('spreads requests over both processes', async () => {
    const before = (await nginx.accessLog()).length;
    for (let i = 0; i < 10; i += 1) {
      expect((await fetch(`${url}/api/user/profile`, { headers: { cookie } })).status).toBe(200);
    }
    const log = (await nginx.accessLog()).slice(before);
    expect(upstreamsIn(log)).toEqual(new Set(servers.map((server) => new URL(server.url).host)));
  });

  it('delivers live updates at once, unbuffered', async () => {
    // Two streams, one on each process (round-robin): whichever process takes the upload
    // publishes its events to a stream it holds.
    const streams = [await openEvents(url, cookie), await openEvents(url, cookie)];
    try {
      for (const stream of streams) await stream.waitFor(': connected', PROMPT_MS);
      const form = new FormData();
      const photo = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#3366cc' },
      })
        .jpeg()
        .toBuffer();
      form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
      const upload = await fetch(`${url}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: { cookie, origin: url },
        body: form,
      });
      expect(upload.status, await upload.clone().text()).toBe(202);
      const answered = Date.now();
      const first = await Promise.any(
        streams.map((stream) => stream.waitFor('event: product', PROMPT_MS)),
      );
      expect(first - answered).toBeLessThan(PROMPT_MS);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('passes uploads above 10 MB in all and refuses larger files with the app’s message', async () => {
    // Two of the largest files the app takes: a request well over 10 MB that must get through.
    const largest = new Uint8Array(await largestPhoto());
    const form = new FormData();
    for (const name of ['big-1.png', 'big-2.png']) {
      form.append('images', new Blob([largest], { type: 'image/png' }), name);
    }
    const accepted = await fetch(`${url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { cookie, origin: url },
      body: form,
    });
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    expect(((await accepted.json()) as { results: unknown[] }).results).toHaveLength(2);

    // One byte over the app's per-file limit: nginx passes it, the app refuses it.
    const tooBig = new FormData();
    tooBig.append(
      'images',
      new Blob([new Uint8Array(MAX_FILE_BYTES + 1)], { type: 'image/png' }),
      'big.png',
    );
    const refused = await fetch(`${url}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: { cookie, origin: url },
      body: tooBig,
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ error: UPLOAD_MESSAGES.fileTooLarge });
    await loggedLast(/ 413 .*upstream=127\.0\.0\.1:\d+ /);

    // Over nginx's whole-request limit: refused before a byte is read, in the app's shape.
    const overLimit = await oversizedUpload(url, cookie, NGINX_UPLOAD_LIMIT + 1);
    expect(overLimit.status).toBe(413);
    expect(JSON.parse(overLimit.body)).toEqual({
      error: UPLOAD_MESSAGES.fileTooLarge,
      code: 'too-large',
    });
    // Answered by nginx: no process was asked.
    await loggedLast(/ 413 .*upstream=- /);
    // Other routes keep the app's 1 MB body limit.
    const bigJson = await fetch(`${url}/api/user/settings`, {
      method: 'PUT',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(bigJson.status).toBe(413);
  });
});
