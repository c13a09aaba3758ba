/**
 * Cheap checks on an SVG's text before anything renders it. The render deadline
 * (svg-rasterise.ts) is what guarantees an answer; these turn away at once, without starting a
 * renderer, the shapes that make librsvg's work explode: a huge document, thousands of
 * elements, long filter chains, heavy `<use>` instancing and entity expansion.
 * Counting is by tag text, not a parse: a comment that looks like an element counts too, which
 * errs on the refusing side and cannot be fooled into under-counting.
 */
import { ImageIntakeError } from './errors.js';

export const SVG_LIMITS = {
  /** Product artwork is a few hundred KB at most; a 4.9 MB SVG rendered for 17 minutes. */
  maxBytes: 2 * 1024 * 1024,
  maxElements: 20_000,
  /** Each instance re-renders its target; nested instances multiply. */
  maxUseElements: 500,
  /** Each primitive is a full-canvas pass (a blur several); 24 KB of them took 149 s. */
  maxFilterPrimitives: 32,
  /** Blur cost grows with the radius once the filter region is enlarged to hold it. */
  maxBlurDeviation: 100,
  /** Morphology is a full window per pixel: radius 2 on a 2048 px canvas already takes seconds. */
  maxMorphologyRadius: 1,
  /** Illustrator declares a handful of namespace entities; expansion bombs need many or nesting. */
  maxEntities: 32,
} as const;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The largest number in any value of the attribute `name` (0 when it never appears). */
function largestIn(text: string, name: string): number {
  let largest = 0;
  for (const match of text.matchAll(new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'g'))) {
    for (const number of match[1]!.match(/[\d.]+(?:e[+-]?\d+)?/gi) ?? []) {
      const value = Number(number);
      // NaN counts as over the limit: a value we cannot read is not one we can vouch for.
      largest = Number.isNaN(value) ? Infinity : Math.max(largest, value);
    }
  }
  return largest;
}

/** Throws ImageIntakeError('too-complex') when the SVG is over a work limit. */
export function checkSvgLimits(svg: Buffer): void {
  if (svg.length > SVG_LIMITS.maxBytes) {
    throw new ImageIntakeError('too-complex', `${svg.length} bytes`);
  }
  const text = svg.toString('utf8');
  const found = {
    elements: count(text, /<[A-Za-z_]/g),
    uses: count(text, /<(?:[\w.-]+:)?use[\s/>]/g),
    filterPrimitives: count(text, /<(?:[\w.-]+:)?fe[A-Z]/g),
    entities: count(text, /<!ENTITY/gi),
    blurDeviation: largestIn(text, 'stdDeviation'),
    morphologyRadius: /<(?:[\w.-]+:)?feMorphology[\s/>]/.test(text) ? largestIn(text, 'radius') : 0,
  };
  const over =
    found.elements > SVG_LIMITS.maxElements ||
    found.uses > SVG_LIMITS.maxUseElements ||
    found.filterPrimitives > SVG_LIMITS.maxFilterPrimitives ||
    found.entities > SVG_LIMITS.maxEntities ||
    found.blurDeviation > SVG_LIMITS.maxBlurDeviation ||
    found.morphologyRadius > SVG_LIMITS.maxMorphologyRadius ||
    // An entity defined from other entities, or a parameter / external one, is what expands.
    /<!ENTITY\s+(?:%|[^>]*(?:&|\bSYSTEM\b|\bPUBLIC\b))/i.test(text);
  if (over) throw new ImageIntakeError('too-complex', JSON.stringify(found));
}
