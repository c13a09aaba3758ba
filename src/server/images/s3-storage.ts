/**
 * The image store on S3-compatible object storage (S3_BUCKET). The client is configured by the
 * AWS SDK's own variables (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_ENDPOINT_URL_S3), which it reads itself; only the bucket and path-style addressing are ours.
 *
 * Uploads stream: lib-storage's Upload sends a body of unknown length in 5 MB parts, one at a
 * time, so a 10 MB photo never sits whole in memory here. An object appears whole or not at all
 * (PutObject / CompleteMultipartUpload are atomic), as the interface promises.
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable, pipeline } from 'node:stream';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { ImageIntakeError, StorageUnavailableError } from './errors.js';
import {
  assertValidKey,
  byteLimit,
  imageFolderOf,
  type ImageStore,
  type StoredImageFolder,
} from './storage.js';

/** lib-storage's minimum part size; with one part in flight, memory per upload stays ~5 MB. */
const PART_BYTES = 5 * 1024 * 1024;
/** DeleteObjects takes at most this many keys per request. */
const DELETE_BATCH = 1000;

export interface S3ClientOptions {
  /** Bucket in the path (`endpoint/bucket/key`), as local S3-compatible servers need. */
  forcePathStyle: boolean;
  /** How long the store may stay silent on a request (S3_TIMEOUT_MS; default 5 s). */
  timeoutMs?: number;
}

/**
 * Attempts per request: one retry of a timeout or a 5xx, so a stalled store fails a request
 * within about twice the timeout (an upload's client gives up at 15 s).
 */
const MAX_ATTEMPTS = 2;

export function createS3Client(options: S3ClientOptions): S3Client {
  const timeoutMs = options.timeoutMs ?? 5_000;
  return new S3Client({
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's newer
    // default (CRC32 trailers on every upload); real S3 accepts either.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: MAX_ATTEMPTS,
    // A store that refuses fails at once; one that accepts and then says nothing (stalled) fails
    // once its socket has been silent this long, whether we were sending or waiting. A whole
    // request may take longer while bytes keep moving (a 5 MB part on a slow link).
    requestHandler: { connectionTimeout: timeoutMs, socketTimeout: timeoutMs },
  });
}

/** S3's "no such object", in the spellings GetObject / HeadObject use. */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** Anything the store answered or failed to answer becomes a 503 for our caller. */
function unavailable(error: unknown): StorageUnavailableError {
  return error instanceof StorageUnavailableError
    ? error
    : new StorageUnavailableError({ cause: error });
}

export function createS3ImageStore(client: S3Client, bucket: string): ImageStore {
  async function putStream(key: string, body: Readable, contentType: string, maxBytes: number) {
    const counter = { bytes: 0 };
    let bodyFailure: unknown;
    // pipeline() destroys the upload's own stream too when anything fails, as the disk store does.
    const limited = pipeline(body, byteLimit(maxBytes, counter), (error) => {
      if (error) bodyFailure ??= error;
    });
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: limited, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 1,
    });
    try {
      await upload.done();
    } catch (error) {
      // Streams report their errors on the next tick: by now a failure of the body (too large,
      // the client went away) is known, whatever the store answered to the abort that followed.
      await new Promise((resolve) => setImmediate(resolve));
      const failure = bodyFailure;
      limited.destroy();
      if (failure instanceof Error) throw failure;
      if (error instanceof ImageIntakeError) throw error;
      throw unavailable(error);
    }
    return counter.bytes;
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new StorageUnavailableError({
          cause: new Error(`could not delete ${failed.length} objects: ${failed[0]?.Message}`),
        });
      }
    }
  }

  async function* objectsUnder(prefix: string) {
    for await (const page of paginateListObjectsV2(
      { client },
      { Bucket: bucket, Prefix: prefix },
    )) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  return {
    async put(key, body, contentType, options = {}) {
      if (body instanceof Readable) body.on('error', () => {});
      assertValidKey(key);
      const maxBytes = options.maxBytes ?? MAX_FILE_BYTES;
      if (body instanceof Readable) return putStream(key, body, contentType, maxBytes);
      if (body.byteLength > maxBytes) throw new ImageIntakeError('too-large');
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
        );
      } catch (error) {
        throw unavailable(error);
      }
      return body.byteLength;
    },

    async get(key) {
      assertValidKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error('GetObject gave no Node stream');
        return {
          stream: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error);
      }
    },

    keepsLocalFiles: false,

    async localFile(key) {
      assertValidKey(key);
      // Objects live in the bucket only: readers take the stream from `get`.
      return null;
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error);
      }
    },

    async deletePrefix(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      assertValidKey(folder);
      try {
        const keys: string[] = [];
        for await (const object of objectsUnder(`${folder}/`)) keys.push(object.key);
        await deleteKeys(keys);
      } catch (error) {
        throw unavailable(error);
      }
    },

    async *listImages(): AsyncGenerator<StoredImageFolder> {
      // Keys come sorted, so one folder's objects are adjacent: report each folder once, with
      // its newest object's time.
      let current: StoredImageFolder | null = null;
      try {
        for await (const object of objectsUnder('users/')) {
          const folder = imageFolderOf(object.key);
          if (!folder) continue;
          if (current?.userId === folder.userId && current.imageId === folder.imageId) {
            if (object.modifiedAt > current.modifiedAt) current.modifiedAt = object.modifiedAt;
            continue;
          }
          if (current) yield current;
          current = { ...folder, modifiedAt: object.modifiedAt };
        }
      } catch (error) {
        throw unavailable(error);
      }
      if (current) yield current;
    },

    async checkReachable() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw unavailable(error);
      }
    },
  };
}
