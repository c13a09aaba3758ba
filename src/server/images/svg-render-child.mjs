/**
 * Rasterises one SVG in a child process of its own, so that the parent can kill it at a
 * deadline. librsvg renders on libuv's thread pool: in the server process a hostile SVG held a
 * pool thread for minutes (file reads, password hashing and other uploads queued behind it),
 * and neither sharp's timeout nor terminating a worker thread stops native work already
 * running. Plain JavaScript so it runs unchanged under tsx, vitest and plain node.
 *
 *   in:  { svg: Uint8Array, maxSide, maxPixels }                      (IPC, advanced serialization)
 *   out: { ok: true, width, height, data: Uint8Array }                 RGBA, 4 bytes per pixel
 *        { ok: false, reason: 'type-mismatch' | 'decode-failed' | 'too-many-pixels', detail }
 */
import { Buffer } from 'node:buffer';
import process from 'node:process';
import sharp from 'sharp';

if (!process.send) throw new Error('svg-render-child.mjs must be started with an IPC channel');

// The parent gone (crashed, or killed us already) means nobody wants the answer.
process.on('disconnect', () => process.exit(0));

/**
 * Vector art is rendered straight at display size (a 200 px icon becomes sharp instead of an
 * upscaled blur; a huge declared canvas is rendered small instead of hitting the pixel limit).
 * sharp accepts densities from 1 to 100000.
 */
function densityFor(width, height, maxSide) {
  const density = (72 * maxSide) / Math.max(width, height);
  return Math.min(100_000, Math.max(1, density));
}

async function render({ svg, maxSide, maxPixels }) {
  const input = Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength);
  let meta;
  try {
    // The declared canvas says nothing about our cost (we render at display size), so the
    // pixel limit is checked below on the size that will actually be rendered.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    return { ok: false, reason: 'decode-failed', detail: String(error?.message ?? error) };
  }
  // The sniffer and the decoder must agree, or a polyglot file could pick its own decoder.
  if (meta.format !== 'svg') {
    return {
      ok: false,
      reason: 'type-mismatch',
      detail: `sniffed svg, decoder saw ${meta.format}`,
    };
  }
  if (!meta.width || !meta.height)
    return { ok: false, reason: 'decode-failed', detail: 'no dimensions' };
  const density = densityFor(meta.width, meta.height, maxSide);
  const scale = density / 72;
  const [width, height] = [Math.round(meta.width * scale), Math.round(meta.height * scale)];
  if (width * height > maxPixels) {
    return { ok: false, reason: 'too-many-pixels', detail: `${width}x${height}` };
  }
  try {
    // Loaded from memory with no base path, so librsvg resolves no external files.
    const { data, info } = await sharp(input, {
      density,
      limitInputPixels: maxPixels,
      failOn: 'error',
    })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { ok: true, width: info.width, height: info.height, data };
  } catch (error) {
    return { ok: false, reason: 'decode-failed', detail: String(error?.message ?? error) };
  }
}

// The parent kills this process once it has the answer (an exit of our own could overtake the
// last message on the IPC channel).
process.once('message', (job) => {
  render(job).then((result) => process.send(result));
});
