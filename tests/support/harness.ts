import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp, type AppDeps, type BuiltApp } from '#server/app.js';
import { loadConfig, type AppConfig } from '#server/config.js';
import type { Database } from '#server/db/schema.js';
import type { Mailer, ReadableMailer, StoredMail } from '#server/mail/mailer.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import type { VisionProvider } from '#server/vision/providers/vision-provider.js';
import { connectionsClosed, createTestDatabase, type TestDatabase } from './database.js';
import { createFakeVisionProvider, type FakeVisionProvider } from './fake-vision-provider.js';
import { multipartBody, type UploadFile } from './multipart.js';

export const APP_URL = 'http://app.listsmith.test';
export const FOREIGN_ORIGIN = 'https://evil.example';
export const SESSION_COOKIE = 'listsmith.session_token';
export const STRONG_PASSWORD = 'Sunflower42';

export const SUBJECTS = {
  confirm: 'Confirm your Listsmith account',
  reset: 'Reset your Listsmith password',
  existing: 'You already have a Listsmith account',
} as const;

/** Unique per call, lower case (better-auth stores emails lower-cased). */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

const tempDirs = new Set<string>();

/** A new temporary folder; removeTempDirs() deletes every one this test file made. */
export async function tempDir(label = 'listsmith-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), label));
  tempDirs.add(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  const dirs = [...tempDirs];
  tempDirs.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/** better-auth's tables that our typed schema does not describe, queried by name. */
type Table =
  | 'users'
  | 'sessions'
  | 'accounts'
  | 'verifications'
  | 'creditLedger'
  | 'rateLimit'
  | 'products'
  | 'billingAccounts'
  | 'checkoutSessions'
  | 'processedEvents';

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. SIGNIN_ATTEMPTS_PER_MINUTE, NODE_ENV, SMTP_URL). */
  env?: Record<string, string>;
  /** Replaces the outbox mailer (e.g. an SMTP mailer); `'from-config'` lets buildApp choose. */
  mailer?: Mailer | 'from-config';
  webRoot?: string;
  /** The vision provider; default: a fresh fake (tests never run a real one by accident). */
  visionProvider?: VisionProvider;
  regenerationsPerMinute?: number;
  sseHeartbeatMs?: number;
  /** The app's clock for billing periods (default: real time). */
  now?: () => Date;
  /** Name resolution for catalogue image fetches (default: the system's). */
  imageFetchLookup?: AppDeps['imageFetchLookup'];
  storeImportBulkFrom?: AppDeps['storeImportBulkFrom'];
  /**
   * Another app's database and DATA_DIR, as a second server process would share them (with
   * REDIS_URL in `env`); closing this app then leaves both to the first.
   */
  shareWith?: TestApp;
}

