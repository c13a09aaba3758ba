/**
 * Photo facts from raw RGB pixels (the ≤ 512 px working copy): background and product region
 * (pixel-regions.ts), the product's named colours, sharpness, brightness and orientation.
 * Pure and synchronous; decoding with sharp lives in analyzer/working-copies.ts.
 */
import { rgbPixelsToLab } from '#domain/color-space.js';
import { dominantColors } from './color-clusters.js';
import type { Orientation, PhotoEvidence } from './evidence.js';
import {
  estimateBackground,
  subjectOnBusyBackground,
  subjectOnPlainBackground,
  type LabImage,
} from './pixel-regions.js';

export interface RawRgb {
  width: number;
  height: number;
  /** 3 bytes per pixel, row-major. */
  data: Uint8Array;
}

/** Fewer product pixels than this share of the frame: nothing usable stands out. */
const MIN_SUBJECT_AREA = 0.01;
/** A colour must cover this share of the product to be named. */
const MIN_COLOR_SHARE = 0.08;
/** Aspect ratios within this of 1 count as square. */
const SQUARE_TOLERANCE = 0.05;
/**
 * Blur metric (0 sharp … 1 flat) above which the product looks soft at 512 px. On the fixture
 * photos originals measure 0.11–0.49 and copies blurred with σ = 2 px mostly 0.55–0.71.
 */
const SOFT_ABOVE = 0.52;
const DARK_BELOW = 30;
const BRIGHT_ABOVE = 85;
/** Width of the box blur the blur metric compares against. */
const REBLUR_TAPS = 9;

/** Inclusive pixel bounds in the analysis copy. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PixelAnalysis {
  photo: PhotoEvidence;
  /** Where the product is, when it could be told from a plain background; else null. */
  subjectBox: PixelBox | null;
}

function boundingBox(width: number, pixels: Uint32Array): PixelBox {
  const box = { x0: Infinity, y0: Infinity, x1: -1, y1: -1 };
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    if (x < box.x0) box.x0 = x;
    if (x > box.x1) box.x1 = x;
    if (y < box.y0) box.y0 = y;
    if (y > box.y1) box.y1 = y;
  }
  return box;
}

/**
 * No-reference blur metric of Crété-Roffet et al. (2007) on the lightness inside a box: blur the
 * image again and see how much its neighbour differences drop. A sharp image loses much of its
 * detail to the extra blur, an already blurred one hardly any. Unlike the variance of the
 * Laplacian it does not mistake a smooth product (a plain white T-shirt) for a blurred photo.
 * Returns 0 (sharp) … 1 (nothing left to lose).
 */
export function blurMetric({ lab, width }: LabImage, box: PixelBox): number {
  const half = REBLUR_TAPS >> 1;
  const l = (x: number, y: number) => lab[(y * width + x) * 3]!;
  let [original, kept] = [0, 0];
  // Horizontal then vertical direction, each with the blur along that direction.
  for (const [dx, dy] of [
    [1, 0],
    [0, 1],
  ] as const) {
    for (let y = box.y0 + (half + 1) * dy; y <= box.y1 - half * dy; y++) {
      for (let x = box.x0 + (half + 1) * dx; x <= box.x1 - half * dx; x++) {
        const sharpStep = Math.abs(l(x, y) - l(x - dx, y - dy));
        // The step between two neighbouring box-blur windows: only their end pixels differ.
        const blurredStep =
          Math.abs(l(x + half * dx, y + half * dy) - l(x - (half + 1) * dx, y - (half + 1) * dy)) /
          REBLUR_TAPS;
        original += sharpStep;
        kept += Math.max(0, sharpStep - blurredStep);
      }
    }
  }
  return original === 0 ? 1 : (original - kept) / original;
}

function orientationOf(width: number, height: number): Orientation {
  const ratio = width / height;
  if (Math.abs(ratio - 1) <= SQUARE_TOLERANCE) return 'square';
  return ratio > 1 ? 'landscape' : 'portrait';
}

function meanLightness(lab: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < lab.length; i += 3) sum += lab[i]!;
  return sum / (lab.length / 3);
}

export function analyzePixels(raw: RawRgb): PixelAnalysis {
  const { width, height } = raw;
  const count = width * height;
  const image: LabImage = { width, height, lab: rgbPixelsToLab(raw.data) };
  const { lab: backgroundLab, ...background } = estimateBackground(image);

  const subject =
    background.kind === 'plain' ? subjectOnPlainBackground(image, backgroundLab) : null;
  const usesSubject = subject !== null && subject.length >= count * MIN_SUBJECT_AREA;
  const region = usesSubject ? subject : subjectOnBusyBackground(image);

  const box = boundingBox(width, region);
  const blur = blurMetric(image, box);
  const lightness = meanLightness(image.lab);
  const photo: PhotoEvidence = {
    width,
    height,
    orientation: orientationOf(width, height),
    background,
    colorRegion: usesSubject ? 'subject' : 'centre',
    colors: dominantColors(image.lab, region, MIN_COLOR_SHARE),
    subjectArea: usesSubject ? region.length / count : null,
    sharpness: { level: blur > SOFT_ABOVE ? 'soft' : 'sharp', blur },
    brightness: {
      level: lightness < DARK_BELOW ? 'dark' : lightness > BRIGHT_ABOVE ? 'bright' : 'balanced',
      meanLightness: lightness,
    },
  };
  return { photo, subjectBox: usesSubject ? box : null };
}
