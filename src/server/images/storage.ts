/**
 * Where image bytes live. The embedded default keeps files under DATA_DIR/uploads/; with
 * S3_BUCKET set they go to S3-compatible object storage (s3-storage.ts). Keys are the same in
 * both, so image URLs do not depend on where the bytes are (docs/decisions/027-object-storage.md).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { ImageIntakeError } from './errors.js';

export interface StoredObject {
  stream: Readable;
  contentType: string;
  size: number;
}

export interface PutOptions {
  /** Abort and store nothing once the body grows past this many bytes (default: 10 MB). */
  maxBytes?: number;
}

export interface ImageStore {
  /** Streams `body` to `key`; the object appears whole or not at all. Resolves to the byte count. */
  put(
    key: string,
    body: Readable | Uint8Array,
    contentType: string,
    options?: PutOptions,
  ): Promise<number>;
  get(key: string): Promise<StoredObject | null>;
  /**
   * The object's file on this machine, for a reader that can open a file itself (sharp decodes
   * an original from it without holding it whole); null when the store keeps no such file (S3)
   * or the object is absent.
   */
  localFile(key: string): Promise<string | null>;
  /** Whether `localFile` finds stored objects (a disk store) or never does (S3). */
  readonly keepsLocalFiles: boolean;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key lies under the folder `prefix` (e.g. `users/{userId}`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every image folder in the store, with when it last changed (for sweeping leftovers). */
  listImages(): AsyncIterable<StoredImageFolder>;
  /** Rejects unless the store can be read and written now (readiness). */
  checkReachable(): Promise<void>;
}

export interface StoredImageFolder {
  userId: string;
  imageId: string;
  /** The newest change to the folder or anything in it. */
  modifiedAt: Date;
}

export type ImageVariant = 'original' | 'display' | 'thumb';

/** Ids become path segments, so they are held to a conservative alphabet. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A key segment: no leading dot (keeps `.`, `..` and our temp files out), no separators. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const META_SUFFIX = '.meta.json';

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

function assertSafeId(label: string, id: string): void {
  if (!SAFE_ID.test(id)) throw new StorageKeyError(`invalid ${label}: ${JSON.stringify(id)}`);
}

export function userPrefix(userId: string): string {
  assertSafeId('user id', userId);
  return `users/${userId}`;
}

export function imagePrefix(userId: string, imageId: string): string {
  assertSafeId('image id', imageId);
  return `${userPrefix(userId)}/${imageId}`;
}

export function imageKey(userId: string, imageId: string, variant: ImageVariant): string {
  return `${imagePrefix(userId, imageId)}/${variant}`;
}

/**
 * Throws unless `key` is a relative path of safe segments: no `..`, no absolute paths, no
 * backslashes or drive letters, nothing that could collide with a metadata sidecar.
 */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const ok =
    key.length > 0 &&
    key.length <= 512 &&
    segments.every((segment) => SAFE_SEGMENT.test(segment) && !segment.endsWith(META_SUFFIX));
  if (!ok) throw new StorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
}

/** The user and image of a key under `users/{userId}/{imageId}/…`, or null for any other key. */
export function imageFolderOf(key: string): { userId: string; imageId: string } | null {
  const [root, userId, imageId, rest] = key.split('/');
  if (root !== 'users' || rest === undefined || !userId || !imageId) return null;
  if (!SAFE_ID.test(userId) || !SAFE_ID.test(imageId)) return null;
  return { userId, imageId };
}

/** Counts bytes on their way through and fails the pipeline as soon as there are too many. */
export function byteLimit(maxBytes: number, counter: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counter.bytes += chunk.length;
      if (counter.bytes > maxBytes) callback(new ImageIntakeError('too-large'));
      else callback(null, chunk);
    },
  });
}

interface Sidecar {
  contentType: string;
}

/** Names of the sub-folders of `dir` that are valid ids (none when `dir` does not exist). */
async function foldersIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory() && SAFE_ID.test(e.name)).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The latest mtime of a folder and its files: a file being written keeps its folder young. */
async function newestChange(dir: string): Promise<Date | null> {
  try {
    const times = [(await stat(dir)).mtimeMs];
    for (const name of await readdir(dir)) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info) times.push(info.mtimeMs);
    }
    return new Date(Math.max(...times));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The embedded default: one file per key under `rootDir`, content type in a sidecar beside it. */
export function createDiskImageStore(rootDir: string): ImageStore {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, ...key.split('/'));
    // Belt and braces: the key rules already make escaping impossible.
    if (!file.startsWith(root + path.sep)) throw new StorageKeyError(`key escapes store: ${key}`);
    return file;
  }

  /** Temp names start with a dot, which no valid key segment does, so they never collide. */
  function tempFor(file: string): string {
    const suffix = randomBytes(6).toString('hex');
    return path.join(path.dirname(file), `.${path.basename(file)}.${suffix}.tmp`);
  }

  async function writeAtomically(
    file: string,
    body: Readable | Uint8Array,
    maxBytes: number,
  ): Promise<number> {
    const temp = tempFor(file);
    const counter = { bytes: 0 };
    try {
      const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
      // flush: fsync before rename, so a power cut cannot leave a renamed but empty file.
      const sink = createWriteStream(temp, { flags: 'wx', flush: true });
      await pipeline(source, byteLimit(maxBytes, counter), sink);
      await rename(temp, file);
      return counter.bytes;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async put(key, body, contentType, options = {}) {
      // An upload can fail while we are still creating folders, before pipeline() listens;
      // without a listener that error would crash the process. pipeline() still sees it,
      // because it checks whether a stream has already errored.
      if (body instanceof Readable) body.on('error', () => {});
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      const bytes = await writeAtomically(file, body, options.maxBytes ?? MAX_FILE_BYTES);
      // The sidecar is written last: it is the commit marker `get` requires.
      const sidecar: Sidecar = { contentType };
      const temp = tempFor(file + META_SUFFIX);
      try {
        await writeFile(temp, JSON.stringify(sidecar), { flag: 'wx', flush: true });
        await rename(temp, file + META_SUFFIX);
      } catch (error) {
        await rm(temp, { force: true });
        await rm(file, { force: true });
        throw error;
      }
      return bytes;
    },

    async get(key) {
      const file = fileFor(key);
      try {
        const sidecar = JSON.parse(await readFile(file + META_SUFFIX, 'utf8')) as Sidecar;
        const { size } = await stat(file);
        return { stream: createReadStream(file), contentType: sidecar.contentType, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    keepsLocalFiles: true,

    async localFile(key) {
      const file = fileFor(key);
      try {
        // The sidecar marks a whole object, as in `get`.
        await access(file + META_SUFFIX);
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      // Sidecar first: without it the object already counts as absent.
      await rm(file + META_SUFFIX, { force: true });
      await rm(file, { force: true });
    },

    async deletePrefix(prefix) {
      const folder = fileFor(prefix.replace(/\/+$/, ''));
      await rm(folder, { recursive: true, force: true });
    },

    async *listImages() {
      for (const userId of await foldersIn(path.join(root, 'users'))) {
        const userDir = path.join(root, 'users', userId);
        for (const imageId of await foldersIn(userDir)) {
          const modifiedAt = await newestChange(path.join(userDir, imageId));
          // Gone between listing and looking: deleted meanwhile, nothing to report.
          if (modifiedAt) yield { userId, imageId, modifiedAt };
        }
      }
    },

    async checkReachable() {
      // A shared DATA_DIR (a network mount) can be missing or read-only on one host.
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
