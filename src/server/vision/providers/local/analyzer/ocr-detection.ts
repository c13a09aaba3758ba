/**
 * PaddleOCR v4 text detection around the model run: the model's input and, from its probability
 * map, the text boxes. Plain typed-array code instead of opencv.js (whose wasm heap held
 * ~600 MB per engine): the map is thresholded, its connected regions become axis-aligned boxes,
 * and each box is grown back to the text's full extent (the model is trained on shrunk boxes).
 *
 * Constants start from PaddleOCR's DB post-processing defaults (box_thresh 0.6, min_size 3,
 * max_candidates 1000); the pixel threshold is lower (0.2, not 0.3) and boxes grow more (1.8, not
 * 1.5): the wider margin around each line read "365 Capsules", "ALL STAR" and "100%" on the
 * fixture photos where the defaults ran words together or cut characters off.
 */
import sharp from 'sharp';
import type { RawRgb } from '../pixel-analysis.js';

/** Model input sides must be multiples of this. */
const SIDE_STEP = 32;
/** A map pixel above this probability is text. */
export const PIXEL_THRESHOLD = 0.2;
/** A region's mean probability must reach this to count as a text box. */
export const BOX_THRESHOLD = 0.6;
/** How far a box grows: by area × ratio / perimeter on every side. */
export const UNCLIP_RATIO = 1.8;
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

export type Point = [x: number, y: number];
/** A text box's corners: top left, top right, bottom right, bottom left (reading direction). */
export type Quad = [Point, Point, Point, Point];

/** A rectangle at any angle: centre, sides, and the unit vector along `width`. */
export interface Rect {
  cx: number;
  cy: number;
  width: number;
  height: number;
  ux: number;
  uy: number;
}

export interface Region {
  /** Outline points (pixel corners of each row's ends), enough for the convex hull. */
  outline: Point[];
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
  const round = (side: number) =>
    Math.max(SIDE_STEP, Math.round((side * scale) / SIDE_STEP) * SIDE_STEP);
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
 * Regions of 8-connected pixels above `threshold`, each with its outline and mean probability,
 * in scan order (by topmost row, then leftmost pixel of that row).
 */
export function textRegions(
  probabilities: Float32Array,
  width: number,
  height: number,
  threshold = PIXEL_THRESHOLD,
): Region[] {
  const visited = new Uint8Array(width * height);
  // Each pixel enters the stack (and the member list) at most once: neither outgrows the map.
  const stack = new Int32Array(width * height);
  const members = new Int32Array(width * height);
  const regions: Region[] = [];
  for (let start = 0; start < probabilities.length; start++) {
    if (visited[start] || !(probabilities[start]! > threshold)) continue;
    if (regions.length === MAX_CANDIDATES) break;
    let top = height;
    let bottom = 0;
    let sum = 0;
    let count = 0;
    let size = 0;
    stack[size++] = start;
    visited[start] = 1;
    while (size > 0) {
      const at = stack[--size]!;
      members[count++] = at;
      sum += probabilities[at]!;
      const x = at % width;
      const y = (at - x) / width;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y + 1);
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const next = ny * width + nx;
          if (visited[next] || !(probabilities[next]! > threshold)) continue;
          visited[next] = 1;
          stack[size++] = next;
        }
      }
    }
    // Each row's leftmost and rightmost pixel bound the region's hull.
    const rowLeft = new Int32Array(bottom - top).fill(width);
    const rowRight = new Int32Array(bottom - top).fill(-1);
    for (let i = 0; i < count; i++) {
      const x = members[i]! % width;
      const row = (members[i]! - x) / width - top;
      rowLeft[row] = Math.min(rowLeft[row]!, x);
      rowRight[row] = Math.max(rowRight[row]!, x);
    }
    const outline: Point[] = [];
    for (let row = 0; row < rowLeft.length; row++) {
      const y = top + row;
      const left = rowLeft[row]!;
      const right = rowRight[row]! + 1;
      outline.push([left, y], [left, y + 1], [right, y], [right, y + 1]);
    }
    regions.push({ outline, score: sum / count });
  }
  return regions;
}

