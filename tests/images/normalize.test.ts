import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/domain/upload-rules.js';
import { MAX_INPUT_PIXELS, normalizeImage } from '../../src/server/images/normalize.js';
import { decompressionBombPng, PHOTOS_DIR } from './support.js';

const PNG = path.join(PHOTOS_DIR, 'bottles-water-bottles-pair.png');

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
