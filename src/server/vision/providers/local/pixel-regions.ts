/**
 * Where the product is in a photo, from pixels alone: the background is estimated from the
 * border of the frame, and the product is what is not background.
 *
 * - Plain background (a studio shot or cut-out): what cannot be reached from the border through
 *   background-coloured pixels (or their soft shadows) is the product. Enclosed pockets of
 *   background colour are left out: the hole of a key ring and the white canvas of a white
 *   sneaker look the same, and naming a colour the product may not have is worse than missing
 *   one.
 * - Busy background (a room, a model, a table): the border is several colours. The middle of the
 *   frame is used, minus the pixels that look like any of the border's main colours.
 */
import { chroma, labToRgb, toHex, type Lab } from '#domain/color-space.js';
import { medianOfSorted } from '#domain/median.js';
import { nameLabColor } from '#domain/color-names.js';
import { kMeans, samplePixels } from './color-clusters.js';
import type { BackgroundEvidence } from './evidence.js';

export interface LabImage {
  width: number;
  height: number;
  /** Packed CIELAB, 3 floats per pixel, row-major. */
  lab: Float32Array;
}

/** The border band is this fraction of the shorter side (at least 2 px). */
const BORDER_FRACTION = 0.04;
/** ΔE76 within which a border pixel counts as the background colour. */
const BACKGROUND_TOLERANCE = 12;
/** Share of border pixels that must match for a background to be plain. */
const PLAIN_UNIFORMITY = 0.8;
/** ΔE76 beyond which a pixel differs from the background. */
const SUBJECT_THRESHOLD = 18;
/**
 * Soft shadows on a light, neutral backdrop: neutral pixels a little darker than it. They differ
 * from the background but are not the product's colour.
 */
const SHADOW_MAX_CHROMA = 8;
const SHADOW_MAX_DARKENING = 22;
/** The middle of the frame used when the background is busy: this fraction of each side. */
const CENTRE_FRACTION = 0.6;
/** Border colours covering at least this share of a busy border are taken as background. */
const BUSY_BACKGROUND_SHARE = 0.1;
/** ΔE76 beyond which a pixel differs from a busy backdrop's colour, when the usual leaves too little. */
const TIGHT_SUBJECT_THRESHOLD = 10;
/** Keep the centre minus background colours only when at least this much of it is left. */
const MIN_CENTRE_LEFT = 0.15;
/**
 * With the tight threshold, more must be left: what little a tight threshold keeps of a product
 * coloured like its backdrop (a pale sweater on a white wall) is its edges and the model's skin.
 */
const MIN_CENTRE_LEFT_TIGHT = 0.25;

export type Background = BackgroundEvidence & { lab: Lab };

/** Squared ΔE76 (squared, because this runs for every pixel and the root changes no order). */
function distance2(lab: Float32Array, pixel: number, to: Lab): number {
  const at = pixel * 3;
  const dl = lab[at]! - to.l;
  const da = lab[at + 1]! - to.a;
  const db = lab[at + 2]! - to.b;
  return dl * dl + da * da + db * db;
}

function median(values: Float32Array): number {
  return medianOfSorted(values.sort());
}

export function borderPixels(width: number, height: number): Uint32Array {
  const band = Math.min(
    Math.max(2, Math.round(Math.min(width, height) * BORDER_FRACTION)),
    Math.ceil(Math.min(width, height) / 2),
  );
  const pixels = new Uint32Array(width * height - (width - 2 * band) * (height - 2 * band));
  let n = 0;
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) pixels[n++] = y * width + x;
    }
  }
  return pixels.subarray(0, n);
}

function gather(lab: Float32Array, pixels: Uint32Array, offset: number): Float32Array {
  const values = new Float32Array(pixels.length);
  for (let i = 0; i < pixels.length; i++) values[i] = lab[pixels[i]! * 3 + offset]!;
  return values;
}

/** The border's median colour, and how much of the border is close to it. */
export function estimateBackground({ lab, width, height }: LabImage): Background {
  const border = borderPixels(width, height);
  const backgroundLab = {
    l: median(gather(lab, border, 0)),
    a: median(gather(lab, border, 1)),
    b: median(gather(lab, border, 2)),
  };
  let close = 0;
  for (const pixel of border) {
    if (distance2(lab, pixel, backgroundLab) <= BACKGROUND_TOLERANCE ** 2) close += 1;
  }
  const uniformity = close / border.length;
  return {
    kind: uniformity >= PLAIN_UNIFORMITY ? 'plain' : 'busy',
    color: nameLabColor(backgroundLab),
    hex: toHex(labToRgb(backgroundLab)),
    uniformity,
    lab: backgroundLab,
  };
}

