import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { intakeImage } from '#server/images/intake.js';
import { imageKey, type ImageStore } from '#server/images/storage.js';
import {
  BAD_DIR,
  byteStream,
  createTempStore,
  decompressionBombPng,
  ftypBox,
  readAll,
  type TempStore,
} from './support.js';

const USER = 'user-1';
let temp: TempStore;
beforeEach(async () => {
  temp = await createTempStore();
});
afterEach(async () => {
  await temp.cleanup();
});

function intake(file: Buffer | NodeJS.ReadableStream, store: ImageStore = temp.store) {
  return intakeImage({ store }, { userId: USER, file: file as Buffer });
}

async function expectRejected(file: Buffer, message: string, reason: string) {
  const attempt = intake(file);
  await expect(attempt).rejects.toThrow(message);
  await expect(attempt).rejects.toMatchObject({ reason });
  expect(await temp.files()).toEqual([]);
}

describe('the bad fixtures', () => {
  const bad = (name: string) => readFileSync(path.join(BAD_DIR, name));

  it('rejects the empty file', async () => {
    await expectRejected(bad('empty.jpg'), UPLOAD_MESSAGES.unsupportedFormat, 'empty');
  });

  it('rejects text renamed to .jpg by its content', async () => {
    await expectRejected(
      bad('text-renamed.jpg'),
      UPLOAD_MESSAGES.unsupportedFormat,
      'unsupported-type',
    );
  });

  it('rejects the truncated JPEG instead of keeping a half-grey picture', async () => {
    await expectRejected(bad('truncated.jpg'), UPLOAD_MESSAGES.unsupportedFormat, 'decode-failed');
  });

  it('accepts the PNG named .jpg as the PNG it is', async () => {
    const result = await intake(bad('png-named-as.jpg'));
    expect(result).toMatchObject({ type: 'png', width: 1360, height: 1190 });
  });

  it('rasterises the SVG with a script; only pixels are kept or served', async () => {
    const result = await intake(bad('script-inside.svg'));
    expect(result).toMatchObject({ type: 'svg' });
    const display = (await temp.store.get(imageKey(USER, result.imageId, 'display')))!;
    expect(display.contentType).toBe('image/jpeg');
    const pixels = await readAll(display.stream);
    expect(pixels.includes('<script')).toBe(false);
    expect(pixels.includes('svg-script-executed')).toBe(false);
    // Drawn, not dropped: the red circle is in the middle of a 2048 px rendering.
    const meta = await sharp(pixels).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 2048]);
    const [r, g, b] = await sharp(pixels)
      .extract({ left: 1024, top: 1024, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(r).toBeGreaterThan(170);
    expect(g! + b!).toBeLessThan(150);
    const original = (await temp.store.get(imageKey(USER, result.imageId, 'original')))!;
    expect(original.contentType).toBe('application/octet-stream');
  });
});

