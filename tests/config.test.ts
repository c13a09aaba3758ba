import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.js';
import { removeTempDirs, tempDir } from './support/harness.js';

const SECRET = 'a-config-test-secret-that-is-long-enough-0123';
const SMTP = 'smtp://mail.example.com:25';

/** Runs loadConfig and returns the ConfigError it threw (fails the test if it did not throw). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  afterAll(removeTempDirs);

  it('has sensible defaults: port 3000, ./data resolved, SQLite, outbox mail', () => {
    // AUTH_SECRET is given so the defaults test does not write a secret file into ./data.
    const config = loadConfig({ AUTH_SECRET: SECRET });
    expect(config.env).toBe('development');
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(path.resolve('./data'), 'listsmith.db'),
    });
    expect(config.appUrl).toBe('http://localhost:3000');
    // The server prints http://127.0.0.1:3000; a browser may use either spelling.
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.mail).toEqual({ kind: 'outbox' });
    expect(config.mailFrom).toBe('Listsmith <no-reply@listsmith.local>');
    expect(config.supportEmail).toBe('support@listsmith.app');
    expect(config.signInAttemptsPerMinute).toBe(20);
    expect(config.trustProxy).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.maxEventStreams).toBe(1000);
    expect(config.bodyIdleTimeoutMs).toBe(30_000);
    expect(config.httpTimeouts).toEqual({
      headersMs: 20_000,
      requestMs: 600_000,
      keepAliveMs: 72_000,
    });
    expect(config.authSecret).toBe(SECRET);
  });

  it('reads the HTTP server and dependency deadlines, and refuses ones that cannot work', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '3000',
      S3_BUCKET: 'listsmith-images',
      AWS_REGION: 'eu-central-1',
      S3_TIMEOUT_MS: '4000',
      REDIS_URL: 'redis://cache:6379',
      REDIS_TIMEOUT_MS: '1500',
    });
    expect(config.httpTimeouts).toEqual({ headersMs: 1_000, requestMs: 2_000, keepAliveMs: 3_000 });
    expect(config.imageStorage).toMatchObject({ kind: 's3', timeoutMs: 4_000 });
    expect(config.redis).toMatchObject({ commandTimeoutMs: 1_500 });
    expect(
      configError({
        AUTH_SECRET: SECRET,
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '4000',
      }).message,
    ).toContain('HTTP_HEADERS_TIMEOUT_MS: must not exceed HTTP_REQUEST_TIMEOUT_MS');
    for (const name of [
      'HTTP_HEADERS_TIMEOUT_MS',
      'HTTP_REQUEST_TIMEOUT_MS',
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
      'S3_TIMEOUT_MS',
      'REDIS_TIMEOUT_MS',
    ]) {
      expect(configError({ AUTH_SECRET: SECRET, [name]: '0' }).message).toContain(name);
    }
  });

  it('reads the limits against hostile clients', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      MAX_EVENT_STREAMS: '50',
      BODY_IDLE_TIMEOUT_MS: '5000',
    });
    expect(config.maxEventStreams).toBe(50);
    expect(config.bodyIdleTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, BODY_IDLE_TIMEOUT_MS: '0' })).toThrow(
      /BODY_IDLE_TIMEOUT_MS/,
    );
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8080',
      DATA_DIR: '/var/lib/listsmith',
      APP_URL: 'https://listsmith.example.com/',
      DATABASE_URL: 'postgresql://app@db:5432/listsmith',
      AUTH_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Listsmith <hello@example.com>',
      SUPPORT_EMAIL: 'help@example.com',
      SIGNIN_ATTEMPTS_PER_MINUTE: '9',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      env: 'production',
      host: '0.0.0.0',
      port: 8080,
      dataDir: '/var/lib/listsmith',
      appUrl: 'https://listsmith.example.com',
      trustedOrigins: ['https://listsmith.example.com'],
      database: { kind: 'postgres', url: 'postgresql://app@db:5432/listsmith' },
      mail: { kind: 'smtp', url: 'smtps://user:pass@mail.example.com:465' },
      mailFrom: 'Listsmith <hello@example.com>',
      supportEmail: 'help@example.com',
      signInAttemptsPerMinute: 9,
      trustProxy: 1,
      logLevel: 'warn',
    });
  });

  it('trusts both loopback spellings only while APP_URL is unset outside production', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, PORT: '3205' }).trustedOrigins).toEqual([
      'http://localhost:3205',
      'http://127.0.0.1:3205',
    ]);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, APP_URL: 'http://localhost:3205' }).trustedOrigins,
    ).toEqual(['http://localhost:3205']);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, SMTP_URL: SMTP, NODE_ENV: 'production', PORT: '3205' })
        .trustedOrigins,
    ).toEqual(['http://localhost:3205']);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET, PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
    expect(config.mail.kind).toBe('outbox');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://root@localhost/listsmith'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['NODE_ENV', 'staging'],
    ['SUPPORT_EMAIL', 'nope'],
    ['APP_URL', 'not a url'],
    ['AUTH_SECRET', 'short'],
    ['SIGNIN_ATTEMPTS_PER_MINUTE', '-1'],
    ['TRUST_PROXY', 'yes'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s with a ConfigError naming the variable', (name, value) => {
    const error = configError({ AUTH_SECRET: SECRET, [name]: value });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`${name}:`);
  });

  it('names every invalid variable at once', () => {
    const error = configError({ PORT: 'abc', NODE_ENV: 'staging', SUPPORT_EMAIL: 'nope' });
    expect(error.message).toContain('PORT:');
    expect(error.message).toContain('NODE_ENV:');
    expect(error.message).toContain('SUPPORT_EMAIL:');
  });

  it('keeps images on disk by default and in S3 with S3_BUCKET', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, DATA_DIR: '/srv/ls' }).imageStorage).toEqual({
      kind: 'disk',
      dir: path.resolve('/srv/ls', 'uploads'),
    });
    const s3 = {
      AUTH_SECRET: SECRET,
      S3_BUCKET: 'listsmith-images',
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
    };
    expect(loadConfig(s3).imageStorage).toEqual({
      kind: 's3',
      bucket: 'listsmith-images',
      forcePathStyle: false,
      timeoutMs: 5_000,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).imageStorage).toMatchObject({
      forcePathStyle: true,
    });
    // Keys are optional: the SDK also finds instance roles and ~/.aws credentials.
    expect(() =>
      loadConfig({ AUTH_SECRET: SECRET, S3_BUCKET: 'images', AWS_REGION: 'us-east-1' }),
    ).not.toThrow();
  });

  it.each([
    [{ S3_BUCKET: 'Images_Bucket', AWS_REGION: 'us-east-1' }, 'S3_BUCKET: must be an S3 bucket'],
    [{ S3_BUCKET: 'images' }, 'AWS_REGION: required with S3_BUCKET'],
    [
      { S3_BUCKET: 'images', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    ],
    [
      { S3_BUCKET: 'images', AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL_S3: 'minio:9000' },
      'AWS_ENDPOINT_URL_S3:',
    ],
    [
      { S3_BUCKET: 'images', AWS_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'yes' },
      'S3_FORCE_PATH_STYLE: must be true or false',
    ],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'S3_FORCE_PATH_STYLE: only takes effect with S3_BUCKET'],
  ])('refuses object storage settings that cannot work: %j', (env, message) => {
    expect(configError({ AUTH_SECRET: SECRET, ...env }).message).toContain(message);
  });

  it('requires AUTH_SECRET in production', () => {
    const error = configError({
      NODE_ENV: 'production',
      SMTP_URL: SMTP,
      DATA_DIR: '/nonexistent/listsmith',
    });
    expect(error.message).toContain('AUTH_SECRET');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: SECRET,
        SMTP_URL: SMTP,
        DATA_DIR: '/nonexistent',
      }),
    ).not.toThrow();
  });

  it('refuses to start in production without a mailer: the outbox would log live links', () => {
    const error = configError({ NODE_ENV: 'production', AUTH_SECRET: SECRET, DATA_DIR: '/x' });
    expect(error.message).toContain('SMTP_URL: required in production');
    // Both missing: one message names both.
    const both = configError({ NODE_ENV: 'production', DATA_DIR: '/x' });
    expect(both.message).toContain('AUTH_SECRET: required in production');
    expect(both.message).toContain('SMTP_URL: required in production');
    // Outside production the outbox stays the default.
    expect(loadConfig({ AUTH_SECRET: SECRET, NODE_ENV: 'test' }).mail).toEqual({ kind: 'outbox' });
  });

  it('outside production, creates one private secret in DATA_DIR and keeps it', async () => {
    const dir = await tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'auth-secret');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps everything in this process without REDIS_URL, and checks it when given', () => {
    const plain = loadConfig({ AUTH_SECRET: SECRET });
    expect(plain.redis).toBeUndefined();
    expect(plain.shutdownGraceMs).toBe(20_000);
    const shared = loadConfig({
      AUTH_SECRET: SECRET,
      REDIS_URL: 'redis://:secret@cache:6379/2',
      REDIS_PREFIX: 'staging',
      JOB_LOCK_MS: '10000',
      SHUTDOWN_GRACE_MS: '5000',
    });
    expect(shared.redis).toEqual({
      url: 'redis://:secret@cache:6379/2',
      prefix: 'staging',
      jobLockMs: 10_000,
      commandTimeoutMs: 5_000,
    });
    expect(shared.shutdownGraceMs).toBe(5_000);
    expect(loadConfig({ AUTH_SECRET: SECRET, REDIS_URL: 'rediss://cache:6380' }).redis).toEqual({
      url: 'rediss://cache:6380',
      prefix: 'listsmith',
      jobLockMs: 20_000,
      commandTimeoutMs: 5_000,
    });
    expect(configError({ AUTH_SECRET: SECRET, REDIS_URL: 'http://cache:6379' }).message).toMatch(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(configError({ AUTH_SECRET: SECRET, REDIS_PREFIX: 'a b' }).message).toMatch(
      /REDIS_PREFIX/,
    );
    expect(configError({ AUTH_SECRET: SECRET, JOB_LOCK_MS: '10' }).message).toMatch(/JOB_LOCK_MS/);
  });
});