/** Whether a pixel is the background colour or, on a neutral backdrop, a soft shadow on it. */
function backgroundTest(background: Lab): (lab: Float32Array, pixel: number) => boolean {
  const neutralBackdrop = chroma(background) <= SHADOW_MAX_CHROMA;
  return (lab, pixel) => {
    if (distance2(lab, pixel, background) <= SUBJECT_THRESHOLD ** 2) return true;
    if (!neutralBackdrop) return false;
    const at = pixel * 3;
    const darkening = background.l - lab[at]!;
    const a = lab[at + 1]!;
    const b = lab[at + 2]!;
    return (
      darkening > 0 && darkening <= SHADOW_MAX_DARKENING && a * a + b * b <= SHADOW_MAX_CHROMA ** 2
    );
  };
}

/** Plain background: what the border cannot reach through background-like pixels (a flood fill). */
export function subjectOnPlainBackground(image: LabImage, background: Lab): Uint32Array {
  const { lab, width, height } = image;
  const count = width * height;
  const looksLikeBackground = backgroundTest(background);
  const reached = new Uint8Array(count);
  const queue = new Uint32Array(count);
  let [head, tail] = [0, 0];
  const visit = (pixel: number) => {
    if (reached[pixel] || !looksLikeBackground(lab, pixel)) return;
    reached[pixel] = 1;
    queue[tail++] = pixel;
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (head < tail) {
    const pixel = queue[head++]!;
    const x = pixel % width;
    if (x > 0) visit(pixel - 1);
    if (x < width - 1) visit(pixel + 1);
    if (pixel >= width) visit(pixel - width);
    if (pixel < count - width) visit(pixel + width);
  }
  let subjectCount = 0;
  for (let p = 0; p < count; p++) {
    if (!reached[p] && !looksLikeBackground(lab, p)) queue[subjectCount++] = p;
  }
  return queue.slice(0, subjectCount);
}

export function centrePixels(width: number, height: number): Uint32Array {
  const x0 = Math.floor((width * (1 - CENTRE_FRACTION)) / 2);
  const x1 = Math.ceil((width * (1 + CENTRE_FRACTION)) / 2);
  const y0 = Math.floor((height * (1 - CENTRE_FRACTION)) / 2);
  const y1 = Math.ceil((height * (1 + CENTRE_FRACTION)) / 2);
  const pixels = new Uint32Array((x1 - x0) * (y1 - y0));
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) pixels[n++] = y * width + x;
  return pixels;
}

/** Busy background: the middle of the frame, minus pixels coloured like the border's main colours. */
export function subjectOnBusyBackground(image: LabImage): Uint32Array {
  const { lab, width, height } = image;
  const border = samplePixels(lab, borderPixels(width, height));
  const clusters = kMeans(border);
  const sampled = clusters.reduce((sum, cluster) => sum + cluster.size, 0);
  const backdrop = clusters
    .filter((cluster) => cluster.size >= sampled * BUSY_BACKGROUND_SHARE)
    .map((cluster) => cluster.centre);
  const centre = centrePixels(width, height);
  // A product close in colour to its backdrop (beige straw against a grey wall) is mostly lost
  // at the usual threshold; a tighter one still takes the backdrop away before the whole centre,
  // backdrop and all, is named.
  const attempts = [
    { threshold: SUBJECT_THRESHOLD, minLeft: MIN_CENTRE_LEFT },
    { threshold: TIGHT_SUBJECT_THRESHOLD, minLeft: MIN_CENTRE_LEFT_TIGHT },
  ];
  for (const { threshold, minLeft } of attempts) {
    const kept = new Uint32Array(centre.length);
    let n = 0;
    for (const pixel of centre) {
      let isBackdrop = false;
      for (const colour of backdrop) {
        if (distance2(lab, pixel, colour) <= threshold ** 2) isBackdrop = true;
      }
      if (!isBackdrop) kept[n++] = pixel;
    }
    if (n >= centre.length * minLeft) return kept.subarray(0, n);
  }
  return centre;
}
