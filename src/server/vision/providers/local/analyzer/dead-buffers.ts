/**
 * A photo leaves tens of MB of pixel and tensor buffers behind in its worker: the text
 * detector's input and map (~14 MB) and, for a batch of wide label lines, the recogniser's
 * output (up to ~17 MB a batch). They live outside V8's heap, and the worker makes so little
 * other garbage that V8 collected them late: ~100 MB of them were seen at once in one worker
 * while reading a dense label. Counting what the analyzer drops and collecting once that passes
 * `LIMIT` bounds them (ADR 056).
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Dropped bytes that start a collection. */
const LIMIT = 16 * 2 ** 20;

// V8's gc() without starting the process with --expose-gc: set now, the flag gives contexts
// made after it a global gc, which this one hands out. Only the analyzer's workers import this.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

let dropped = 0;

/** Notes `bytes` of buffers that are garbage once the calling function returns. */
export function noteDroppedBuffers(bytes: number): void {
  dropped += bytes;
}

/** Collects if the buffers noted since the last collection pass the limit. */
export function collectDroppedBuffers(): void {
  if (dropped < LIMIT) return;
  dropped = 0;
  collect();
}
