/**
 * Dominant colours by k-means in CIELAB. Seeding is deterministic (farthest-point from the mean
 * colour), so the same pixels always give the same clusters: no randomness anywhere.
 */
import { labToRgb, toHex, type Lab } from '#domain/color-space.js';
import { nameLabColor } from '#domain/color-names.js';
import type { ColorShare } from './evidence.js';

/** Enough clusters to keep a small logo apart from the garment around it. */
const CLUSTERS = 8;
const MAX_ITERATIONS = 15;
/** Centres moving less than this (ΔE) have converged. */
const CONVERGED = 0.5;
/** Pixels fed to k-means at most; more only costs time, the shares barely move. */
export const MAX_SAMPLES = 6000;

function distance2(lab: Float32Array, at: number, centre: Lab): number {
  const dl = lab[at]! - centre.l;
  const da = lab[at + 1]! - centre.a;
  const db = lab[at + 2]! - centre.b;
  return dl * dl + da * da + db * db;
}

/**
 * Deterministic subsample of the selected pixels: every k-th one, so the sample is spread over
 * the whole image rather than the top rows.
 */
export function samplePixels(lab: Float32Array, selected: Uint32Array): Float32Array {
  const step = Math.max(1, selected.length / MAX_SAMPLES);
  const count = Math.min(selected.length, Math.floor(selected.length / step));
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const pixel = selected[Math.floor(i * step)]! * 3;
    out[i * 3] = lab[pixel]!;
    out[i * 3 + 1] = lab[pixel + 1]!;
    out[i * 3 + 2] = lab[pixel + 2]!;
  }
  return out;
}

function seed(points: Float32Array, k: number): Lab[] {
  const count = points.length / 3;
  const mean = { l: 0, a: 0, b: 0 };
  for (let i = 0; i < count; i++) {
    mean.l += points[i * 3]! / count;
    mean.a += points[i * 3 + 1]! / count;
    mean.b += points[i * 3 + 2]! / count;
  }
  const centres: Lab[] = [mean];
  const nearest = new Float64Array(count).fill(Infinity);
  while (centres.length < k) {
    const last = centres[centres.length - 1]!;
    let farthest = -1;
    let farthestDistance = 0;
    for (let i = 0; i < count; i++) {
      nearest[i] = Math.min(nearest[i]!, distance2(points, i * 3, last));
      if (nearest[i]! > farthestDistance) {
        farthest = i;
        farthestDistance = nearest[i]!;
      }
    }
    if (farthest === -1) break; // every point already sits on a centre
    centres.push({
      l: points[farthest * 3]!,
      a: points[farthest * 3 + 1]!,
      b: points[farthest * 3 + 2]!,
    });
  }
  return centres;
}

interface Cluster {
  centre: Lab;
  size: number;
}

export function kMeans(points: Float32Array, k = CLUSTERS): Cluster[] {
  const count = points.length / 3;
  if (count === 0) return [];
  let centres = seed(points, Math.min(k, count));
  const assignment = new Uint8Array(count);
  let sizes: number[] = [];
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0 }));
    sizes = centres.map(() => 0);
    for (let i = 0; i < count; i++) {
      let best = 0;
      let bestDistance = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = distance2(points, i * 3, centres[c]!);
        if (d < bestDistance) {
          best = c;
          bestDistance = d;
        }
      }
      assignment[i] = best;
      sizes[best]! += 1;
      sums[best]!.l += points[i * 3]!;
      sums[best]!.a += points[i * 3 + 1]!;
      sums[best]!.b += points[i * 3 + 2]!;
    }
    let moved = 0;
    const next = centres.map((centre, c) => {
      const size = sizes[c]!;
      if (size === 0) return centre;
      const updated = { l: sums[c]!.l / size, a: sums[c]!.a / size, b: sums[c]!.b / size };
      moved = Math.max(
        moved,
        Math.hypot(updated.l - centre.l, updated.a - centre.a, updated.b - centre.b),
      );
      return updated;
    });
    centres = next;
    if (moved < CONVERGED) break;
  }
  return centres.map((centre, c) => ({ centre, size: sizes[c] ?? 0 })).filter((c) => c.size > 0);
}

/**
 * Named dominant colours of the selected pixels (indices into `lab`, 3 floats per pixel):
 * clusters that share a name are merged, and names below `minShare` are dropped.
 */
export function dominantColors(
  lab: Float32Array,
  selected: Uint32Array,
  minShare: number,
): ColorShare[] {
  const clusters = kMeans(samplePixels(lab, selected));
  const total = clusters.reduce((sum, cluster) => sum + cluster.size, 0);
  const byName = new Map<string, { name: ColorShare['name']; size: number; lab: Lab }>();
  for (const { centre, size } of clusters) {
    const name = nameLabColor(centre);
    const entry = byName.get(name) ?? { name, size: 0, lab: { l: 0, a: 0, b: 0 } };
    entry.lab = {
      l: (entry.lab.l * entry.size + centre.l * size) / (entry.size + size),
      a: (entry.lab.a * entry.size + centre.a * size) / (entry.size + size),
      b: (entry.lab.b * entry.size + centre.b * size) / (entry.size + size),
    };
    entry.size += size;
    byName.set(name, entry);
  }
  return [...byName.values()]
    .map((entry) => ({
      name: entry.name,
      hex: toHex(labToRgb(entry.lab)),
      share: entry.size / total,
    }))
    .filter((color) => color.share >= minShare)
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name));
}
