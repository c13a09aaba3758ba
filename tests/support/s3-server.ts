/**
 * A real S3-compatible server for tests: s3rver (pure JavaScript, installed by `npm ci`, so the
 * tests need nothing else on a fresh machine; docs/decisions/027-object-storage.md). It listens
 * on a free loopback port and keeps its objects in a temporary folder.
 *
 * The app's S3 client reads the AWS SDK's own variables, so starting the server also sets them in
 * this process (AWS_REGION, keys, AWS_ENDPOINT_URL_S3) for apps built in-process; `stop()` puts
 * the previous values back. Server processes get the same values from `env(bucket)`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '#server/images/s3-storage.js';

/** s3rver checks signatures against this fixed key pair. */
const SDK_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
};

export interface S3TestServer {
  endpoint: string;
  /** A client like the app's, for looking into buckets. */
  client: S3Client;
  /** Everything an app needs to keep its images in `bucket` on this server. */
  env(bucket: string): Record<string, string>;
  /** A new, empty bucket with a unique name. */
  createBucket(): Promise<string>;
  /** Every key in `bucket` (under `prefix`), sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** An object's bytes and content type, or null when it does not exist. */
  object(bucket: string, key: string): Promise<{ body: Buffer; contentType?: string } | null>;
  /** Stops listening (the objects stay until `stop`): what an outage looks like to the app. */
  pause(): Promise<void>;
  /** Listens again on the same port, with the same objects. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'listsmith-s3-'));
  const listen = async (port: number) => {
    const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    return { server, address: await server.run() };
  };
  let { server, address } = await listen(0);
  const endpoint = `http://127.0.0.1:${address.port}`;
  let running = true;

  const sdkEnv = { ...SDK_ENV, AWS_ENDPOINT_URL_S3: endpoint };
  const previous = Object.fromEntries(Object.keys(sdkEnv).map((key) => [key, process.env[key]]));
  Object.assign(process.env, sdkEnv);
  const client = createS3Client({ forcePathStyle: true });

  return {
    endpoint,
    client,
    env: (bucket) => ({ ...sdkEnv, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true' }),
    async createBucket() {
      const bucket = `test-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
    async object(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from(await object.Body!.transformToByteArray());
        return { body, ...(object.ContentType ? { contentType: object.ContentType } : {}) };
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async pause() {
      if (!running) return;
      running = false;
      await server.close();
    },
    async resume() {
      if (running) return;
      ({ server, address } = await listen(address.port));
      running = true;
    },
    async stop() {
      client.destroy();
      if (running) await server.close();
      running = false;
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
