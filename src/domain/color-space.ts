/**
 * sRGB ↔ CIELAB and colour differences. CIELAB is roughly perceptually uniform: equal distances
 * look about equally different, which RGB distances do not (two dark blues far apart in RGB look
 * the same, a small RGB step in yellow looks large). Used to name colours and to cluster pixels.
 *
 * Reference white D65, 2° observer, the sRGB transfer curve of IEC 61966-2-1.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface Lab {
  l: number;
  a: number;
  b: number;
}

const WHITE_X = 0.95047;
const WHITE_Y = 1;
const WHITE_Z = 1.08883;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

/** 8-bit sRGB channel value to linear light, one entry per value (the curve costs a pow each). */
const LINEAR = Float64Array.from({ length: 256 }, (_, value) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function labCurve(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

function channel(value: number): number {
  return LINEAR[Math.min(255, Math.max(0, Math.round(value)))]!;
}

/** sRGB (0–255 per channel) to CIELAB (L 0–100). */
export function rgbToLab({ r, g, b }: Rgb): Lab {
  const out = new Float32Array(3);
  linearToLab(channel(r), channel(g), channel(b), out, 0);
  return { l: out[0]!, a: out[1]!, b: out[2]! };
}

function linearToLab(lr: number, lg: number, lb: number, out: Float32Array, at: number): void {
  const fx = labCurve((0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / WHITE_X);
  const fy = labCurve((0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb) / WHITE_Y);
  const fz = labCurve((0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / WHITE_Z);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

/**
 * A whole buffer of packed 8-bit RGB pixels to packed CIELAB (3 floats per pixel), without an
 * object per pixel: a 512 px photo is a quarter of a million of them.
 */
export function rgbPixelsToLab(rgb: Uint8Array): Float32Array {
  const lab = new Float32Array(rgb.length - (rgb.length % 3));
  for (let at = 0; at < lab.length; at += 3) {
    linearToLab(LINEAR[rgb[at]!]!, LINEAR[rgb[at + 1]!]!, LINEAR[rgb[at + 2]!]!, lab, at);
  }
  return lab;
}

function linearToByte(linear: number): number {
  const c = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.min(255, Math.max(0, Math.round(c * 255)));
}

function inverseLabCurve(f: number): number {
  return f ** 3 > EPSILON ? f ** 3 : (116 * f - 16) / KAPPA;
}

/** CIELAB back to 8-bit sRGB, clipped to the sRGB gamut. */
export function labToRgb({ l, a, b }: Lab): Rgb {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const x = inverseLabCurve(fx) * WHITE_X;
  const y = (l > KAPPA * EPSILON ? fy ** 3 : l / KAPPA) * WHITE_Y;
  const z = inverseLabCurve(fz) * WHITE_Z;
  return {
    r: linearToByte(3.2404542 * x - 1.5371385 * y - 0.4985314 * z),
    g: linearToByte(-0.969266 * x + 1.8760108 * y + 0.041556 * z),
    b: linearToByte(0.0556434 * x - 0.2040259 * y + 1.0572252 * z),
  };
}

/** '#rrggbb' or '#rgb' to sRGB; throws on anything else. */
export function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a hex colour: ${hex}`);
  const digits =
    match[1]!.length === 3
      ? [...match[1]!].map((digit) => digit + digit).join('')
      : match[1]!.toLowerCase();
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff };
}

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Chroma: distance from the grey axis; under ~8 a colour reads as a neutral. */
export function chroma({ a, b }: Lab): number {
  return Math.hypot(a, b);
}

const RAD = Math.PI / 180;
const POW25_7 = 25 ** 7;

/** Hue angle in degrees, 0–360. */
function hueDegrees(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = Math.atan2(b, a) / RAD;
  return h >= 0 ? h : h + 360;
}

/**
 * CIEDE2000 (Sharma, Wu & Dalal 2005): corrects CIE76 where Lab is least uniform (blues,
 * neutrals, saturated colours). Used to pick a colour's name, where those corrections matter.
 */
export function deltaE2000(x: Lab, y: Lab): number {
  const c1 = Math.hypot(x.a, x.b);
  const c2 = Math.hypot(y.a, y.b);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + POW25_7)));
  const a1 = (1 + g) * x.a;
  const a2 = (1 + g) * y.a;
  const c1p = Math.hypot(a1, x.b);
  const c2p = Math.hypot(a2, y.b);
  const h1p = hueDegrees(x.b, a1);
  const h2p = hueDegrees(y.b, a2);

  const dL = y.l - x.l;
  const dC = c2p - c1p;
  let dh = 0;
  if (c1p * c2p !== 0) {
    dh = h2p - h1p;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(c1p * c2p) * Math.sin((dh / 2) * RAD);

  const lMean = (x.l + y.l) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hMean /= 2;
    else hMean = h1p + h2p < 360 ? (hMean + 360) / 2 : (hMean - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * RAD) +
    0.24 * Math.cos(2 * hMean * RAD) +
    0.32 * Math.cos((3 * hMean + 6) * RAD) -
    0.2 * Math.cos((4 * hMean - 63) * RAD);
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cMeanP7 = cMeanP ** 7;
  const rC = 2 * Math.sqrt(cMeanP7 / (cMeanP7 + POW25_7));
  const sL = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sC = 1 + 0.045 * cMeanP;
  const sH = 1 + 0.015 * cMeanP * t;
  const rT = -Math.sin(2 * dTheta * RAD) * rC;

  const termL = dL / sL;
  const termC = dC / sC;
  const termH = dH / sH;
  return Math.sqrt(termL ** 2 + termC ** 2 + termH ** 2 + rT * termC * termH);
}
