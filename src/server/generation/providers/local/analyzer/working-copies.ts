/**
 * The one decode of a photo, and the small copies every evidence step reads from it.
 *
 * The compressed file is decoded once, straight to the ≤ 1280 px reading copy (libjpeg shrinks
 * while decoding, so a 24 MP JPEG never exists at full size): EXIF-rotated, transparency
 * flattened on white (a transparent PNG must not read as a black product on black), sRGB, 3
 * bytes a pixel. The ≤ 512 px analysis copy and the classifier's 224 px inputs are resized from
 * raw pixels, which costs a few milliseconds.
 */
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { MAX_INPUT_PIXELS } from '../../../../images/normalize.js';
import { VisionProviderError } from '../../vision-provider.js';
import type { RawRgb } from '../pixel-analysis.js';

/** Longest side of the copy for pixel analysis and the classifier. */
export const ANALYSIS_MAX_SIDE = 512;
/** Longest side of the copy for text and barcodes; OCR time grows with the pixel count. */
export const READING_MAX_SIDE = 1280;
/** Side of the classifier's square input. */
export const CLASSIFIER_SIDE = 224;
/** The classic ImageNet evaluation crop: shorter side to 256, then the middle 224. */
const CENTRE_CROP_SHORT_SIDE = 256;
/** CPU budget for the decode; a pathological file must not hold a worker forever. */
const DECODE_TIMEOUT_SECONDS = 30;

/**
 * Raster formats as sharp reports them. SVG is left out on purpose: intake rasterises it safely
 * before anything else sees it, so an SVG reaching the analyzer is not a photo.
 */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

export interface WorkingCopies {
  /** ≤ 512 px: pixel analysis and classifier inputs. */
  analysis: RawRgb;
  /** ≤ 1280 px: text and barcode reading. */
  reading: RawRgb;
}

export interface ClassifierInputs {
  /** Shorter side scaled to 256, middle 224 × 224 kept. */
  centreCrop: RawRgb;
  /** The whole photo fitted into 224 × 224 on white, so nothing at the edges is cut off. */
  letterbox: RawRgb;
}

function rawInput(copy: RawRgb) {
  return sharp(copy.data, { raw: { width: copy.width, height: copy.height, channels: 3 } });
}

async function toRawRgb(pipeline: Sharp): Promise<RawRgb> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { width: info.width, height: info.height, data };
}

function malformed(error: unknown): VisionProviderError {
  if (error instanceof VisionProviderError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new VisionProviderError('malformed', `cannot decode the photo: ${detail}`, {
    cause: error,
  });
}

/** Decodes `image` once; a file that is not a decodable raster photo is a 'malformed' failure. */
export async function decodeWorkingCopies(image: Buffer): Promise<WorkingCopies> {
  try {
    const options: SharpOptions = {
      limitInputPixels: MAX_INPUT_PIXELS,
      // Truncated or corrupt pixel data fails; harmless camera warnings do not.
      failOn: 'error',
      // Animated GIF/WebP: the first frame.
      pages: 1,
    };
    const { format } = await sharp(image, options).metadata();
    if (!PHOTO_FORMATS.has(format)) {
      throw new VisionProviderError('malformed', `not a raster photo (${format})`);
    }
    const reading = await toRawRgb(
      sharp(image, options)
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .autoOrient()
        .resize({
          width: READING_MAX_SIDE,
          height: READING_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .removeAlpha(),
    );
    const analysis = await toRawRgb(
      rawInput(reading).resize({
        width: ANALYSIS_MAX_SIDE,
        height: ANALYSIS_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
    return { analysis, reading };
  } catch (error) {
    throw malformed(error);
  }
}

/** The classifier's two views of the analysis copy. */
export async function classifierInputs(analysis: RawRgb): Promise<ClassifierInputs> {
  const scale = CENTRE_CROP_SHORT_SIDE / Math.min(analysis.width, analysis.height);
  const width = Math.max(CLASSIFIER_SIDE, Math.round(analysis.width * scale));
  const height = Math.max(CLASSIFIER_SIDE, Math.round(analysis.height * scale));
  const [centreCrop, letterbox] = await Promise.all([
    toRawRgb(
      rawInput(analysis)
        .resize({ width, height, fit: 'fill' })
        .extract({
          left: (width - CLASSIFIER_SIDE) >> 1,
          top: (height - CLASSIFIER_SIDE) >> 1,
          width: CLASSIFIER_SIDE,
          height: CLASSIFIER_SIDE,
        }),
    ),
    toRawRgb(
      rawInput(analysis).resize({
        width: CLASSIFIER_SIDE,
        height: CLASSIFIER_SIDE,
        fit: 'contain',
        background: '#ffffff',
      }),
    ),
  ]);
  return { centreCrop, letterbox };
}
