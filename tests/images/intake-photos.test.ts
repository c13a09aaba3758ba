import { createReadStream, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { intakeImage } from '#server/images/intake.js';
import { DISPLAY_MAX_SIDE, THUMB_MAX_SIDE } from '#server/images/normalize.js';
import { imageKey, type ImageStore } from '#server/images/storage.js';
import { createTempStore, PHOTOS_DIR, readAll, type TempStore } from './support.js';

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
};
const USER = 'user-1';

let temp: TempStore;
beforeAll(async () => {
  temp = await createTempStore();
});
afterAll(async () => {
  await temp.cleanup();
});

async function stored(
  store: ImageStore,
  imageId: string,
  variant: 'original' | 'display' | 'thumb',
) {
  const object = await store.get(imageKey(USER, imageId, variant));
  expect(object, `${variant} stored`).not.toBeNull();
  return { contentType: object!.contentType, data: await readAll(object!.stream) };
}

/** Mean of each channel over an image, as sharp reports it. */
async function channelMeans(input: Buffer): Promise<number[]> {
  const { channels } = await sharp(input).stats();
  return channels.map((channel) => channel.mean);
}

describe('every real photo goes through intake', () => {
  const photos = readdirSync(PHOTOS_DIR).filter((name) => path.extname(name) in TYPE_BY_EXTENSION);

  it.each(photos)('%s', async (name) => {
    const file = path.join(PHOTOS_DIR, name);
    const source = await sharp(file, { pages: 1 }).metadata();
    const result = await intakeImage(
      { store: temp.store },
      { userId: USER, file: createReadStream(file) },
    );

    expect(result.type).toBe(TYPE_BY_EXTENSION[path.extname(name)]);
    expect([result.width, result.height]).toEqual([source.width, source.height]);

    const original = await stored(temp.store, result.imageId, 'original');
    expect(original.contentType).toBe('application/octet-stream');
    expect(original.data.length).toBe(statSync(file).size);

    const display = await stored(temp.store, result.imageId, 'display');
    expect(display.contentType).toBe('image/jpeg');
    const displayMeta = await sharp(display.data).metadata();
    expect(displayMeta).toMatchObject({ format: 'jpeg', space: 'srgb', channels: 3 });
    expect(displayMeta.exif).toBeUndefined(); // no GPS, no camera serials
    expect(displayMeta.icc).toBeUndefined(); // untagged means sRGB to every browser
    const scale = Math.min(1, DISPLAY_MAX_SIDE / Math.max(result.width, result.height));
    expect(displayMeta.width).toBeCloseTo(result.width * scale, -0.5);
    expect(displayMeta.height).toBeCloseTo(result.height * scale, -0.5);

    const thumb = await stored(temp.store, result.imageId, 'thumb');
    expect(thumb.contentType).toBe('image/webp');
    const thumbMeta = await sharp(thumb.data).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', space: 'srgb', hasAlpha: false });
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBeLessThanOrEqual(THUMB_MAX_SIDE);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('rejects the AVIF photo with the spec message and stores nothing of it', async () => {
    const before = await temp.files();
    const file = path.join(PHOTOS_DIR, 'food-yeast-granules.avif');
    const attempt = intakeImage(
      { store: temp.store },
      { userId: USER, file: createReadStream(file) },
    );
    await expect(attempt).rejects.toThrow(UPLOAD_MESSAGES.unsupportedFormat);
    await expect(attempt).rejects.toMatchObject({ reason: 'avif', statusCode: 415 });
    expect(await temp.files()).toEqual(before);
  });
});

describe('format details', () => {
  it('takes only the first frame of the animated GIF', async () => {
    const file = path.join(PHOTOS_DIR, 'food-bread-slicing-animated.gif');
    expect((await sharp(file).metadata()).pages).toBe(14);
    const result = await intakeImage(
      { store: temp.store },
      { userId: USER, file: readFileSync(file) },
    );
    // All 14 frames would load as one 1920x15120 strip.
    expect([result.width, result.height]).toEqual([1920, 1080]);
    const display = await stored(temp.store, result.imageId, 'display');
    const meta = await sharp(display.data).metadata();
    expect([meta.width, meta.height, meta.pages]).toEqual([1920, 1080, undefined]);
    const firstFrame = await sharp(file, { page: 0 }).flatten({ background: '#fff' }).toBuffer();
    const means = await channelMeans(display.data);
    (await channelMeans(firstFrame)).slice(0, 3).forEach((mean, i) => {
      expect(means[i]).toBeCloseTo(mean, -0.5);
    });
  });

  it('puts a transparent PNG on white', async () => {
    const file = path.join(PHOTOS_DIR, 'apparel-tshirt-black-alpha.png');
    const corner = await sharp(file)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect(corner[3]).toBe(0); // fully transparent in the original
    const result = await intakeImage(
      { store: temp.store },
      { userId: USER, file: readFileSync(file) },
    );
    for (const variant of ['display', 'thumb'] as const) {
      const { data } = await stored(temp.store, result.imageId, variant);
      const pixel = await sharp(data)
        .extract({ left: 2, top: 2, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(
        [...pixel].every((value) => value >= 250),
        `${variant} corner is white`,
      ).toBe(true);
    }
  });

  it('converts the Adobe RGB photos to sRGB instead of dropping the profile', async () => {
    const file = path.join(PHOTOS_DIR, 'accessories-belt-leather.jpg');
    const icc = (await sharp(file).metadata()).icc!;
    expect(icc.toString('latin1')).toContain('Adobe RGB (1998)');
    const result = await intakeImage(
      { store: temp.store },
      { userId: USER, file: readFileSync(file) },
    );
    const { data } = await stored(temp.store, result.imageId, 'display');

    const small = (input: Buffer | string, ignoreIcc = false) =>
      sharp(input, { ignoreIcc }).resize(64, 64, { fit: 'fill' }).raw().toBuffer();
    const distance = (a: Buffer, b: Buffer) =>
      a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;
    const ours = await small(data);
    expect(distance(ours, await small(file))).toBeLessThan(0.8); // colour-managed rendering
    expect(distance(ours, await small(file, true))).toBeGreaterThan(1.5); // numbers read as sRGB
  });

  it('maps a saturated Adobe RGB green back to sRGB green', async () => {
    // Encode pure sRGB green into Adobe RGB numbers, tagged with the fixture's own profile.
    const iccPath = path.join(temp.dir, 'adobe-rgb.icc');
    writeFileSync(
      iccPath,
      (await sharp(path.join(PHOTOS_DIR, 'home-tea-set-glass.jpg')).metadata()).icc!,
    );
    const green = { r: 0, g: 200, b: 0 };
    const adobe = await sharp({ create: { width: 64, height: 64, channels: 3, background: green } })
      .withIccProfile(iccPath)
      .jpeg({ quality: 95 })
      .toBuffer();
    const [rawRed] = await channelMeans(await sharp(adobe, { ignoreIcc: true }).toBuffer());
    expect(rawRed).toBeGreaterThan(40); // the stored numbers are not sRGB green

    const result = await intakeImage({ store: temp.store }, { userId: USER, file: adobe });
    const [red, greenMean, blue] = await channelMeans(
      (await stored(temp.store, result.imageId, 'display')).data,
    );
    expect(red).toBeLessThan(12);
    expect(greenMean).toBeGreaterThan(188);
    expect(blue).toBeLessThan(12);
  });
});
