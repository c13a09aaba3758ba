/**
 * ImageNet classes of a photo, from the MobileNet v2 model shipped in
 * src/server/vision/models/ (NOTICE.md there; float32, so every CPU gives the same classes:
 * ADR 012). The centre crop, the white-letterboxed copy and the subject view are classified
 * one after another and their probabilities averaged: the crop sees the middle larger, the
 * letterbox keeps what sits at the edges (a long baguette, a sofa's arms), the subject view sees
 * the product alone.
 *
 * The averaged raw scores (logits, before softmax) also give the photo's appearance: a unit
 * vector that points the same way for photos of similar things, even things ImageNet has no class
 * for, so a new photo can be compared with the seller's earlier ones (category/lookalikes.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { z } from 'zod';
import type { ImageClassScore } from '../evidence.js';
import type { RawRgb } from '../pixel-analysis.js';
import { CLASSIFIER_SIDE, type ClassifierInputs } from './working-copies.js';

const MODEL_DIR = new URL('../../../models/mobilenetv2-12/', import.meta.url);
const MODEL_FILE = fileURLToPath(new URL('mobilenetv2-12-float32.onnx', MODEL_DIR));
const LABELS_FILE = fileURLToPath(new URL('imagenet-simple-labels.json', MODEL_DIR));
const CLASS_COUNT = 1000;
/** Normalisation the model was trained with (its README), per RGB channel. */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;
const TOP_CLASSES = 5;

export interface Classification {
  /** The highest averaged probabilities, best first. */
  classes: ImageClassScore[];
  /** The averaged logits scaled to unit length (1000 numbers). */
  appearance: number[];
}

export interface Classifier {
  classify(inputs: ClassifierInputs): Promise<Classification>;
  release(): Promise<void>;
}

/** RGB bytes → normalised float planes (NCHW) written at `offset` of `into`. */
function writePlanes(image: RawRgb, into: Float32Array, offset: number): void {
  const plane = CLASSIFIER_SIDE * CLASSIFIER_SIDE;
  if (image.width * image.height !== plane) throw new Error('classifier input must be 224 × 224');
  for (let channel = 0; channel < 3; channel++) {
    const scale = 1 / (255 * STD[channel]!);
    const shift = MEAN[channel]! / STD[channel]!;
    const base = offset + channel * plane;
    for (let i = 0; i < plane; i++) into[base + i] = image.data[i * 3 + channel]! * scale - shift;
  }
}

function softmaxInto(logits: Float32Array, from: number, sums: Float64Array, weight: number) {
  let max = -Infinity;
  for (let i = 0; i < CLASS_COUNT; i++) max = Math.max(max, logits[from + i]!);
  let total = 0;
  for (let i = 0; i < CLASS_COUNT; i++) total += Math.exp(logits[from + i]! - max);
  for (let i = 0; i < CLASS_COUNT; i++) {
    sums[i]! += (weight * Math.exp(logits[from + i]! - max)) / total;
  }
}

/** `values` scaled to unit length, as plain numbers (they cross worker threads and JSON). */
function unitVector(values: Float64Array): number[] {
  const length = Math.hypot(...values) || 1;
  return [...values].map((value) => value / length);
}

/** The highest averaged probabilities, best first; equal scores keep the model's class order. */
function topClasses(
  probabilities: Float64Array,
  labels: readonly string[],
  count = TOP_CLASSES,
): ImageClassScore[] {
  return [...probabilities.keys()]
    .sort((a, b) => probabilities[b]! - probabilities[a]! || a - b)
    .slice(0, count)
    .map((index) => ({ index, label: labels[index]!, score: probabilities[index]! }));
}

/**
 * Loads the model (~0.1 s) with one intra-op thread (parallelism comes from the worker pool) and
 * without onnxruntime's memory arena: a run needs ≤ 13 MB, cheap to take from malloc each time,
 * which the arena would keep in every worker (59 MB once).
 */
export async function createClassifier(): Promise<Classifier> {
  const labels = z
    .array(z.string().min(1))
    .length(CLASS_COUNT)
    .parse(JSON.parse(readFileSync(LABELS_FILE, 'utf8')));
  const session = await InferenceSession.create(MODEL_FILE, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: false,
  });
  const [inputName] = session.inputNames;
  const [outputName] = session.outputNames;
  if (!inputName || !outputName) throw new Error('classifier model has no input or output');

  return {
    async classify({ centreCrop, letterbox, subject }) {
      const views = [centreCrop, letterbox, subject];
      const probabilities = new Float64Array(CLASS_COUNT);
      const meanLogits = new Float64Array(CLASS_COUNT);
      // One view per run: a batch of three would keep a three times larger activation buffer in
      // every worker for as long as it lives (about 35 MB more each), for no gain in speed.
      const input = new Float32Array(3 * CLASSIFIER_SIDE * CLASSIFIER_SIDE);
      for (const view of views) {
        writePlanes(view, input, 0);
        const outputs = await session.run({
          [inputName]: new Tensor('float32', input, [1, 3, CLASSIFIER_SIDE, CLASSIFIER_SIDE]),
        });
        const logits = outputs[outputName]?.data;
        if (!(logits instanceof Float32Array) || logits.length !== CLASS_COUNT) {
          throw new Error('classifier returned an unexpected output');
        }
        softmaxInto(logits, 0, probabilities, 1 / views.length);
        for (let i = 0; i < CLASS_COUNT; i++) meanLogits[i]! += logits[i]! / views.length;
      }
      return { classes: topClasses(probabilities, labels), appearance: unitVector(meanLogits) };
    },
    release: () => session.release(),
  };
}
