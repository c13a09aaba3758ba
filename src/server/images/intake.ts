/**
 * Photo intake: the one call the upload route makes per file. Either the image is fully stored
 * (original + display + thumb) and its facts are returned, or an ImageIntakeError carrying the
 * spec's message is thrown and nothing of it remains in the store.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Readable, Transform } from 'node:stream';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { asIntakeError, ImageIntakeError, StorageUnavailableError } from './errors.js';
import { normalizeImage } from './normalize.js';
import {
  type AcceptedImageType,
  isAcceptedImageType,
  SNIFF_BYTES,
  sniffImageType,
} from './sniff.js';
import { type ImageStore, imageKey, imagePrefix } from './storage.js';

export interface IntakeDeps {
  store: ImageStore;
  /** Tests pass a fixed id; production uses random UUIDs (unguessable, no ordering leaks). */
  newImageId?: () => string;
  /** Where a failed clean-up is reported (a Fastify/pino logger fits). */
  log?: { error(details: object, message: string): void };
}

export interface IntakeRequest {
  userId: string;
  /** The upload as it arrives; it is streamed to storage, never buffered whole in memory here. */
  file: Readable | Uint8Array;
}

export interface IntakeResult {
  imageId: string;
  type: AcceptedImageType;
  width: number;
  height: number;
}

/**
 * The stored original is opaque bytes: it is never served, and if a future route ever did serve
 * it by mistake, a browser would download it rather than render (and script) it.
 */
const ORIGINAL_CONTENT_TYPE = 'application/octet-stream';

/** Passes bytes through untouched while keeping a copy of the first `limit` for sniffing. */
class HeadCapture extends Transform {
  private readonly chunks: Buffer[] = [];
  private captured = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    if (this.captured < this.limit) {
      const part = chunk.subarray(0, this.limit - this.captured);
      this.chunks.push(Buffer.from(part));
      this.captured += part.length;
    }
    this.push(chunk);
    callback();
  }

  head(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * Writes what passes through to a file as well, at the file's pace: the original's copy on this
 * machine when the store keeps none (S3), so it is decoded from the file, as on disk, rather than
 * read back from the bucket whole into memory (ADR 008).
 */
class FileCopy extends Transform {
  constructor(private readonly file: WriteStream) {
    super();
    // The file failing (no room, no folder) fails the upload; unheard, it would end the process.
    file.on('error', (error) => this.destroy(error));
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null, chunk?: Buffer) => void,
  ): void {
    this.file.write(chunk, (error) => callback(error ?? null, chunk));
  }

  override _flush(callback: (error?: Error | null) => void): void {
    this.file.end(() => callback());
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.file.destroy();
    callback(error);
  }
}

/** A private file for the original's copy, in the system's temporary folder. */
function originalCopy(imageId: string): { path: string; file: WriteStream } {
  const path = join(tmpdir(), `listsmith-original-${imageId}`);
  return { path, file: createWriteStream(path, { flags: 'wx', mode: 0o600 }) };
}

function toReadable(file: Readable | Uint8Array): Readable {
  if (file instanceof Readable) return file;
  return Readable.from([Buffer.from(file.buffer, file.byteOffset, file.byteLength)]);
}

/** The stored original's file, for a store that keeps its objects on this machine. */
async function storedOriginalFile(store: ImageStore, key: string): Promise<string> {
  const file = await store.localFile(key);
  if (!file) throw new Error('stored original disappeared before normalising');
  return file;
}

export async function intakeImage(deps: IntakeDeps, request: IntakeRequest): Promise<IntakeResult> {
  const { store } = deps;
  const imageId = (deps.newImageId ?? randomUUID)();
  const key = (variant: 'original' | 'display' | 'thumb') =>
    imageKey(request.userId, imageId, variant);
  let prefix: string;
  try {
    prefix = imagePrefix(request.userId, imageId);
  } catch (error) {
    throw asIntakeError(error);
  }

  const copy = store.keepsLocalFiles ? null : originalCopy(imageId);
  try {
    const capture = new HeadCapture(SNIFF_BYTES);
    const source = toReadable(request.file);
    // An upload error fails the write, and a write that stops early (size limit, disk error)
    // stops reading the upload too. pipeline() also sees a source that failed before we got
    // here: a multipart body complete without its closing boundary has its file part destroyed
    // by the parser before the route reads it, and a plain pipe() of it would wait forever.
    if (copy) pipeline(source, new FileCopy(copy.file), capture, () => {});
    else pipeline(source, capture, () => {});
    const size = await store.put(key('original'), capture, ORIGINAL_CONTENT_TYPE, {
      maxBytes: MAX_FILE_BYTES,
    });
    if (size === 0) throw new ImageIntakeError('empty');

    const type = sniffImageType(capture.head());
    if (type === 'avif') throw new ImageIntakeError('avif');
    if (!isAcceptedImageType(type)) throw new ImageIntakeError('unsupported-type');

    const normalized = await normalizeImage(
      copy ? copy.path : await storedOriginalFile(store, key('original')),
      type,
    );

    await store.put(key('display'), normalized.display.data, normalized.display.contentType);
    await store.put(key('thumb'), normalized.thumb.data, normalized.thumb.contentType);
    return { imageId, type, width: normalized.width, height: normalized.height };
  } catch (error) {
    const cleanup = store.deletePrefix(prefix).catch((cleanupError: unknown) => {
      deps.log?.error({ err: cleanupError, prefix }, 'could not remove a rejected upload');
    });
    // Not the file's fault and not a processing failure: the upload as a whole should stop, and
    // at once. The clean-up meets the same outage, so the answer does not wait for it (what it
    // cannot remove, the leftover sweep does).
    if (error instanceof StorageUnavailableError) throw error;
    await cleanup;
    throw asIntakeError(error);
  } finally {
    if (copy) await rm(copy.path, { force: true });
  }
}
