/**
 * Turns an accepted original into the two images Listsmith ever serves:
 *
 * - display: JPEG, longest side ≤ 2048 px. JPEG because every consumer takes it: browsers, the
 *   vision model APIs, Shopify and Squarespace imports. Transparency is flattened onto white,
 *   the usual store background, so what the seller reviews is what gets published.
 * - thumb: WebP, longest side ≤ 400 px, made from the display image (only our SPA shows it, and
 *   WebP is about a third smaller at the same quality). Also on white, to match the display.
 *
 * Both are sRGB with all metadata stripped (sharp's default): embedded ICC profiles such as
 * Adobe RGB are converted rather than dropped, and EXIF (GPS, camera serials) never leaves.
 * Originals are never served, so a hostile SVG is only ever seen as pixels.
 */
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { ImageIntakeError } from './errors.js';
import { HeicDecodeError, decodeHeic } from './heic-decoder.js';
import { readBounded } from './read-bounded.js';
import { rasteriseSvg } from './svg-rasterise.js';
import type { AcceptedImageType } from './sniff.js';

// Every upload is a different image, so libvips' operation cache never hits; it only holds memory.
sharp.cache(false);

export const DISPLAY_MAX_SIDE = 2048;
export const THUMB_MAX_SIDE = 400;
/** 40 MP: above any phone or DSLR photo we expect, far below what a decompression bomb claims. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** CPU budget per image; a huge GIF frame must not hold a pool thread forever (SVGs have their own). */
const DECODE_TIMEOUT_SECONDS = 30;

export interface RenderedImage {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  bytes: number;
}

export interface NormalizedImage {
  type: AcceptedImageType;
  /** Size of the original as it is meant to be seen (after EXIF orientation). */
  width: number;
  height: number;
  display: RenderedImage;
  thumb: RenderedImage;
}

/** Formats sharp decodes in this process (heic and svg are decoded off it, see below). */
type RasterType = Exclude<AcceptedImageType, 'heic' | 'svg'>;

/** sharp's name for each of them. */
const SHARP_FORMAT: Record<RasterType, string> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
};

const BASE_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  // Rejects truncated or corrupt pixel data (a half-grey JPEG) but tolerates the harmless
  // warnings many camera files raise ('warning' would turn those away).
  failOn: 'error',
  // Animated GIF/WebP: the first frame only.
  pages: 1,
  page: 0,
};

/** Maps a decoder failure to its rejection reason; the decoder's text stays in `detail`. */
function decodeFailure(error: unknown): ImageIntakeError {
  if (error instanceof ImageIntakeError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const reason = /pixel limit/i.test(detail) ? 'too-many-pixels' : 'decode-failed';
  return new ImageIntakeError(reason, detail, { cause: error });
}

interface OpenedSource {
  image: Sharp;
  width: number;
  height: number;
}

/**
 * HEIC: sharp's prebuilt libvips has no HEVC decoder, so libheif (WASM) decodes to RGBA, in a
 * worker thread (heic-decoder.ts) because it takes about a second of CPU per 12 MP photo.
 */
async function openHeic(buffer: Buffer): Promise<OpenedSource> {
  try {
    const { width, height, data } = await decodeHeic(buffer, MAX_INPUT_PIXELS);
    // libheif has already applied the HEIF rotation/mirror boxes; there is no EXIF to honour.
    const image = sharp(data, {
      raw: { width, height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
    return { image, width, height };
  } catch (error) {
    if (error instanceof HeicDecodeError) {
      throw new ImageIntakeError(error.reason, error.detail, { cause: error });
    }
    throw decodeFailure(error);
  }
}

/**
 * SVG: rendered at display size by a child process under a hard deadline (svg-rasterise.ts);
 * what comes back is plain pixels, never a document anything else parses.
 */
async function openSvg(buffer: Buffer): Promise<OpenedSource> {
  try {
    const { width, height, data } = await rasteriseSvg(buffer, {
      maxSide: DISPLAY_MAX_SIDE,
      maxPixels: MAX_INPUT_PIXELS,
    });
    const image = sharp(data, {
      raw: { width, height, channels: 4 },
      limitInputPixels: MAX_INPUT_PIXELS,
    });
    return { image, width, height };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/** `input`: the image's bytes, or the path of its file (which libvips reads as it decodes). */
async function openWithSharp(input: Buffer | string, type: RasterType): Promise<OpenedSource> {
  try {
    const meta = await sharp(input, BASE_OPTIONS).metadata();
    // The sniffer and the decoder must agree, or a polyglot file could pick its own decoder.
    if (meta.format !== SHARP_FORMAT[type]) {
      throw new ImageIntakeError('type-mismatch', `sniffed ${type}, decoder saw ${meta.format}`);
    }
    if (!meta.width || !meta.height) throw new ImageIntakeError('decode-failed', 'no dimensions');
    const { width, height } = meta;
    if (width * height > MAX_INPUT_PIXELS) {
      throw new ImageIntakeError('too-many-pixels', `${width}x${height}`);
    }
    const image = sharp(input, BASE_OPTIONS);
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { image, width: height, height: width } : { image, width, height };
  } catch (error) {
    throw decodeFailure(error);
  }
}

async function openSource(
  input: Buffer | Readable | string,
  type: AcceptedImageType,
): Promise<OpenedSource> {
  // A raster original on disk is decoded from its file, so it never sits whole in memory next
  // to its decoded pixels (ADR 008). HEIC and SVG decoders take bytes.
  if (typeof input === 'string' && type !== 'heic' && type !== 'svg') {
    const { size } = await stat(input);
    if (size > MAX_FILE_BYTES) throw new ImageIntakeError('too-large');
    if (size === 0) throw new ImageIntakeError('empty');
    return openWithSharp(input, type);
  }
  const buffer = await readBounded(input);
  if (buffer.length === 0) throw new ImageIntakeError('empty');
  if (type === 'heic') return openHeic(buffer);
  if (type === 'svg') return openSvg(buffer);
  return openWithSharp(buffer, type);
}

export async function normalizeImage(
  input: Buffer | Readable | string,
  type: AcceptedImageType,
): Promise<NormalizedImage> {
  const source = await openSource(input, type);

  let display: RenderedImage;
  try {
    const { data, info } = await source.image
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({
        width: DISPLAY_MAX_SIDE,
        height: DISPLAY_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 85, progressive: true })
      .toBuffer({ resolveWithObject: true });
    display = {
      data,
      contentType: 'image/jpeg',
      width: info.width,
      height: info.height,
      bytes: data.length,
    };
  } catch (error) {
    // The pixels are decoded here for the first time, so a truncated file fails here.
    throw decodeFailure(error);
  }

  let thumb: RenderedImage;
  try {
    const { data, info } = await sharp(display.data)
      .resize({
        width: THUMB_MAX_SIDE,
        height: THUMB_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumb = {
      data,
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      bytes: data.length,
    };
  } catch (error) {
    // Our own JPEG failed to re-encode: not the uploader's fault.
    throw new ImageIntakeError('processing-failed', String(error), { cause: error });
  }

  return { type, width: source.width, height: source.height, display, thumb };
}
