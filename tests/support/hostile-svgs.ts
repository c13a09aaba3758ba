/**
 * SVGs within the cheap limits (src/server/images/svg-limits.ts) that only the render deadline can
 * stop: shared by tests/images/svg-hostile.test.ts and the `hostile` bench section.
 */
const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

export const svgOf = (body: string, size = 2048) =>
  Buffer.from(`<svg ${SVG_NS} width="${size}" height="${size}">${body}</svg>`);

/** Groups of ten `<use>` eleven levels deep: 10^11 instances from 111 elements. */
export function instancingBomb(): Buffer {
  let defs = '<g id="a0"><rect width="1" height="1"/></g>';
  for (let level = 1; level < 12; level++) {
    defs += `<g id="a${level}">${`<use href="#a${level - 1}"/>`.repeat(10)}</g>`;
  }
  return svgOf(`<defs>${defs}</defs><use href="#a11"/>`);
}

/**
 * One modest blur over a filter region twenty canvases wide, applied to twenty shapes: seconds of
 * librsvg per shape, so well past the deadline on any machine (one shape alone can beat it).
 */
export function hugeFilterRegion(): Buffer {
  return svgOf(
    '<filter id="f" x="-10" y="-10" width="20" height="20"><feGaussianBlur stdDeviation="100"/></filter>' +
      '<rect width="2048" height="2048" fill="red" filter="url(#f)"/>'.repeat(20),
  );
}
