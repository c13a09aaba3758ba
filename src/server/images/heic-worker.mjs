/**
 * HEIC decoding off the main thread: libheif (WASM) takes about a second of pure CPU for a
 * 12 MP photo, which would stall every request on the event loop. Plain JavaScript so it runs
 * unchanged under tsx, vitest and plain node. Jobs arrive one message each:
 *
 *   in:  { id, buffer: ArrayBuffer, maxPixels }          (buffer transferred, not copied)
 *   out: { id, ok: true, width, height, data: ArrayBuffer }   RGBA, transferred back
 *        { id, ok: false, reason: 'too-many-pixels' | 'decode-failed', detail }
 */
import { format } from 'node:util';
import { parentPort } from 'node:worker_threads';
import heicDecode from 'heic-decode';

if (!parentPort) throw new Error('heic-worker.mjs must run as a worker thread');
const port = parentPort;

// libheif says why a file does not decode only through console.log ("Could not parse HEIF file
// Invalid input: …"), while heic-decode throws a vague "HEIF processing error". Those lines go
// into the failure's detail, which the server logs with the upload, instead of onto stdout raw.
// Jobs run one at a time so each job's lines are its own.
/** @type {string[]} */
let libheifLines = [];
console.log = (...args) => libheifLines.push(format(...args).trim());

/** @param {any} error whatever heic-decode threw */
function failureDetail(error) {
  return [String(error?.message ?? error), ...libheifLines].join(' | ');
}

/** @param {{ id: number, buffer: ArrayBuffer, maxPixels: number }} job */
async function decode({ id, buffer, maxPixels }) {
  libheifLines = [];
  let handles;
  try {
    handles = await heicDecode.all({ buffer: new Uint8Array(buffer) });
  } catch (error) {
    return { id, ok: false, reason: 'decode-failed', detail: failureDetail(error) };
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
    return { id, ok: false, reason: 'decode-failed', detail: failureDetail(error) };
  } finally {
    handles.dispose();
  }
}

let queue = Promise.resolve();
port.on('message', (job) => {
  queue = queue
    .then(() => decode(job))
    .then((result) => port.postMessage(result, result.ok ? [result.data] : []));
});
