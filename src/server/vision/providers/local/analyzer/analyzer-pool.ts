/**
 * Runs the evidence analyzer off the event loop, in worker threads (analyzer-worker.mjs): OCR
 * alone spends about a second of CPU per photo, which would stall every request.
 *
 * - Workers start when jobs need them, up to `workers`, and load the models on their first job
 *   (~1 s), once; `warmUp` starts them all and loads the models ahead of the first photo (the
 *   app does so once it listens). Each runs one job at a time with one thread per model, so
 *   `workers` is how many cores the analyzer uses. Idle workers do not keep the process alive.
 * - Jobs beyond that wait in a FIFO queue.
 * - The photo's bytes are copied once into a buffer of our own, which is then transferred to
 *   the worker, not cloned again (the caller's buffer stays intact).
 * - A worker that crashes or hangs is retired; its job fails with a VisionProviderError and the
 *   next job starts a fresh worker. An aborted signal rejects at once with reason 'aborted' (a
 *   running analysis finishes in its worker and is dropped).
 * - Close asks each worker to release its models and end by itself, and terminates only one
 *   that does not in time (10 s): terminating a thread with live onnxruntime sessions
 *   can abort the whole process.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import type { ListingEvidence } from '../evidence.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import type { AnalyzedPhoto } from './analyze-photo.js';

const WORKER_URL = new URL('./analyzer-worker.mjs', import.meta.url);
/** A dense label takes up to ~15 s under load; far beyond that the worker is stuck, not busy. */
const JOB_TIMEOUT_MS = 120_000;
/** How long close waits for a worker to release its models and end before terminating it. */
const CLOSE_GRACE_MS = 10_000;

export interface EvidenceAnalyzer {
  analyze(image: Buffer, signal?: AbortSignal): Promise<AnalyzedPhoto>;
  /** Starts every worker and loads its models; rejects when one could not load them. */
  warmUp(): Promise<void>;
  /** Workers started, those running a job, and jobs waiting for one. */
  stats(): { workers: number; busy: number; waiting: number };
  /** Fails waiting and running jobs and stops the workers. */
  close(): Promise<void>;
}

export interface EvidenceAnalyzerOptions {
  /** Worker threads (cores used); defaults to {@link defaultAnalyzerWorkers}. */
  workers?: number;
  /** The worker entry; tests point it at a stand-in that speaks the same messages. */
  workerUrl?: URL;
  /** A job running longer than this retires its worker; defaults to 120 s. */
  jobTimeoutMs?: number;
  /** How long close waits for a worker to end by itself; defaults to 10 s. */
  closeGraceMs?: number;
}

/** Two workers, or one on a single-core machine: beyond two the OCR models crowd memory. */
export function defaultAnalyzerWorkers(): number {
  return Math.min(2, os.availableParallelism());
}

const timingsSchema = z.object({
  decode: z.number(),
  pixels: z.number(),
  classify: z.number(),
  ocr: z.number(),
  barcode: z.number(),
  total: z.number(),
});

const warmReplySchema = z.object({
  warm: z.literal(true),
  ok: z.boolean(),
  detail: z.string().optional(),
});

const replySchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.number(),
    ok: z.literal(true),
    result: z.object({
      // Built by our own analyzer in the worker; the envelope is what can go wrong here.
      evidence: z.custom<ListingEvidence>(
        (value) => typeof value === 'object' && value !== null && 'photo' in value,
      ),
      timingsMs: timingsSchema,
    }),
  }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    reason: z.enum(['malformed', 'unavailable']),
    detail: z.string(),
  }),
]);

interface Job {
  id: number;
  image: ArrayBuffer;
  resolve(result: AnalyzedPhoto): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Settles the warm-up this worker was asked for, if any. */
  warmed: ((error?: Error) => void) | null;
}

const aborted = () => new VisionProviderError('aborted', 'analysis cancelled by the caller');

