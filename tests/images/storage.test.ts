import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { ImageIntakeError } from '#server/images/errors.js';
import { imageKey, imagePrefix, StorageKeyError, userPrefix } from '#server/images/storage.js';
import { byteStream, createTempStore, exposeGc, readAll, type TempStore } from './support.js';

let temp: TempStore;
beforeEach(async () => {
  temp = await createTempStore();
});
afterEach(async () => {
  await temp.cleanup();
});

describe('disk image store', () => {
  it('round-trips bytes and content type from a buffer and from a stream', async () => {
    const { store } = temp;
    await store.put('users/u1/img1/display', Buffer.from('jpeg bytes'), 'image/jpeg');
    await store.put(
      'users/u1/img1/thumb',
      Readable.from([Buffer.from('we'), Buffer.from('bp')]),
      'image/webp',
    );

    const display = await store.get('users/u1/img1/display');
    expect(display).toMatchObject({ contentType: 'image/jpeg', size: 10 });
    expect((await readAll(display!.stream)).toString()).toBe('jpeg bytes');
    const thumb = await store.get('users/u1/img1/thumb');
    expect(thumb).toMatchObject({ contentType: 'image/webp', size: 4 });
    expect((await readAll(thumb!.stream)).toString()).toBe('webp');
  });

  it('answers null for a missing key', async () => {
    expect(await temp.store.get('users/u1/nothing/original')).toBeNull();
    expect(await temp.store.localFile('users/u1/nothing/original')).toBeNull();
  });

  it("names a whole object's file, for readers that open it themselves", async () => {
    await temp.store.put('users/u1/img1/original', Buffer.from('png bytes'), 'image/png');
    const file = await temp.store.localFile('users/u1/img1/original');
    expect(file).toBe(path.join(temp.dir, 'users', 'u1', 'img1', 'original'));
    expect(await readFile(file!, 'utf8')).toBe('png bytes');
  });

  it('replaces an object whole and leaves no temp files', async () => {
    const { store } = temp;
    await store.put('a/b', Buffer.from('first'), 'text/plain');
    await store.put('a/b', Buffer.from('second'), 'image/png');
    const object = await store.get('a/b');
    expect(object?.contentType).toBe('image/png');
    expect((await readAll(object!.stream)).toString()).toBe('second');
    expect(await temp.files()).toEqual(['a/b', 'a/b.meta.json']);
  });

  it('deletes one key', async () => {
    await temp.store.put('a/b', Buffer.from('x'), 'text/plain');
    await temp.store.delete('a/b');
    expect(await temp.store.get('a/b')).toBeNull();
    expect(await temp.files()).toEqual([]);
  });

  it("deletes everything of one user and nothing of anyone else's", async () => {
    const { store } = temp;
    for (const user of ['u1', 'u10', 'u2']) {
      for (const variant of ['original', 'display', 'thumb'] as const) {
        await store.put(imageKey(user, 'img1', variant), Buffer.from(user), 'image/jpeg');
        await store.put(imageKey(user, 'img2', variant), Buffer.from(user), 'image/jpeg');
      }
    }
    await store.deletePrefix(userPrefix('u1'));
    const left = await temp.files();
    expect(left.filter((file) => file.startsWith('users/u1/'))).toEqual([]);
    expect(left.filter((file) => file.startsWith('users/u10/'))).toHaveLength(12);
    expect(left.filter((file) => file.startsWith('users/u2/'))).toHaveLength(12);
    await store.deletePrefix(`${imagePrefix('u2', 'img1')}/`); // a trailing slash is fine

    expect(await store.get(imageKey('u2', 'img1', 'display'))).toBeNull();
    expect(await store.get(imageKey('u2', 'img2', 'display'))).not.toBeNull();
  });

  it.each([
    '../escape',
    'users/../../etc/passwd',
    'users/u1/..',
    'users/./u1',
    '/etc/passwd',
    '//server/share',
    'C:/Windows/win.ini',
    'users\\u1\\img',
    'users//u1',
    '',
    '.hidden',
    'users/u1/img/original.meta.json',
    'users/u1/img/%2e%2e',
    'users/u1/img/na\u0000me',
  ])('rejects the key %j everywhere', async (key) => {
    const { store } = temp;
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(StorageKeyError);
    await expect(store.get(key)).rejects.toThrow(StorageKeyError);
    await expect(store.delete(key)).rejects.toThrow(StorageKeyError);
    await expect(store.deletePrefix(key)).rejects.toThrow(StorageKeyError);
    expect(await temp.files()).toEqual([]);
  });

  it('refuses ids that are not single safe segments', () => {
    expect(() => userPrefix('../admin')).toThrow(StorageKeyError);
    expect(() => imageKey('u1', 'a/b', 'original')).toThrow(StorageKeyError);
    expect(() => imagePrefix('u1', '')).toThrow(StorageKeyError);
  });
});

describe('streaming size limit', () => {
  it('stores exactly 10 MB', async () => {
    const size = await temp.store.put(
      'big/ok',
      byteStream(MAX_FILE_BYTES),
      'application/octet-stream',
    );
    expect(size).toBe(MAX_FILE_BYTES);
    expect((await temp.store.get('big/ok'))?.size).toBe(MAX_FILE_BYTES);
  });

  it('rejects 10 MB + 1 byte with the spec message and removes the partial file', async () => {
    const attempt = temp.store.put(
      'big/no',
      byteStream(MAX_FILE_BYTES + 1),
      'application/octet-stream',
    );
    await expect(attempt).rejects.toThrow(ImageIntakeError);
    await expect(attempt).rejects.toThrow(UPLOAD_MESSAGES.fileTooLarge);
    expect(await temp.files()).toEqual([]);
  });

  it('honours a smaller per-call limit', async () => {
    const attempt = temp.store.put('small/no', Buffer.alloc(11), 'text/plain', { maxBytes: 10 });
    await expect(attempt).rejects.toMatchObject({ reason: 'too-large', statusCode: 413 });
    expect(await temp.files()).toEqual([]);
  });

  it('removes the partial file when the upload breaks off', async () => {
    // read() runs only once the store consumes the stream, so the break always comes mid-write
    // (a timer could fire before the store starts writing and test nothing).
    let reads = 0;
    const broken = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(Buffer.alloc(100_000));
        else this.destroy(new Error('client went away'));
      },
    });
    await expect(temp.store.put('cut/off', broken, 'image/jpeg')).rejects.toThrow(
      'client went away',
    );
    expect(await temp.files()).toEqual([]);
  });

  it('removes the partial file when the upload fails midway', async () => {
    const failing = Readable.from(
      (function* () {
        for (let i = 0; i < 20; i++) yield Buffer.alloc(64 * 1024);
        throw new Error('connection reset');
      })(),
    );
    await expect(temp.store.put('cut/midway', failing, 'image/jpeg')).rejects.toThrow(
      'connection reset',
    );
    expect(await temp.files()).toEqual([]);
  });

  it('keeps memory flat while writing 9 MB', async () => {
    const gc = exposeGc();
    const total = 9 * 1024 * 1024;
    const used = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const baseline = used();
    let peak = 0;
    const stream = byteStream(total, (sent) => {
      // Sampling every 512 KiB: enough to see buffering, cheap enough to stay quick.
      if (sent % (512 * 1024) === 0) peak = Math.max(peak, used() - baseline);
    });
    await temp.store.put('mem/check', stream, 'application/octet-stream');
    // A store that held the upload in memory would grow by ~9 MB; streaming stays near zero.
    expect(peak).toBeLessThan(total / 4);
  });
});
