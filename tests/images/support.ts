/** Shared helpers for the image intake tests: fixture paths, a throwaway store, crafted files. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32, deflateSync } from 'node:zlib';
import { createDiskImageStore, type ImageStore } from '#server/images/storage.js';

/** The shared photo fixtures, resolved from the repo root as the brief asks. */
export const PHOTOS_DIR = path.resolve(process.cwd(), '../shared/fixtures/photos');
export const BAD_DIR = path.join(PHOTOS_DIR, 'bad');

export interface TempStore {
  dir: string;
  store: ImageStore;
  /** Every file left under the store, temp files included, relative to its root. */
  files(): Promise<string[]>;
  cleanup(): Promise<void>;
}

export async function createTempStore(): Promise<TempStore> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'listsmith-images-'));
  return {
    dir,
    store: createDiskImageStore(dir),
    files: async () => {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => !entry.isDirectory())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .sort();
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A stream of `total` bytes in fresh 64 KiB chunks (fresh, so a store that buffered them would
 * show up in memory). `onChunk` runs before each chunk is handed over.
 */
export function byteStream(total: number, onChunk?: (sent: number) => void): Readable {
  const chunkSize = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += chunkSize) {
        onChunk?.(sent);
        yield Buffer.alloc(Math.min(chunkSize, total - sent), 0x61);
      }
    })(),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid 1-bit greyscale PNG declaring width x height pixels, all black. Rows of zero bytes
 * deflate about 1000:1, so 20000x20000 (400 megapixels) is a file of about 50 KB.
 */
export function decompressionBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const raw = Buffer.alloc(rowBytes * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An ISO-BMFF `ftyp` box with the given major and compatible brands. */
export function ftypBox(major: string, compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'ascii');
  box.write(major, 8, 'ascii');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'ascii'));
  return box;
}

/** Node's garbage collector, reachable without --expose-gc, so memory checks are not noise. */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
