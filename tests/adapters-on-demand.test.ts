/**
 * Production adapters load only where they are configured (ADR 056): a server on its embedded
 * defaults never imports the AWS SDK, BullMQ and ioredis, nodemailer or stripe-node. Nor does
 * the server thread load onnxruntime: the analysis runs in the pool's workers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from './support/redis.js';

const run = promisify(execFile);
const ADAPTER_PACKAGES = ['@aws-sdk/client-s3', 'bullmq', 'ioredis', 'nodemailer', 'stripe'];
const redis = testRedis('adapters-on-demand');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'listsmith-adapters-'));
});
afterAll(async () => {
  await redis.clean();
  await rm(dataDir, { recursive: true, force: true });
});

/** The packages a server built from `env` imported (tests/support/loaded-packages.ts). */
async function packagesLoadedWith(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'support/loaded-packages.ts')],
    { env: { ...process.env, DATA_DIR: dataDir, ...env }, timeout: 30_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

describe('packages the server imports', () => {
  it('leave out the adapters and the analyzer runtime on the embedded defaults', async () => {
    const loaded = await packagesLoadedWith({
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
    });
    expect(loaded).toContain('fastify');
    expect(loaded).not.toContain('onnxruntime-node');
    expect(loaded.filter((name) => ADAPTER_PACKAGES.includes(name))).toEqual([]);
  }, 40_000);

  it('include each adapter whose service is configured', async () => {
    const loaded = await packagesLoadedWith({
      DATABASE_URL: '',
      ...redis.env,
      S3_BUCKET: 'listsmith-test',
      AWS_REGION: 'us-east-1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      STRIPE_SECRET_KEY: 'sk_test_adapters',
      STRIPE_WEBHOOK_SECRET: 'whsec_adapters',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_PRICE_PACK_10: 'price_pack10',
      STRIPE_PRICE_PACK_25: 'price_pack25',
      STRIPE_PRICE_PACK_50: 'price_pack50',
    });
    expect(loaded).toEqual(expect.arrayContaining(ADAPTER_PACKAGES));
  }, 40_000);
});
