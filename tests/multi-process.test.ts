/**
 * Issue 17's test: two real server processes on one PostgreSQL, one Redis and one bucket (s3rver),
 * with an OpenAI-compatible vision endpoint (a local fake that answers slowly, so work is in
 * flight). A batch is uploaded through the first process, which is killed (SIGKILL) as soon as
 * the upload answers. Through the second: every product ends ready, no photo was described to
 * completion twice (the fake counts its answers per image), the second process's event stream
 * carried every product's events, every image loads, and the balance equals the ledger's sum.
 *
 * Always on PostgreSQL, whatever TEST_DATABASE says: several processes is its production shape.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Product } from '#domain/products.js';
import { connectEvents, type EventClient } from './support/event-client.js';
import { createPostgresDatabase, type TestDatabase } from './support/database.js';
import {
  jsonReply,
  startFakeOpenAi,
  validDraftAnswer,
  type FakeOpenAi,
} from './support/fake-openai.js';
import { startS3Server, type S3TestServer } from './support/s3-server.js';
import { removeTempDirs, SESSION_COOKIE, STRONG_PASSWORD, tempDir } from './support/harness.js';
import { multipartBody } from './support/multipart.js';
import { testRedis } from './support/redis.js';
import {
  START_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';
import { photo } from './products/support.js';

const PHOTOS = [
  'home-globe.jpg',
  'toys-skateboard.jpg',
  'bags-backpack-canvas.jpg',
  'accessories-belt-leather.jpg',
  'apparel-hat-straw.jpg',
  'bags-gym-duffel-grey.jpg',
  'apparel-socks-striped.jpg',
  'bags-shoulder-bag-navy.jpg',
];
/** Long enough that the first process is mid-photo when it dies. */
const PROVIDER_DELAY_MS = 1_500;
/** A dead process's jobs are taken over within about this (plus half of it for the check). */
const JOB_LOCK_MS = 3_000;
const PURCHASED = 10;

const redis = testRedis('multi');
let database: TestDatabase;
let vision: FakeOpenAi;
let first: ServerProcess;
let second: ServerProcess;
let s3: S3TestServer;
let bucket: string;

/**
 * Where images live: one bucket on a real S3-compatible server for both processes, and a data
 * folder of each process's own, so an image another process took can only come from the bucket.
 */
async function sharedStorageEnv(): Promise<Record<string, string>> {
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  return s3.env(bucket);
}

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A premium seller with purchased credits (in the ledger too), signed in through `server`. */
async function seller(server: ServerProcess): Promise<{ id: string; cookie: string }> {
  const email = `multi-${Date.now()}@example.com`;
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    });
  expect(
    (await post('/api/auth/sign-up/email', { email, password: STRONG_PASSWORD, name: 'm' })).status,
  ).toBe(200);
  const [user] = await sql<{ id: string }>('select id from users where email = $1', [email]);
  // What confirming the address and buying a pack would do.
  await sql(
    `update users set "emailVerified" = true, "planName" = 'premium',
       "fixedCredits" = "fixedCredits" + $2 where id = $1`,
    [user!.id, PURCHASED],
  );
  await sql(
    `insert into "creditLedger" ("userId", "fixedDelta", "subscriptionDelta", reason)
       values ($1, $2, 0, 'pack-purchase')`,
    [user!.id, PURCHASED],
  );
  const signIn = await post('/api/auth/sign-in/email', { email, password: STRONG_PASSWORD });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  return { id: user!.id, cookie };
}

/** Which photo a chat-completions request carried (the display JPEG, base64 in a data URL). */
function imageOf(body: unknown): string {
  const dataUrl = /data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+/.exec(JSON.stringify(body))?.[0];
  if (!dataUrl) throw new Error('a vision request without an image');
  return createHash('sha256').update(dataUrl).digest('hex');
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  vision = await startFakeOpenAi();
  vision.answerAll({ ...jsonReply(validDraftAnswer()), delayMs: PROVIDER_DELAY_MS });
  const env = {
    ...database.env,
    ...(await sharedStorageEnv()),
    ...redis.env,
    AUTH_SECRET: 'multi-process-secret-0123456789-abcdefghijklmnop',
    JOB_LOCK_MS: String(JOB_LOCK_MS),
    GENERATION_CONCURRENCY: '2',
    VISION_PROVIDER: 'openai',
    VISION_BASE_URL: vision.baseUrl,
    VISION_MODEL: 'fake-vision',
    VISION_MAX_RETRIES: '0',
  };
  // One after the other: both migrate the same database at start-up.
  first = await startServerProcess({ ...env, DATA_DIR: await tempDir('listsmith-multi-a-') });
  second = await startServerProcess({ ...env, DATA_DIR: await tempDir('listsmith-multi-b-') });
}, 3 * START_TIMEOUT_MS);

