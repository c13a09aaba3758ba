/**
 * Decodes HEIC in a worker thread (heic-worker.mjs) so the event loop keeps serving requests
 * while libheif spends about a second per 12 MP photo.
 *
 * One worker, started on first use and kept: starting one costs ~0.2 s (loading and compiling
 * the 8.5 MB libheif WASM), about a fifth of a decode, and intake decodes one photo at a time per
 * upload anyway. Jobs queue in the worker. The file bytes go in and the RGBA pixels come back as
 * transferred ArrayBuffers, so neither is copied. A crashed or stuck worker fails its jobs and is
 * replaced on the next call. Idle, it does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';
import { z } from 'zod';

export interface DecodedHeic {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Buffer;
}

export type HeicFailureReason = 'too-many-pixels' | 'decode-failed';

export class HeicDecodeError extends Error {
  constructor(
    readonly reason: HeicFailureReason,
    readonly detail: string,
  ) {
    super(`HEIC decode failed (${reason}): ${detail}`);
    this.name = 'HeicDecodeError';
  }
}

/** A 40 MP decode takes ~8 s here; far beyond that the worker is stuck, not busy. */
const JOB_TIMEOUT_MS = 60_000;
const WORKER_URL = new URL('./heic-worker.mjs', import.meta.url);

const replySchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.number(),
    ok: z.literal(true),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    data: z.instanceof(ArrayBuffer),
  }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    reason: z.enum(['too-many-pixels', 'decode-failed']),
    detail: z.string(),
  }),
]);

interface Job {
  owner: Worker;
  resolve(image: DecodedHeic): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
const jobs = new Map<number, Job>();
let nextId = 1;

/** Fails the jobs of one worker (never a successor's) and stops it. */
function failAll(owner: Worker, error: Error): void {
  for (const [id, job] of jobs) {
    if (job.owner !== owner) continue;
    clearTimeout(job.timer);
    jobs.delete(id);
    job.reject(error);
  }
  void owner.terminate();
}

function settle(id: number, outcome: (job: Job) => void): void {
  const job = jobs.get(id);
  if (!job) return;
  clearTimeout(job.timer);
  jobs.delete(id);
  if (![...jobs.values()].some((other) => other.owner === job.owner)) job.owner.unref();
  outcome(job);
}

function startWorker(): Worker {
  const started = new Worker(WORKER_URL);
  started.on('message', (message: unknown) => {
    const reply = replySchema.safeParse(message);
    if (!reply.success) {
      worker = undefined;
      failAll(started, new HeicDecodeError('decode-failed', 'unexpected worker reply'));
      return;
    }
    const answer = reply.data;
    settle(answer.id, (job) => {
      if (!answer.ok) return job.reject(new HeicDecodeError(answer.reason, answer.detail));
      const data = Buffer.from(answer.data);
      if (data.length !== answer.width * answer.height * 4) {
        return job.reject(new HeicDecodeError('decode-failed', 'pixel buffer size mismatch'));
      }
      job.resolve({ width: answer.width, height: answer.height, data });
    });
  });
  const retire = (error: Error) => {
    if (worker === started) worker = undefined;
    failAll(started, error);
  };
  started.on('error', (error) => retire(new HeicDecodeError('decode-failed', error.message)));
  started.on('exit', (code) =>
    retire(new HeicDecodeError('decode-failed', `HEIC worker exited (${code})`)),
  );
  return started;
}

/** Decodes the primary image of a HEIC file; `input` is left intact (its bytes are copied once). */
export function decodeHeic(input: Uint8Array, maxPixels: number): Promise<DecodedHeic> {
  worker ??= startWorker();
  const current = worker;
  current.ref();
  const id = nextId++;
  // One copy into a buffer of our own, which is then moved to the worker, not cloned again.
  const buffer = new Uint8Array(input).buffer;
  return new Promise<DecodedHeic>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (worker === current) worker = undefined;
      failAll(current, new HeicDecodeError('decode-failed', 'HEIC decode timed out'));
    }, JOB_TIMEOUT_MS);
    jobs.set(id, { owner: current, resolve, reject, timer });
    current.postMessage({ id, buffer, maxPixels }, [buffer]);
  });
}
