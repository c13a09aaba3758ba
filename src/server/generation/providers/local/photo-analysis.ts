/**
 * Photo facts (background, colours, sharpness, brightness, orientation) of one photo, from the
 * analyzer's ≤ 512 px working copy: the same single decode the other evidence steps read
 * (analyzer/working-copies.ts), so this never decodes the file a second way.
 */
import { decodeWorkingCopies } from './analyzer/working-copies.js';
import type { PhotoEvidence } from './evidence.js';
import { analyzePixels } from './pixel-analysis.js';

/** A photo that cannot be decoded fails with VisionProviderError('malformed'). */
export async function analyzePhoto(image: Buffer): Promise<PhotoEvidence> {
  return analyzePixels((await decodeWorkingCopies(image)).analysis);
}
