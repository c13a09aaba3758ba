/**
 * HEIC decoding off the main thread: libheif (WASM) takes about a second of pure CPU for a
 * 12 MP photo, which would stall every request on the event loop. Plain JavaScript so it runs
 * unchanged under tsx, vitest and plain node. Jobs arrive one message each:
 *
 *   in:  { id, buffer: ArrayBuffer, maxPixels }          (buffer transferred, not copied)
 *   out: { id, ok: true, width, height, data: ArrayBuffer }   RGBA, transferred back
 *        { id, ok: false, reason: 'too-many-pixels' | 'decode-failed', detail }
 */
import { parentPort } from 'node:worker_threads';
import heicDecode from 'heic-decode';

if (!parentPort) throw new Error('heic-worker.mjs must run as a worker thread');
const port = parentPort;

/** @param {{ id: number, buffer: ArrayBuffer, maxPixels: number }} job */
async function decode({ id, buffer, maxPixels }) {
  let handles;
  try {
    handles = await heicDecode.all({ buffer: new Uint8Array(buffer) });
  } catch (error) {
    return { id, ok: false, reason: 'decode-failed', detail: String(error?.message ?? error) };
  }
  try {
    const primary = handles[0];
    if (!primary)
      return { id, ok: false, reason: 'decode-failed', detail: 'HEIC file holds no image' };
    // Checked before decoding: the RGBA buffer is what a decompression bomb would blow up.
    if (primary.width * primary.height > maxPixels) {
      return {
        id,
        ok: false,
        reason: 'too-many-pixels',
        detail: `${primary.width}x${primary.height}`,
      };
    }
    const { width, height, data } = await primary.decode();
    // heic-decode allocates a fresh Uint8ClampedArray per image, so its buffer is ours to hand over.
    return { id, ok: true, width, height, data: data.buffer };
  } catch (error) {
    return { id, ok: false, reason: 'decode-failed', detail: String(error?.message ?? error) };
  } finally {
    handles.dispose();
  }
}

port.on('message', (job) => {
  decode(job).then((result) => port.postMessage(result, result.ok ? [result.data] : []));
});
