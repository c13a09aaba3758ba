/**
 * PaddleOCR v4 text detection around the model run: the model's input and, from its probability
 * map, the text boxes. Plain typed-array code instead of opencv.js (whose wasm heap held
 * ~600 MB per engine): the map is thresholded, its connected regions become axis-aligned boxes,
 * and each box is grown back to the text's full extent (the model is trained on shrunk boxes).
 *
 * Constants follow PaddleOCR's DB post-processing defaults (thresh 0.3, box_thresh 0.6,
 * unclip_ratio 1.5, min_size 3, max_candidates 1000).
 */
import sharp from 'sharp';
import type { RawRgb } from '../pixel-analysis.js';

/** Model input sides must be multiples of this. */
const SIDE_STEP = 32;
/** A map pixel above this probability is text. */
export const PIXEL_THRESHOLD = 0.3;
/** A region's mean probability must reach this to count as a text box. */
export const BOX_THRESHOLD = 0.6;
/** How far a box grows: by area × ratio / perimeter on every side. */
export const UNCLIP_RATIO = 1.5;
/** Regions thinner than this (map pixels) are noise. */
const MIN_SIDE = 3;
/** More regions than this on one photo is texture, not text; the rest are ignored. */
const MAX_CANDIDATES = 1000;
/**
 * PaddleOCR's ImageNet normalisation. It reads images as BGR and applies these per channel in
 * that order, so the planes here are B, G, R with the listed values (as the model was trained).
 */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** A box in pixels: left/top inclusive, right/bottom exclusive. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface ScoredBox extends Box {
  /** Mean text probability of the region's pixels. */
  score: number;
}

export interface DetectionInput {
  /** NCHW float planes, B then G then R. */
  data: Float32Array;
  width: number;
  height: number;
}

/** Side lengths for the model: the longest side at most `maxSide`, each a multiple of 32. */
export function detectionSize(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const round = (side: number) => Math.max(SIDE_STEP, Math.round((side * scale) / SIDE_STEP) * SIDE_STEP);
  return { width: round(width), height: round(height) };
}

/** The copy resized to the model's sides (aspect stretched a little, as PaddleOCR does), normalised. */
export async function detectionInput(copy: RawRgb, maxSide: number): Promise<DetectionInput> {
  const { width, height } = detectionSize(copy.width, copy.height, maxSide);
  const rgb = await sharp(copy.data, {
    raw: { width: copy.width, height: copy.height, channels: 3 },
  })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer();
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  for (let channel = 0; channel < 3; channel++) {
    const scale = 1 / (255 * STD[channel]!);
    const shift = MEAN[channel]! / STD[channel]!;
    const source = 2 - channel; // B, G, R planes from R, G, B bytes
    const base = channel * plane;
    for (let i = 0; i < plane; i++) data[base + i] = rgb[i * 3 + source]! * scale - shift;
  }
  return { data, width, height };
}

/**
 * Regions of 8-connected pixels above `threshold`, each with its bounding box and mean
 * probability, in scan order (by topmost row, then leftmost pixel of that row).
 */
export function textRegions(
  probabilities: Float32Array,
  width: number,
  height: number,
  threshold = PIXEL_THRESHOLD,
): ScoredBox[] {
  const visited = new Uint8Array(width * height);
  // Each pixel enters the stack at most once, so the stack never outgrows the map.
  const stack = new Int32Array(width * height);
  const regions: ScoredBox[] = [];
  for (let start = 0; start < probabilities.length; start++) {
    if (visited[start] || !(probabilities[start]! > threshold)) continue;
    if (regions.length === MAX_CANDIDATES) break;
    let left = width;
    let top = height;
    let right = 0;
    let bottom = 0;
    let sum = 0;
    let count = 0;
    let size = 0;
    stack[size++] = start;
    visited[start] = 1;
    while (size > 0) {
      const at = stack[--size]!;
      const x = at % width;
      const y = (at - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x + 1);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
      sum += probabilities[at]!;
      count++;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (visited[next] || !(probabilities[next]! > threshold)) continue;
          visited[next] = 1;
          stack[size++] = next;
        }
      }
    }
    regions.push({ left, top, right, bottom, score: sum / count });
  }
  return regions;
}

/** Grows a box on every side by area × ratio / perimeter (PaddleOCR's unclip, for rectangles). */
export function unclip(box: Box, ratio = UNCLIP_RATIO): Box {
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  const distance = (width * height * ratio) / (2 * (width + height));
  return {
    left: box.left - distance,
    top: box.top - distance,
    right: box.right + distance,
    bottom: box.bottom + distance,
  };
}

const shorterSide = (box: Box) => Math.min(box.right - box.left, box.bottom - box.top);

/**
 * Text boxes from the probability map, in the coordinates of an image `scaleX`/`scaleY` times
 * the map's size, whole pixels clipped to it; top to bottom, then left to right.
 */
export function textBoxes(
  probabilities: Float32Array,
  map: { width: number; height: number },
  image: { width: number; height: number },
): Box[] {
  const scaleX = image.width / map.width;
  const scaleY = image.height / map.height;
  const boxes: Box[] = [];
  for (const region of textRegions(probabilities, map.width, map.height)) {
    if (shorterSide(region) < MIN_SIDE || region.score < BOX_THRESHOLD) continue;
    const grown = unclip(region);
    if (shorterSide(grown) < MIN_SIDE + 2) continue;
    const box = {
      left: Math.max(0, Math.floor(grown.left * scaleX)),
      top: Math.max(0, Math.floor(grown.top * scaleY)),
      right: Math.min(image.width, Math.ceil(grown.right * scaleX)),
      bottom: Math.min(image.height, Math.ceil(grown.bottom * scaleY)),
    };
    if (box.right - box.left > MIN_SIDE && box.bottom - box.top > MIN_SIDE) boxes.push(box);
  }
  return boxes.sort((a, b) => a.top - b.top || a.left - b.left);
}