export interface TestApp extends BuiltApp {
  /** The fake provider the app was built with (undefined when a test passed its own). */
  vision: FakeVisionProvider | undefined;
  /** Every file under DATA_DIR/uploads (temp files included), relative to it. */
  uploadedFiles(): Promise<string[]>;
  /** Resolves once the generation queue has nothing waiting or running. */
  generationIdle(): Promise<void>;
  config: AppConfig;
  db: Kysely<Database>;
  /** The outbox the app's mails go to (empty when another mailer was given). */
  outbox: ReadableMailer;
  /** Lines the outbox printed (its silent print function collects them). */
  printed: string[];
  /** Raw log lines the app wrote. */
  logs: string[];
  dataDir: string;
  /** A client with its own IP address, so rate limits of one test do not affect another. */
  client(ip?: string): TestClient;
  mailsTo(email: string, subject?: string): Promise<StoredMail[]>;
  lastMailTo(email: string, subject?: string): Promise<StoredMail>;
  rows(table: Table, column: string, value: unknown): Promise<Record<string, unknown>[]>;
  userByEmail(email: string): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

export function buildTestConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL,
    AUTH_SECRET: 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** The real app on a fresh database and a temporary DATA_DIR. Close it in afterAll. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const owner = options.shareWith;
  const dataDir = owner ? owner.dataDir : await tempDir();
  const database = owner ? sharedDatabase(owner.config) : await createTestDatabase();
  const config = buildTestConfig(dataDir, { ...database.env, ...options.env });
  const printed: string[] = [];
  const logs: string[] = [];
  const outbox = createOutboxMailer(path.join(dataDir, 'outbox'), (line) => printed.push(line), {
    showLinks: true,
  });
  const vision = options.visionProvider ? undefined : createFakeVisionProvider();
  let built: BuiltApp;
  try {
    built = await buildApp(config, {
      visionProvider: options.visionProvider ?? vision,
      ...(options.regenerationsPerMinute
        ? { regenerationsPerMinute: options.regenerationsPerMinute }
        : {}),
      ...(options.sseHeartbeatMs ? { sseHeartbeatMs: options.sseHeartbeatMs } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.imageFetchLookup ? { imageFetchLookup: options.imageFetchLookup } : {}),
      ...(options.storeImportBulkFrom !== undefined
        ? { storeImportBulkFrom: options.storeImportBulkFrom }
        : {}),
      mailer: options.mailer === 'from-config' ? undefined : (options.mailer ?? outbox),
      // An empty folder unless a test gives one: a local `npm run build` must not change results.
      webRoot: options.webRoot ?? path.join(dataDir, 'no-web-build'),
      logStream: { write: (line) => void logs.push(line) },
    });
    await built.app.ready();
  } catch (error) {
    if (!owner) {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
  const { app } = built;
  const db = built.database.db;
  let nextIp = 1;

  const mailsTo = async (email: string, subject?: string) =>
    (await outbox.list()).filter(
      (mail) => mail.to === email && (subject === undefined || mail.subject === subject),
    );

  const uploadsDir = path.join(dataDir, 'uploads');

  return {
    ...built,
    vision,
    async uploadedFiles() {
      try {
        const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => !entry.isDirectory())
          .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)))
          .sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    generationIdle: () => built.drafting.generation.queue.idle(),
    config,
    db,
    outbox,
    printed,
    logs,
    dataDir,
    client(ip?: string) {
      const address = ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
      nextIp += 1;
      return new TestClient(app, address, (email, subject) => mailsTo(email, subject));
    },
    mailsTo,
    async lastMailTo(email, subject) {
      const mail = (await mailsTo(email, subject))[0];
      if (!mail) throw new Error(`no mail "${subject ?? '*'}" to ${email}`);
      return mail;
    },
    async rows(table, column, value) {
      const result = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
      return result.rows;
    },
    async userByEmail(email) {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async close() {
      if (owner) {
        await app.close();
        return;
      }
      try {
        await app.close(); // ends the pool / closes the SQLite file (onClose hook)
        await connectionsClosed(database.env.DATABASE_URL);
      } finally {
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The database of an app already running, for a second app over it (dropped by the first). */
function sharedDatabase(config: AppConfig): TestDatabase {
  return {
    env: config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {},
    drop: async () => {},
  };
}

/** The `name=value` pair of the session cookie a response set, exactly as sent (not decoded). */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  const all = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const line = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const pair = line?.split(';')[0];
  return pair && pair !== `${SESSION_COOKIE}=` ? pair : undefined;
}

export function tokenOf(mail: StoredMail): string {
  const token = new URL(mail.actionUrl).searchParams.get('token');
  if (!token) throw new Error(`mail has no token: ${mail.actionUrl}`);
  return token;
}

export interface RequestOptions {
  method?: InjectOptions['method'];
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  cookie?: string;
  /** Defaults to APP_URL on state-changing requests, as the browser would send from the SPA. */
  origin?: string | null;
}

/**
 * One browser-like client: a fixed IP address, the app's Origin on state-changing requests,
 * and helpers for the auth flows the SPA drives.
 */
export class TestClient {
  constructor(
    readonly app: FastifyInstance,
    readonly ip: string,
    private readonly mailsTo: (email: string, subject?: string) => Promise<StoredMail[]>,
  ) {}

  request(options: RequestOptions): Promise<LightMyRequestResponse> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { ...options.headers };
    const origin = options.origin === undefined && method !== 'GET' ? APP_URL : options.origin;
    if (origin) headers.origin = origin;
    if (options.cookie) headers.cookie = options.cookie;
    return this.app.inject({
      method,
      url: options.url,
      payload: options.payload,
      headers,
      remoteAddress: this.ip,
    });
  }

  signUp(email: string, password = STRONG_PASSWORD, extra: Partial<RequestOptions> = {}) {
    return this.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, name: email.split('@')[0] },
      ...extra,
    });
  }

  /** Follows the newest confirmation link mailed to `email`, as the SPA's /auth/callback does. */
  async confirm(email: string) {
    const mail = (await this.mailsTo(email, SUBJECTS.confirm))[0];
    if (!mail) throw new Error(`no confirmation mail to ${email}`);
    return this.verifyEmail(tokenOf(mail));
  }

  verifyEmail(token: string) {
    return this.request({ url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
  }

  signIn(email: string, password = STRONG_PASSWORD, extra: Partial<RequestOptions> = {}) {
    return this.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password, rememberMe: true },
      ...extra,
    });
  }

  /** Signs in and returns the session cookie, failing loudly if there is none. */
  async sessionFor(email: string, password = STRONG_PASSWORD): Promise<string> {
    const response = await this.signIn(email, password);
    const cookie = sessionCookieOf(response);
    if (response.statusCode !== 200 || !cookie) {
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    }
    return cookie;
  }

  /** Sign-up and confirmation (which signs in): a ready account and its session cookie. */
  async register(email = uniqueEmail(), password = STRONG_PASSWORD) {
    const signUp = await this.signUp(email, password);
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
    const confirm = await this.confirm(email);
    const cookie = sessionCookieOf(confirm);
    if (confirm.statusCode !== 200 || !cookie) {
      throw new Error(`confirmation failed: ${confirm.statusCode} ${confirm.body}`);
    }
    return { email, password, cookie };
  }

  /** POSTs the files (and any text fields before them) to the upload route as the SPA does. */
  upload(
    cookie: string | undefined,
    files: readonly UploadFile[],
    fields?: Readonly<Record<string, string>>,
  ) {
    const { body, contentType } = multipartBody(files, fields);
    return this.request({
      method: 'POST',
      url: '/api/product/generate-product-details-from-image',
      payload: body,
      headers: { 'content-type': contentType },
      cookie,
    });
  }

  signOut(cookie: string) {
    return this.request({ method: 'POST', url: '/api/auth/sign-out', payload: {}, cookie });
  }

  profile(cookie?: string) {
    return this.request({ url: '/api/user/profile', cookie });
  }

  requestPasswordReset(email: string) {
    return this.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: '/auth/reset-password' },
    });
  }

  resetPassword(token: string, newPassword: string) {
    return this.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
    });
  }
}