describe('hostile and broken input', () => {
  it('rejects a decompression bomb by its declared size, before decoding', async () => {
    const bomb = decompressionBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    await expectRejected(bomb, UPLOAD_MESSAGES.unsupportedFormat, 'too-many-pixels');
  });

  it('rejects an upload of 10 MB + 1 byte while streaming', async () => {
    const attempt = intakeImage(
      { store: temp.store },
      { userId: USER, file: byteStream(MAX_FILE_BYTES + 1) },
    );
    await expect(attempt).rejects.toThrow(UPLOAD_MESSAGES.fileTooLarge);
    await expect(attempt).rejects.toMatchObject({ reason: 'too-large', statusCode: 413 });
    expect(await temp.files()).toEqual([]);
  });

  it('rejects an AVIF disguised with a .jpg-friendly name (only content counts)', async () => {
    const avif = Buffer.concat([ftypBox('mif1', ['avif', 'miaf']), Buffer.alloc(200)]);
    await expectRejected(avif, UPLOAD_MESSAGES.unsupportedFormat, 'avif');
  });

  it('does not let an SVG pull in files from the server', async () => {
    const secret = path.join(BAD_DIR, '..', 'home-mug-black-yellow.jpg');
    const svg = (extra: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><rect width="100" height="100" fill="#fff"/>${extra}</svg>`,
      );
    const withImage = await intake(
      svg(
        `<image href="file://${secret}" xlink:href="file://${secret}" width="100" height="100"/>`,
      ),
    );
    const plain = await intake(svg(''));
    const read = async (id: string) =>
      readAll((await temp.store.get(imageKey(USER, id, 'display')))!.stream);
    const stats = await sharp(await read(withImage.imageId)).stats();
    expect(stats.channels.every((c) => c.min >= 250)).toBe(true); // still a blank white square
    expect(
      (await sharp(await read(plain.imageId)).stats()).channels[0]!.min,
    ).toBeGreaterThanOrEqual(250);
  });

  it('renders an SVG declaring an enormous canvas at display size', async () => {
    const huge = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="100000"><rect width="100%" height="100%" fill="#00f"/></svg>',
    );
    const result = await intake(huge);
    const display = await readAll(
      (await temp.store.get(imageKey(USER, result.imageId, 'display')))!.stream,
    );
    const meta = await sharp(display).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
  });
});

describe('HEIC', () => {
  it('accepts a real HEVC-encoded HEIC photo and stores a JPEG display copy', async () => {
    const heic = readFileSync(path.resolve('tests/fixtures/apparel-hoodie-red.heic'));
    const result = await intake(heic);
    expect(result.type).toBe('heic');
    const display = await readAll(
      (await temp.store.get(imageKey(USER, result.imageId, 'display')))!.stream,
    );
    expect((await sharp(display).metadata()).format).toBe('jpeg');
  });

  it('fails cleanly when an ISO-BMFF heic header carries no decodable image', async () => {
    const fake = Buffer.concat([ftypBox('heic', ['mif1', 'heic']), Buffer.alloc(512, 7)]);
    await expectRejected(fake, UPLOAD_MESSAGES.unsupportedFormat, 'decode-failed');
  });

  it('fails cleanly for a HEIF brand the decoder does not take', async () => {
    const fake = Buffer.concat([ftypBox('heim', ['mif1']), Buffer.alloc(512)]);
    await expectRejected(fake, UPLOAD_MESSAGES.unsupportedFormat, 'decode-failed');
  });
});

describe('photo facts and metadata', () => {
  it('applies EXIF orientation', async () => {
    const landscape = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#369' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(landscape).metadata()).orientation).toBe(6);
    const result = await intake(landscape);
    expect([result.width, result.height]).toEqual([100, 300]);
    const display = await readAll(
      (await temp.store.get(imageKey(USER, result.imageId, 'display')))!.stream,
    );
    const meta = await sharp(display).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([100, 300, undefined]);
  });

  it('strips GPS and every other EXIF field', async () => {
    const withGps = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#963' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.includes('PhoneCo')).toBe(true);
    const result = await intake(withGps);
    for (const variant of ['display', 'thumb'] as const) {
      const data = await readAll(
        (await temp.store.get(imageKey(USER, result.imageId, variant)))!.stream,
      );
      expect((await sharp(data).metadata()).exif, variant).toBeUndefined();
      expect(data.includes('PhoneCo')).toBe(false);
    }
  });
});

describe('failures after the original is stored', () => {
  it('removes the original and any variant when storing a variant fails', async () => {
    const flaky: ImageStore = {
      ...temp.store,
      put: (key, body, contentType, options) =>
        key.endsWith('/thumb')
          ? Promise.reject(new Error('disk full'))
          : temp.store.put(key, body, contentType, options),
    };
    const png = readFileSync(path.join(BAD_DIR, 'png-named-as.jpg'));
    const attempt = intake(png, flaky);
    await expect(attempt).rejects.toThrow(UPLOAD_MESSAGES.processingFailed);
    await expect(attempt).rejects.toMatchObject({ reason: 'processing-failed', statusCode: 500 });
    expect(await temp.files()).toEqual([]);
  });

  it('refuses a user id that is not a safe key segment', async () => {
    const attempt = intakeImage(
      { store: temp.store },
      { userId: '../other', file: Buffer.from('x') },
    );
    await expect(attempt).rejects.toThrow(UPLOAD_MESSAGES.processingFailed);
    expect(await temp.files()).toEqual([]);
  });
});