afterAll(async () => {
  await first?.stop('SIGKILL', 5_000);
  await second?.stop('SIGTERM', 30_000);
  await vision?.close();
  await database?.drop();
  await redis.clean();
  await s3?.stop();
  await removeTempDirs();
}, 60_000);

describe('two server processes, one killed mid-batch', () => {
  it('finishes every photo once through the other, with its events, images and credits', async () => {
    const { id: userId, cookie } = await seller(first);
    const events: EventClient = await connectEvents(second.url, cookie);
    try {
      expect(events.status).toBe(200);
      const { body, contentType } = multipartBody(PHOTOS.map((name) => photo(name)));
      const upload = await fetch(`${first.url}/api/product/generate-product-details-from-image`, {
        method: 'POST',
        headers: { cookie, origin: first.url, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      expect(upload.status).toBe(202);
      const { results } = (await upload.json()) as { results: Product[] };
      expect(await first.stop('SIGKILL', 5_000)).toEqual({ code: null, signal: 'SIGKILL' });
      const killedAt = Date.now();
      expect(results).toHaveLength(PHOTOS.length);
      const ids = results.map((product) => product.id);

      // Every product ready, as the second process reports it.
      const list = async () => {
        const response = await fetch(`${second.url}/api/products`, { headers: { cookie } });
        return ((await response.json()) as { products: Product[] }).products;
      };
      await expect
        .poll(async () => (await list()).map((product) => product.generation.state).sort(), {
          timeout: 60_000,
          interval: 250,
        })
        .toEqual(ids.map(() => 'ready'));
      const products = await list();
      expect(products.map((product) => product.id).sort()).toEqual([...ids].sort());

      // Each photo was answered once on each side of the kill at most, and at least once in
      // all. A request cut off by the kill is not an answer. An answer the killed process got
      // but never recorded is drafted again: the queue delivers at least once.
      const answers = new Map<string, { beforeKill: number; afterKill: number }>();
      for (const request of vision.requests) {
        if (await request.clientHungUp) continue;
        const image = imageOf(request.body);
        const count = answers.get(image) ?? { beforeKill: 0, afterKill: 0 };
        if (request.receivedAt < killedAt) count.beforeKill += 1;
        else count.afterKill += 1;
        answers.set(image, count);
      }
      expect(answers.size).toBe(ids.length);
      for (const { beforeKill, afterKill } of answers.values()) {
        expect(beforeKill).toBeLessThanOrEqual(1);
        expect(afterKill).toBeLessThanOrEqual(1);
      }
      expect(vision.requests.length).toBeGreaterThanOrEqual(ids.length);

      // The second process's stream carried each product's ready event, whoever made it.
      await expect
        .poll(
          () =>
            new Set(
              events.events.flatMap((event) =>
                event.type === 'product' && event.product.generation.state === 'ready'
                  ? [event.product.id]
                  : [],
              ),
            ).size,
        )
        .toBe(ids.length);

      // Every image is in the bucket and loads through the second process.
      const keys = await s3.keys(bucket);
      for (const product of products) {
        expect(keys.some((key) => key.includes(product.photos[0]!.imageId))).toBe(true);
        const image = await fetch(`${second.url}${product.imageUrl}`, { headers: { cookie } });
        expect(image.status, product.imageUrl).toBe(200);
        expect(image.headers.get('content-type')).toMatch(/^image\//);
        expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
      }

      // Charged once per product: the balance is the ledger's sum.
      const profile = (await (
        await fetch(`${second.url}/api/user/profile`, { headers: { cookie } })
      ).json()) as { fixedCredits: number; subscriptionCredits: number };
      const [ledger] = await sql<{ fixed: string; subscription: string }>(
        `select coalesce(sum("fixedDelta"), 0) as fixed,
                coalesce(sum("subscriptionDelta"), 0) as subscription
           from "creditLedger" where "userId" = $1`,
        [userId],
      );
      expect(profile.fixedCredits).toBe(Number(ledger!.fixed));
      expect(profile.subscriptionCredits).toBe(Number(ledger!.subscription));
      expect(profile.fixedCredits + profile.subscriptionCredits).toBe(
        3 + PURCHASED - PHOTOS.length,
      );
    } finally {
      events.close();
    }
  }, 120_000);
});
