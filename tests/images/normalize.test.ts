import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { ImageIntakeError } from '#server/images/errors.js';
import { decodeHeic } from '#server/images/heic-decoder.js';
import { MAX_INPUT_PIXELS, normalizeImage } from '#server/images/normalize.js';
import { BAD_DIR, decompressionBombPng, ftypBox, PHOTOS_DIR } from './support.js';

const PNG = path.join(PHOTOS_DIR, 'bottles-water-bottles-pair.png');
/** A real HEVC-coded HEIC made with heif-enc from the red hoodie photo (tests/fixtures/SOURCES.md). */
const HEIC = readFileSync(new URL('../fixtures/apparel-hoodie-red.heic', import.meta.url));

describe('normalizeImage', () => {
  it('takes a path, a buffer or a stream and gives the same facts', async () => {
    const results = await Promise.all([
      normalizeImage(PNG, 'png'),
      normalizeImage(readFileSync(PNG), 'png'),
      normalizeImage(createReadStream(PNG), 'png'),
    ]);
    for (const result of results) {
      expect(result).toMatchObject({ type: 'png', width: 1360, height: 1190 });
      expect(result.display).toMatchObject({
        contentType: 'image/jpeg',
        width: 1360,
        height: 1190,
      });
      expect(result.thumb).toMatchObject({ contentType: 'image/webp', width: 400, height: 350 });
      expect(result.display.bytes).toBe(result.display.data.length);
      // A file is decoded as it is read, bytes whole: the images come out the same.
      expect(result.display.data.equals(results[0]!.display.data)).toBe(true);
      expect(result.thumb.data.equals(results[0]!.thumb.data)).toBe(true);
    }
  });

  it('refuses a bad file for the same reason whether it comes as a path or as bytes', async () => {
    const cases = [
      ['empty.jpg', 'jpeg'],
      ['truncated.jpg', 'jpeg'],
      ['png-named-as.jpg', 'jpeg'],
      ['text-renamed.jpg', 'jpeg'],
    ] as const;
    for (const [name, type] of cases) {
      const file = path.join(BAD_DIR, name);
      const fromBytes = await normalizeImage(readFileSync(file), type).catch((e: unknown) => e);
      const fromFile = await normalizeImage(file, type).catch((e: unknown) => e);
      expect(fromBytes, name).toBeInstanceOf(ImageIntakeError);
      expect(fromFile, name).toMatchObject({
        reason: (fromBytes as ImageIntakeError).reason,
        message: (fromBytes as ImageIntakeError).message,
      });
    }
  });

  it('shrinks to 2048 / 400 px on the longest side and never enlarges', async () => {
    const wide = await sharp({
      create: { width: 5000, height: 1000, channels: 3, background: '#abc' },
    })
      .png()
      .toBuffer();
    const big = await normalizeImage(wide, 'png');
    expect([big.display.width, big.display.height]).toEqual([2048, 410]);
    expect([big.thumb.width, big.thumb.height]).toEqual([400, 80]);

    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abc' } })
      .webp()
      .toBuffer();
    const small = await normalizeImage(tiny, 'webp');
    expect([small.display.width, small.display.height, small.thumb.width]).toEqual([40, 30, 40]);
  });

  it('refuses content the decoder reads as another type than the sniffer did', async () => {
    await expect(normalizeImage(readFileSync(PNG), 'jpeg')).rejects.toMatchObject({
      reason: 'type-mismatch',
      message: UPLOAD_MESSAGES.unsupportedFormat,
    });
  });

  it('holds to the pixel limit exactly', async () => {
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
    // 8000 x 5000 = 40 MP is allowed; one more row is not.
    await expect(normalizeImage(decompressionBombPng(8000, 5001), 'png')).rejects.toMatchObject({
      reason: 'too-many-pixels',
    });
    const atLimit = await normalizeImage(decompressionBombPng(8000, 5000), 'png');
    expect([atLimit.width, atLimit.height]).toEqual([8000, 5000]);
  });
});

describe('HEIC, decoded in a worker thread', () => {
  it('decodes the real HEIC fixture to the photo it was made from', async () => {
    const result = await normalizeImage(HEIC, 'heic');
    expect(result).toMatchObject({ type: 'heic', width: 640, height: 560 });
    expect(result.display).toMatchObject({ contentType: 'image/jpeg', width: 640, height: 560 });
    expect(result.thumb).toMatchObject({ contentType: 'image/webp', width: 400, height: 350 });
    // The hoodie in the middle is red, the corner is the white it was flattened onto.
    const pixel = (left: number, top: number) =>
      sharp(result.display.data).extract({ left, top, width: 1, height: 1 }).raw().toBuffer();
    const [r, g, b] = await pixel(320, 280);
    expect(r).toBeGreaterThan(180);
    expect(g! + b!).toBeLessThan(160);
    expect([...(await pixel(3, 3))].every((value) => value >= 240)).toBe(true);
  });

  it('returns RGBA pixels for parallel calls and leaves the caller’s bytes intact', async () => {
    const input = new Uint8Array(HEIC);
    const decoded = await Promise.all([
      decodeHeic(input, MAX_INPUT_PIXELS),
      decodeHeic(input, MAX_INPUT_PIXELS),
    ]);
    for (const image of decoded) {
      expect([image.width, image.height, image.data.length]).toEqual([640, 560, 640 * 560 * 4]);
    }
    expect(decoded[0]!.data.equals(decoded[1]!.data)).toBe(true);
    expect(Buffer.from(input).equals(HEIC)).toBe(true); // not detached by the transfer
  });

  it('refuses a HEIC above the pixel limit before decoding it', async () => {
    await expect(decodeHeic(HEIC, 640 * 560 - 1)).rejects.toMatchObject({
      reason: 'too-many-pixels',
    });
    // The worker survives a refusal and decodes the next photo.
    await expect(decodeHeic(HEIC, MAX_INPUT_PIXELS)).resolves.toMatchObject({ width: 640 });
  });

  it('fails cleanly for a truncated HEIC and a header with no image', async () => {
    // libheif's own reason (it only prints it) reaches the detail the server logs.
    await expect(normalizeImage(HEIC.subarray(0, 4000), 'heic')).rejects.toMatchObject({
      reason: 'decode-failed',
      message: UPLOAD_MESSAGES.unsupportedFormat,
      detail: expect.stringMatching(/Decoding image failed.*Unexpected end of file/s),
    });
    const fake = Buffer.concat([ftypBox('heic', ['mif1', 'heic']), Buffer.alloc(512, 7)]);
    await expect(normalizeImage(fake, 'heic')).rejects.toMatchObject({
      reason: 'decode-failed',
      detail: expect.stringMatching(/Could not parse HEIF file/),
    });
  });
});
