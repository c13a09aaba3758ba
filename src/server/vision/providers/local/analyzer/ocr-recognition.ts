/**
 * PaddleOCR v4 text recognition around the model run: each text box cropped from the RGB copy
 * and resized to the model's 48 px height in one typed-array pass (written straight into the
 * batch tensor), and the model's per-step class probabilities decoded to text (CTC, greedy).
 */
import type { RawRgb } from '../pixel-analysis.js';
import { quadSize, type Point, type Quad } from './ocr-detection.js';

/** The recognition model's input height. */
export const LINE_HEIGHT = 48;
/** Boxes at least this much taller than wide hold vertical text: they are read turned 90°. */
const VERTICAL_RATIO = 1.5;

/** Whether `quad` holds vertical text (taller than wide by VERTICAL_RATIO), read turned. */
export function isVertical(quad: Quad): boolean {
  const { width, height } = quadSize(quad);
  return height / width >= VERTICAL_RATIO;
}
/** Batch widths are rounded up to this, so similar lines share one batch shape. */
const WIDTH_STEP = 8;

export interface LineBatch {
  /** NCHW float planes, B then G then R, 0..1; padding is 0. */
  data: Float32Array;
  count: number;
  width: number;
}

/** A line's frame in the copy: origin, then the vectors along its width and its height. */
interface LineFrame {
  origin: Point;
  along: Point;
  across: Point;
  width: number;
  height: number;
}

/** The frame the recogniser reads `quad` in; vertical text turned counter-clockwise, as PaddleOCR does. */
function lineFrame(quad: Quad): LineFrame {
  const [tl, tr, br, bl] = quad;
  const { width, height } = quadSize(quad);
  const vector = (from: Point, to: Point): Point => [to[0] - from[0], to[1] - from[1]];
  if (isVertical(quad)) {
    // Turned: the right side becomes the top, read from the top right corner downwards.
    return {
      origin: tr,
      along: vector(tr, br),
      across: vector(tr, tl),
      width: height,
      height: width,
    };
  }
  return { origin: tl, along: vector(tl, tr), across: vector(tl, bl), width, height };
}

/** Width of the line once resized to the model's height. */
export function lineWidth(quad: Quad): number {
  const { width, height } = lineFrame(quad);
  return Math.max(1, Math.ceil((LINE_HEIGHT * width) / height));
}

/**
 * Writes `quad` of `copy` resized to LINE_HEIGHT × `outWidth` into the batch at `offset`. Each
 * output pixel averages n × n bilinear samples (n = the shrink factor rounded up), so a large
 * label shrinks without aliasing; the quad may lie at any angle.
 */
function writeLine(
  copy: RawRgb,
  quad: Quad,
  outWidth: number,
  batch: Float32Array,
  offset: number,
  stride: number,
): void {
  const { origin, along, across, height } = lineFrame(quad);
  const samples = Math.max(1, Math.ceil(height / LINE_HEIGHT));
  const weight = 1 / (255 * samples * samples);
  const plane = LINE_HEIGHT * stride;
  const maxX = copy.width - 1;
  const maxY = copy.height - 1;
  const sum = [0, 0, 0];
  for (let oy = 0; oy < LINE_HEIGHT; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      sum[0] = sum[1] = sum[2] = 0;
      for (let sy = 0; sy < samples; sy++) {
        const t = (oy + (sy + 0.5) / samples) / LINE_HEIGHT;
        for (let sx = 0; sx < samples; sx++) {
          const s = (ox + (sx + 0.5) / samples) / outWidth;
          // Pixel centres sit at +0.5; outside the copy its edge repeats.
          const x = Math.min(maxX, Math.max(0, origin[0] + along[0] * s + across[0] * t - 0.5));
          const y = Math.min(maxY, Math.max(0, origin[1] + along[1] * s + across[1] * t - 0.5));
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const x1 = Math.min(maxX, x0 + 1);
          const y1 = Math.min(maxY, y0 + 1);
          const fx = x - x0;
          const fy = y - y0;
          const a = (y0 * copy.width + x0) * 3;
          const b = (y0 * copy.width + x1) * 3;
          const c = (y1 * copy.width + x0) * 3;
          const d = (y1 * copy.width + x1) * 3;
          for (let channel = 0; channel < 3; channel++) {
            const top = copy.data[a + channel]! * (1 - fx) + copy.data[b + channel]! * fx;
            const low = copy.data[c + channel]! * (1 - fx) + copy.data[d + channel]! * fx;
            sum[channel]! += top * (1 - fy) + low * fy;
          }
        }
      }
      for (let channel = 0; channel < 3; channel++) {
        // B, G, R planes scaled to 0..1, as @gutenye/ocr-common fed the model: on the fixture
        // photos this read more than PaddleOCR's (x / 255 - 0.5) / 0.5 ("Tropicana", spaces).
        batch[offset + channel * plane + oy * stride + ox] = sum[2 - channel]! * weight;
      }
    }
  }
}

/** The boxes as one batch, each line left-aligned and padded on the right to the widest one. */
export function lineBatch(copy: RawRgb, boxes: readonly Quad[]): LineBatch {
  const widths = boxes.map(lineWidth);
  const width = Math.ceil(Math.max(...widths) / WIDTH_STEP) * WIDTH_STEP;
  const size = 3 * LINE_HEIGHT * width;
  const data = new Float32Array(boxes.length * size);
  boxes.forEach((box, n) => writeLine(copy, box, widths[n]!, data, n * size, width));
  return { data, count: boxes.length, width };
}

export interface DecodedLine {
  text: string;
  /** Mean of the kept characters' probabilities; 0 when none was kept. */
  confidence: number;
}

/**
 * Greedy CTC decoding of one line: the most probable class at each step, repeats collapsed,
 * blanks (class 0) dropped; class i is `alphabet[i - 1]`.
 */
export function ctcDecode(
  probabilities: Float32Array,
  offset: number,
  steps: number,
  classes: number,
  alphabet: readonly string[],
): DecodedLine {
  let text = '';
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    const base = offset + step * classes;
    let best = 0;
    let bestProbability = probabilities[base]!;
    for (let k = 1; k < classes; k++) {
      if (probabilities[base + k]! > bestProbability) {
        best = k;
        bestProbability = probabilities[base + k]!;
      }
    }
    if (best !== 0 && best !== previous) {
      text += alphabet[best - 1] ?? '';
      sum += bestProbability;
      kept++;
    }
    previous = best;
  }
  return { text, confidence: kept ? sum / kept : 0 };
}
