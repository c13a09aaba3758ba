/**
 * The server process stopped while the embedded analyzer holds its models in worker threads,
 * once idle and once in the middle of a photo: the threads must release their onnxruntime
 * sessions and end before the process exits, or Node aborts in native code ('terminate called
 * after throwing Napi::Error'). In the analyzer project: it loads the real models.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/multipart.js';
import { removeTempDirs, STRONG_PASSWORD, tempDir, uniqueEmail } from '../support/harness.js';
import { NATIVE_TRACE, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { ANALYZER_TIMEOUT_MS, photo } from './support.js';

afterAll(removeTempDirs);

/** The pool's grace for a thread to finish its photo and release its models, plus a margin. */
const EXIT_TIMEOUT_MS = 20_000;

async function poll<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + ANALYZER_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The confirmation link of `email`, read where the embedded mailer writes it (DATA_DIR/outbox). */
async function mailedLink(dataDir: string, email: string): Promise<string | undefined> {
  const dir = path.join(dataDir, 'outbox');
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxMail;
    if (mail.to === email) return mail.actionUrl;
  }
  return undefined;
}

interface OutboxMail {
  to: string;
  actionUrl: string;
}

/** Sign-up, the mailed confirmation and sign-in over HTTP: the session's cookie header. */
async function register(server: ServerProcess, dataDir: string): Promise<string> {
  const email = uniqueEmail('shutdown');
  const json = { 'content-type': 'application/json', origin: server.url };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: STRONG_PASSWORD, name: 'shutdown' }),
  });
  expect(signUp.status).toBe(200);
  const actionUrl = await poll(() => mailedLink(dataDir, email), 'the confirmation mail');
  const token = new URL(actionUrl).searchParams.get('token')!;
  const confirm = await fetch(
    `${server.url}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  );
  expect(confirm.status).toBe(200);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: STRONG_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function upload(server: ServerProcess, cookie: string, name: string): Promise<void> {
  const { body, contentType } = multipartBody([{ name, data: photo(name) }]);
  const response = await fetch(`${server.url}/api/product/generate-product-details-from-image`, {
    method: 'POST',
    headers: { cookie, origin: server.url, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  expect(response.status).toBe(202);
}

async function generationStates(server: ServerProcess, cookie: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/products`, { headers: { cookie } });
  const { products } = (await response.json()) as {
    products: { generation: { state: string } }[];
  };
  return products.map((product) => product.generation.state);
}

describe('server process shutdown with the analyzer loaded', () => {
  it.each([
    ['idle', false],
    ['analyzing a photo', true],
  ] as const)(
    'while %s: SIGTERM exits 0 with no native trace',
    async (_state, analyzing) => {
      const dataDir = await tempDir();
      const server = await startServerProcess({ DATA_DIR: dataDir });
      const cookie = await register(server, dataDir);
      await upload(server, cookie, 'home-mug-stoneware.jpg');
      // The first photo loads the models in a worker thread.
      await poll(async () => {
        const states = await generationStates(server, cookie);
        return states.length === 1 && states[0] !== 'pending' ? states : undefined;
      }, 'the first draft');
      if (analyzing) {
        await upload(server, cookie, 'electronics-instant-camera.jpg');
        // The queue hands the photo to the loaded worker at once; its analysis takes seconds
        // (measured: stopping then takes ~2 s instead of ~0.5 s, the rest of that photo).
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      const exit = await server.stop('SIGTERM', EXIT_TIMEOUT_MS);
      expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
      expect(server.stderr()).not.toMatch(NATIVE_TRACE);
    },
    ANALYZER_TIMEOUT_MS + EXIT_TIMEOUT_MS,
  );
});
