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
import { MAX_INPUT_PIXELS } from '#server/images/normalize.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import type { PixelBox, RawRgb } from '../pixel-analysis.js';

/** Longest side of the copy for pixel analysis and the classifier. */
export const ANALYSIS_MAX_SIDE = 512;
/** Longest side of the copy for text and barcodes; OCR time grows with the pixel count. */
export const READING_MAX_SIDE = 1280;
/** Side of the classifier's square input. */
export const CLASSIFIER_SIDE = 224;
/** The classic ImageNet evaluation crop: shorter side to 256, then the middle 224. */
const CENTRE_CROP_SHORT_SIDE = 256;
/** Room left around the product in the subject view, as a share of its longer side. */
const SUBJECT_MARGIN = 0.06;
/** Busy background: the subject view is the middle square of this share of the shorter side. */
const BUSY_SUBJECT_SHARE = 0.7;
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
  /**
   * The product alone: a square around where pixel analysis found it (padded with the background
   * colour where the square runs off the frame), or the middle of a busy frame. A small product
   * in a wide shot fills this view as it would fill an ImageNet photo.
   */
  subject: RawRgb;
}

/** Where the subject view is cut: a square in analysis-copy pixels, possibly beyond the frame. */
interface Square {
  left: number;
  top: number;
  side: number;
}

function subjectSquare(width: number, height: number, box: PixelBox | null): Square {
  if (box === null) {
    const side = Math.max(1, Math.round(Math.min(width, height) * BUSY_SUBJECT_SHARE));
    return { left: (width - side) >> 1, top: (height - side) >> 1, side };
  }
  const boxWidth = box.x1 - box.x0 + 1;
  const boxHeight = box.y1 - box.y0 + 1;
  const side = Math.round(Math.max(boxWidth, boxHeight) * (1 + 2 * SUBJECT_MARGIN));
  return {
    left: Math.round(box.x0 + boxWidth / 2 - side / 2),
    top: Math.round(box.y0 + boxHeight / 2 - side / 2),
    side,
  };
}

/** The square cut from the frame, the part outside it filled with `background`. */
async function cutSquare(analysis: RawRgb, square: Square, background: string): Promise<RawRgb> {
  const left = Math.max(0, square.left);
  const top = Math.max(0, square.top);
  const right = Math.min(analysis.width, square.left + square.side);
  const bottom = Math.min(analysis.height, square.top + square.side);
  // Two passes: sharp resizes before it extends, and the square must be whole before resizing.
  const cut = await toRawRgb(
    rawInput(analysis)
      .extract({ left, top, width: right - left, height: bottom - top })
      .extend({
        left: left - square.left,
        top: top - square.top,
        right: square.left + square.side - right,
        bottom: square.top + square.side - bottom,
        background,
      }),
  );
  return toRawRgb(rawInput(cut).resize({ width: CLASSIFIER_SIDE, height: CLASSIFIER_SIDE }));
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

/**
 * The classifier's three views of the analysis copy. `subjectBox` and `background` (a '#rrggbb'
 * colour) come from pixel analysis; without a box the frame is taken to be busy.
 */
export async function classifierInputs(
  analysis: RawRgb,
  subjectBox: PixelBox | null,
  background: string,
): Promise<ClassifierInputs> {
  const scale = CENTRE_CROP_SHORT_SIDE / Math.min(analysis.width, analysis.height);
  const width = Math.max(CLASSIFIER_SIDE, Math.round(analysis.width * scale));
  const height = Math.max(CLASSIFIER_SIDE, Math.round(analysis.height * scale));
  const [centreCrop, letterbox, subject] = await Promise.all([
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
    cutSquare(analysis, subjectSquare(analysis.width, analysis.height, subjectBox), background),
  ]);
  return { centreCrop, letterbox, subject };
}
