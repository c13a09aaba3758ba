/**
 * Every evidence step on one photo: one decode (working-copies.ts), then pixel facts, ImageNet
 * classes, text and barcode, each timed. Steps run one after another: each model has one
 * thread, and the pool (analyzer-pool.ts) runs photos side by side instead.
 *
 * `analyzePhotoInProcess` runs on the calling thread with models loaded once per thread; the
 * worker pool runs exactly this in each worker.
 */
import sharp from 'sharp';
import type { ListingEvidence } from '../evidence.js';
import { analyzePixels } from '../pixel-analysis.js';
import { createBarcodeReader, type BarcodeReader } from './barcode-reader.js';
import { createClassifier, type Classifier } from './classifier.js';
import { createTextReader, type TextReader } from './text-reader.js';
import { classifierInputs, decodeWorkingCopies } from './working-copies.js';

export interface AnalyzerTimings {
  decode: number;
  pixels: number;
  classify: number;
  ocr: number;
  barcode: number;
  total: number;
}

export interface AnalyzedPhoto {
  evidence: ListingEvidence;
  /** Milliseconds per step (one decimal); not part of the evidence, they vary run to run. */
  timingsMs: AnalyzerTimings;
}

export interface AnalyzerModels {
  classifier: Classifier;
  textReader: TextReader;
  barcodeReader: BarcodeReader;
}

export async function loadAnalyzerModels(): Promise<AnalyzerModels> {
  const [classifier, textReader, barcodeReader] = await Promise.all([
    createClassifier(),
    createTextReader(),
    createBarcodeReader(),
  ]);
  return { classifier, textReader, barcodeReader };
}

/** Frees the native sessions (classifier, OCR) so the thread can end without tearing them down. */
export async function releaseAnalyzerModels(models: AnalyzerModels): Promise<void> {
  await Promise.all([models.classifier.release(), models.textReader.release()]);
}

const elapsed = (since: number) => Math.round((performance.now() - since) * 10) / 10;

export async function analyzePhotoWith(
  models: AnalyzerModels,
  image: Buffer,
): Promise<AnalyzedPhoto> {
  const start = performance.now();
  let mark = start;
  const lap = () => {
    const ms = elapsed(mark);
    mark = performance.now();
    return ms;
  };

  const copies = await decodeWorkingCopies(image);
  const decode = lap();
  const { photo, subjectBox } = analyzePixels(copies.analysis);
  const pixels = lap();
  const { classes, appearance } = await models.classifier.classify(
    await classifierInputs(copies.analysis, subjectBox, photo.background.hex),
  );
  const classify = lap();
  const text = await models.textReader.read(copies.reading);
  const ocr = lap();
  const barcode = await models.barcodeReader.read(copies.reading);
  const barcodeMs = lap();

  return {
    evidence: { photo, classes, appearance, text, barcode },
    timingsMs: { decode, pixels, classify, ocr, barcode: barcodeMs, total: elapsed(start) },
  };
}

/**
 * A drawn product with a label of text-like bars, for the warm-up: every step runs on it, and
 * the text detector has a label to look at (it reads no words there).
 */
export function warmUpPhoto(): Promise<Buffer> {
  const lines = [0, 1, 2]
    .map((row) =>
      [0, 1, 2]
        .map(
          (word) =>
            `<rect x="${300 + word * 70}" y="${235 + row * 34}" width="${48 + ((row + word) % 3) * 8}" height="16" fill="#1f2933"/>`,
        )
        .join(''),
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="#f4f1ea"/>
    <rect x="250" y="150" width="300" height="330" rx="28" fill="#2d4a6b"/>
    <rect x="280" y="215" width="240" height="130" fill="#ffffff"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/**
 * Runs every step once on a drawn photo, so the seller's first photo does not pay for the
 * first run of each model (onnxruntime sets up its memory and kernels on the first inference),
 * the decoder and the JIT: ~100 ms of the first photo's ~600 ms, measured on the fixtures.
 */
export async function warmUpAnalyzer(models: AnalyzerModels): Promise<void> {
  await analyzePhotoWith(models, await warmUpPhoto());
}

let models: Promise<AnalyzerModels> | undefined;

/** Analyzes on this thread; the models load on the first call and stay for the next ones. */
export async function analyzePhotoInProcess(image: Buffer): Promise<AnalyzedPhoto> {
  models ??= loadAnalyzerModels().catch((error: unknown) => {
    models = undefined; // a failed load is retried by the next call rather than cached
    throw error;
  });
  return analyzePhotoWith(await models, image);
}