export function createEvidenceAnalyzer(options: EvidenceAnalyzerOptions = {}): EvidenceAnalyzer {
  const size = options.workers ?? defaultAnalyzerWorkers();
  const workerUrl = options.workerUrl ?? WORKER_URL;
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const closeGraceMs = options.closeGraceMs ?? CLOSE_GRACE_MS;
  if (!Number.isInteger(size) || size < 1) {
    throw new RangeError(`analyzer workers must be a positive integer, got ${size}`);
  }
  const waiting: Job[] = [];
  const slots = new Set<Slot>();
  let nextId = 1;
  let closed = false;

  /** Settles a job once: later outcomes (a late reply after an abort) are ignored. */
  function finish(job: Job, outcome: { result: AnalyzedPhoto } | { error: Error }) {
    job.signal?.removeEventListener('abort', job.onAbort);
    if ('result' in outcome) job.resolve(outcome.result);
    else job.reject(outcome.error);
    job.resolve = job.reject = () => {};
  }

  function release(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.job = null;
    slot.timer = null;
    slot.worker.unref();
    pump();
  }

  function retire(slot: Slot, error: Error) {
    if (!slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.warmed?.(error);
    if (slot.job) finish(slot.job, { error });
    slot.job = null;
    void slot.worker.terminate();
    pump();
  }

  function startWorker(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl), job: null, timer: null, warmed: null };
    slot.worker.on('message', (message: unknown) => {
      const warm = warmReplySchema.safeParse(message);
      if (warm.success) {
        const settle = slot.warmed;
        slot.warmed = null;
        if (!slot.job) slot.worker.unref();
        settle?.(
          warm.data.ok
            ? undefined
            : new VisionProviderError('unavailable', `analyzer models: ${warm.data.detail}`),
        );
        return;
      }
      const reply = replySchema.safeParse(message);
      const job = slot.job;
      if (!reply.success || !job || reply.data.id !== job.id) {
        retire(slot, new VisionProviderError('unavailable', 'unexpected analyzer worker reply'));
        return;
      }
      const answer = reply.data;
      finish(
        job,
        answer.ok
          ? { result: answer.result }
          : { error: new VisionProviderError(answer.reason, `local analysis: ${answer.detail}`) },
      );
      release(slot);
    });
    slot.worker.on('error', (error) =>
      retire(
        slot,
        new VisionProviderError('unavailable', `analyzer worker failed: ${error.message}`),
      ),
    );
    slot.worker.on('exit', (code) =>
      retire(slot, new VisionProviderError('unavailable', `analyzer worker exited (${code})`)),
    );
    slots.add(slot);
    return slot;
  }

  function run(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(
      () => retire(slot, new VisionProviderError('timeout', 'local analysis took too long')),
      jobTimeoutMs,
    );
    slot.worker.postMessage({ id: job.id, image: job.image }, [job.image]);
  }

  function pump() {
    while (!closed && waiting.length > 0) {
      const idle = [...slots].find((slot) => slot.job === null);
      const slot = idle ?? (slots.size < size ? startWorker() : undefined);
      if (!slot) return;
      run(slot, waiting.shift()!);
    }
  }

  return {
    analyze(image, signal) {
      if (closed) return Promise.reject(new VisionProviderError('unavailable', 'analyzer closed'));
      if (signal?.aborted) return Promise.reject(aborted());
      return new Promise<AnalyzedPhoto>((resolve, reject) => {
        const job: Job = {
          id: nextId++,
          // The one copy: into a buffer of our own, which is then moved to the worker.
          image: new Uint8Array(image).buffer,
          resolve,
          reject,
          signal,
          onAbort: () => {
            const queued = waiting.indexOf(job);
            if (queued !== -1) waiting.splice(queued, 1);
            finish(job, { error: aborted() });
          },
        };
        signal?.addEventListener('abort', job.onAbort, { once: true });
        waiting.push(job);
        pump();
      });
    },

    async warmUp() {
      if (closed) throw new VisionProviderError('unavailable', 'analyzer closed');
      while (slots.size < size) startWorker();
      await Promise.all(
        [...slots].map(
          (slot) =>
            new Promise<void>((resolve, reject) => {
              const earlier = slot.warmed;
              slot.warmed = (error) => {
                earlier?.(error);
                if (error) reject(error);
                else resolve();
              };
              slot.worker.ref();
              slot.worker.postMessage({ warm: true });
            }),
        ),
      );
    },

    stats() {
      const busy = [...slots].filter((slot) => slot.job !== null).length;
      return { workers: slots.size, busy, waiting: waiting.length };
    },

    async close() {
      closed = true;
      const error = new VisionProviderError('unavailable', 'analyzer closed');
      for (const job of waiting.splice(0)) finish(job, { error });
      const workers = [...slots];
      slots.clear();
      for (const slot of workers) {
        if (slot.timer) clearTimeout(slot.timer);
        if (slot.job) finish(slot.job, { error });
        slot.warmed?.(error);
        slot.warmed = null;
      }
      await Promise.all(workers.map((slot) => stopWorker(slot.worker, closeGraceMs)));
    },
  };
}

/** Asks a worker to release its models and end; terminates it if it has not ended in time. */
function stopWorker(worker: Worker, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate().finally(resolve), graceMs);
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.postMessage({ close: true });
  });
}
