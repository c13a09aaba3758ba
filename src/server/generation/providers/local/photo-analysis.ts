/**
 * Decodes a photo into the small working copy the pixel analysis reads: EXIF-rotated, at most
 * 512 px on its longest side, transparency on white (as the display image is), sRGB, 3 bytes a
 * pixel. Shrinking first is what keeps the analysis in tens of milliseconds (libjpeg decodes
 * straight at a fraction of the size; sharp's stats on a 24 MP original would take ~1.3 s).
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../../../images/normalize.js';
import type { PhotoEvidence } from './evidence.js';
import { analyzePixels } from './pixel-analysis.js';

export const ANALYSIS_MAX_SIDE = 512;

export async function analyzePhoto(image: Buffer): Promise<PhotoEvidence> {
  const { data, info } = await sharp(image, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
    pages: 1,
  })
    .autoOrient()
    .resize({
      width: ANALYSIS_MAX_SIDE,
      height: ANALYSIS_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return analyzePixels({ width: info.width, height: info.height, data });
}