const cross = (o: Point, a: Point, b: Point) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull, counter-clockwise (monotone chain); collinear points dropped. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const half = (input: Point[]) => {
    const chain: Point[] = [];
    for (const point of input) {
      while (chain.length >= 2 && cross(chain.at(-2)!, chain.at(-1)!, point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half(sorted.reverse())];
}

/** The smallest rectangle around the points: one of its sides lies on a hull edge. */
export function minAreaRect(points: readonly Point[]): Rect {
  const hull = convexHull(points);
  let best: Rect | undefined;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(bx - ax, by - ay);
    if (length === 0) continue;
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    let minS = Infinity;
    let maxS = -Infinity;
    let minT = Infinity;
    let maxT = -Infinity;
    for (const [x, y] of hull) {
      const s = x * ux + y * uy;
      const t = -x * uy + y * ux;
      minS = Math.min(minS, s);
      maxS = Math.max(maxS, s);
      minT = Math.min(minT, t);
      maxT = Math.max(maxT, t);
    }
    const area = (maxS - minS) * (maxT - minT);
    if (area < bestArea) {
      bestArea = area;
      const s = (minS + maxS) / 2;
      const t = (minT + maxT) / 2;
      best = {
        cx: s * ux - t * uy,
        cy: s * uy + t * ux,
        width: maxS - minS,
        height: maxT - minT,
        ux,
        uy,
      };
    }
  }
  if (!best) throw new Error('minAreaRect needs at least two distinct points');
  return best;
}

/** Grows a rectangle on every side by area × ratio / perimeter (PaddleOCR's unclip). */
export function unclip(rect: Rect, ratio = UNCLIP_RATIO): Rect {
  const distance = (rect.width * rect.height * ratio) / (2 * (rect.width + rect.height));
  return { ...rect, width: rect.width + 2 * distance, height: rect.height + 2 * distance };
}

/**
 * The rectangle's corners in reading order, as PaddleOCR orders them: of the two leftmost
 * corners the upper is the top left, of the two rightmost the upper is the top right.
 */
export function corners(rect: Rect): Quad {
  const w = rect.width / 2;
  const h = rect.height / 2;
  const along: Point = [rect.ux * w, rect.uy * w];
  const across: Point = [-rect.uy * h, rect.ux * h];
  const points = [-1, 1]
    .flatMap((a) =>
      [-1, 1].map((b): Point => [
        rect.cx + a * along[0] + b * across[0],
        rect.cy + a * along[1] + b * across[1],
      ]),
    )
    .sort((p, q) => p[0] - q[0]);
  const [l1, l2, r1, r2] = points as Quad;
  const [topLeft, bottomLeft] = l1[1] <= l2[1] ? [l1, l2] : [l2, l1];
  const [topRight, bottomRight] = r1[1] <= r2[1] ? [r1, r2] : [r2, r1];
  return [topLeft, topRight, bottomRight, bottomLeft];
}

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Width and height of a quad: its longer top/bottom and left/right sides. */
export function quadSize([tl, tr, br, bl]: Quad) {
  return {
    width: Math.max(distance(tl, tr), distance(bl, br)),
    height: Math.max(distance(tl, bl), distance(tr, br)),
  };
}

/**
 * Text boxes from the probability map, in the coordinates of `image` (the map scaled to it),
 * top to bottom, then left to right.
 */
export function textBoxes(
  probabilities: Float32Array,
  map: { width: number; height: number },
  image: { width: number; height: number },
): Quad[] {
  const scaleX = image.width / map.width;
  const scaleY = image.height / map.height;
  const boxes: Quad[] = [];
  for (const region of textRegions(probabilities, map.width, map.height)) {
    if (region.score < BOX_THRESHOLD) continue;
    const rect = minAreaRect(region.outline);
    if (Math.min(rect.width, rect.height) < MIN_SIDE) continue;
    const grown = unclip(rect);
    if (Math.min(grown.width, grown.height) < MIN_SIDE + 2) continue;
    const quad = corners(grown).map(([x, y]): Point => [
      Math.min(image.width, Math.max(0, x * scaleX)),
      Math.min(image.height, Math.max(0, y * scaleY)),
    ]) as Quad;
    const size = quadSize(quad);
    if (size.width > MIN_SIDE && size.height > MIN_SIDE) boxes.push(quad);
  }
  return boxes.sort((a, b) => a[0][1] - b[0][1] || a[0][0] - b[0][0]);
}
