/**
 * The server process stopped by a signal closes the app (generation queue, analyzer threads,
 * database connections) and exits 0 by itself, without the native abort Node 24 prints when a
 * process ends with native handles still alive (seen with better-sqlite3 12 statements:
 * `RemoveEnvironmentCleanupHook … Statement::~Statement`). Runs on SQLite and PostgreSQL.
 */
import path from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '#server/config.js';
import { openDatabase } from '#server/db/connection.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { connectEvents } from './support/event-client.js';
import { createTestDatabase } from './support/database.js';
import {
  jsonReply,
  startFakeOpenAi,
  validDraftAnswer,
  type FakeOpenAi,
} from './support/fake-openai.js';
import {
  buildTestConfig,
  removeTempDirs,
  SESSION_COOKIE,
  STRONG_PASSWORD,
  tempDir,
  tokenOf,
  uniqueEmail,
} from './support/harness.js';
import { multipartBody } from './support/multipart.js';
import { testRedis } from './support/redis.js';
import {
  NATIVE_TRACE,
  START_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';
import { photo } from './products/support.js';

afterAll(removeTempDirs);

/** An idle server has nothing to wait for: it should be gone well within this. */
const EXIT_TIMEOUT_MS = 8_000;

/** Reads and writes through the database, so the process holds what a working server holds. */
async function exercise(server: ServerProcess): Promise<void> {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: uniqueEmail('shutdown'), password: STRONG_PASSWORD, name: 'x' }),
  });
  expect(signUp.status).toBe(200);
  for (let i = 0; i < 20; i += 1) {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }
}

describe('server process shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s closes the app and exits 0 with no native trace',
    async (signal) => {
      const database = await createTestDatabase();
      try {
        const server = await startServerProcess({ DATA_DIR: await tempDir(), ...database.env });
        await exercise(server);
        const exit = await server.stop(signal, EXIT_TIMEOUT_MS);
        expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
        expect(server.stderr()).not.toMatch(NATIVE_TRACE);
      } finally {
        await database.drop();
      }
    },
    START_TIMEOUT_MS + EXIT_TIMEOUT_MS + 10_000,
  );
});

/**
 * With REDIS_URL, a stopping process lets a running job finish within SHUTDOWN_GRACE_MS, or
 * hands it back to the shared queue; live-update streams end with a reconnect hint.
 */
describe('server process shutdown with a shared queue (REDIS_URL)', () => {
  const redis = testRedis('shutdown');
  let vision: FakeOpenAi;
  beforeAll(async () => {
    vision = await startFakeOpenAi();
  });
  afterAll(async () => {
    await vision?.close();
    await redis.clean();
  });

  async function start(graceMs: number, delayMs: number) {
    vision.reset();
    vision.answerAll({ ...jsonReply(validDraftAnswer()), delayMs });
    const database = await createTestDatabase();
    const dataDir = await tempDir();
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      ...database.env,
      ...redis.env,
      SHUTDOWN_GRACE_MS: String(graceMs),
      VISION_PROVIDER: 'openai',
      VISION_BASE_URL: vision.baseUrl,
      VISION_MODEL: 'fake-vision',
      VISION_MAX_RETRIES: '0',
    });
    const config = buildTestConfig(dataDir, database.env);
    return { server, database, config, dataDir };
  }

  /** Signs up and confirms through the outbox, as a browser would; returns the session cookie. */
  async function signedIn(server: ServerProcess, dataDir: string): Promise<string> {
    const email = uniqueEmail('drain');
    await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email, password: STRONG_PASSWORD, name: 'x' }),
    });
    const outbox = createOutboxMailer(path.join(dataDir, 'outbox'), () => {});
    const mail = (await outbox.list()).find((stored) => stored.to === email)!;
    const confirmed = await fetch(
      `${server.url}/api/auth/verify-email?token=${encodeURIComponent(tokenOf(mail))}`,
      { redirect: 'manual' },
    );
    return confirmed.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`))!
      .split(';')[0]!;
  }

  async function uploadOne(server: ServerProcess, cookie: string): Promise<string> {
    const { body, contentType } = multipartBody([photo('home-globe.jpg')]);
    const response = await fetch(`${server.url}/api/product/generate-product-details-from-image`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { results: { id: string }[] }).results[0]!.id;
  }

  async function generationState(config: AppConfig, id: string): Promise<string | undefined> {
    const handle = openDatabase(config.database);
    try {
      const row = await handle.db
        .selectFrom('products')
        .select('generationState')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.generationState;
    } finally {
      await handle.db.destroy();
    }
  }

  it(
    'lets a running job finish within the grace period, ends streams with a retry hint, exits 0',
    async () => {
      const { server, database, config, dataDir } = await start(20_000, 1_500);
      try {
        const cookie = await signedIn(server, dataDir);
        const stream = await connectEvents(server.url, cookie);
        const id = await uploadOne(server, cookie);
        await expect.poll(() => vision.requests.length).toBe(1);
        const exit = await server.stop('SIGTERM', 20_000);
        expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
        expect(await vision.requests[0]!.clientHungUp).toBe(false);
        expect(await generationState(config, id)).toBe('ready');
        expect(stream.text()).toMatch(/\nretry: \d+\n\n$/);
        stream.close();
      } finally {
        await database.drop();
      }
    },
    START_TIMEOUT_MS + 40_000,
  );

  it(
    'hands a job still running after the grace period back to the queue, then exits 0',
    async () => {
      const { server, database, config, dataDir } = await start(300, 30_000);
      const queue = new Queue('generation', {
        connection: { url: redis.env.REDIS_URL },
        prefix: `${redis.env.REDIS_PREFIX}:bull`,
      });
      try {
        const cookie = await signedIn(server, dataDir);
        const id = await uploadOne(server, cookie);
        await expect.poll(() => vision.requests.length).toBe(1);
        const exit = await server.stop('SIGTERM', 10_000);
        expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
        expect(await vision.requests[0]!.clientHungUp).toBe(true);
        // Pending, and back in the shared queue for the next process (not left to stall).
        expect(await generationState(config, id)).toBe('pending');
        expect(await queue.getJobState(id)).toBe('delayed');
        await queue.remove(id);
      } finally {
        await queue.close();
        await database.drop();
      }
    },
    START_TIMEOUT_MS + 30_000,
  );
});
