/**
 * The body of an analyzer worker: loads the models once (when warmed up, or on the first job)
 * and answers one job at a time. Messages:
 *
 *   in:  { id, image: ArrayBuffer }                          (transferred by the pool)
 *        { warm: true }      load the models now, and run them once on a drawn photo
 *        { close: true }     release the models, stop listening: the thread then ends by itself
 *   out: { id, ok: true, result: AnalyzedPhoto }
 *        { id, ok: false, reason: 'malformed' | 'unavailable', detail }
 *        { warm: true, ok: boolean, detail? }                 the models loaded, or why not
 */
import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { isVisionProviderError } from '#server/vision/providers/vision-provider.js';
import {
  analyzePhotoWith,
  loadAnalyzerModels,
  releaseAnalyzerModels,
  warmUpAnalyzer,
  type AnalyzerModels,
} from './analyze-photo.js';

type WorkerReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof analyzePhotoWith>> }
  | { id: number; ok: false; reason: 'malformed' | 'unavailable'; detail: string };

const jobSchema = z.object({ id: z.number().int(), image: z.instanceof(ArrayBuffer) });
const closeSchema = z.object({ close: z.literal(true) });
const warmSchema = z.object({ warm: z.literal(true) });

if (!parentPort) throw new Error('analyzer-thread.ts must run in a worker thread');
const port = parentPort;
let models: Promise<AnalyzerModels> | undefined;
/** The job being answered (the pool sends one at a time); close waits for it. */
let running: Promise<void> = Promise.resolve();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The models, loaded once; a failed load is tried again by the next caller. */
async function loadedModels(): Promise<AnalyzerModels> {
  models ??= loadAnalyzerModels();
  try {
    return await models;
  } catch (error) {
    models = undefined;
    throw error;
  }
}

async function answer(job: z.infer<typeof jobSchema>): Promise<WorkerReply> {
  let loaded: AnalyzerModels;
  try {
    loaded = await loadedModels();
  } catch (error) {
    return { id: job.id, ok: false, reason: 'unavailable', detail: `models: ${message(error)}` };
  }
  try {
    return { id: job.id, ok: true, result: await analyzePhotoWith(loaded, Buffer.from(job.image)) };
  } catch (error) {
    // Models are loaded, so what failed is this photo: undecodable, or something in it that a
    // step could not handle. Trying it again would fail the same way.
    const detail = isVisionProviderError(error) ? error.detail : message(error);
    return { id: job.id, ok: false, reason: 'malformed', detail };
  }
}

/**
 * Ends the thread gently. Terminating a thread whose onnxruntime sessions are alive can abort
 * the whole process (a native error thrown while the thread is torn down); released first, they
 * leave nothing for the teardown to trip on.
 */
async function close(): Promise<void> {
  await running;
  const loaded = await models?.catch(() => undefined);
  if (loaded) await releaseAnalyzerModels(loaded);
  port.close();
}

port.on('message', (raw: unknown) => {
  if (closeSchema.safeParse(raw).success) {
    void close();
    return;
  }
  if (warmSchema.safeParse(raw).success) {
    const warming = loadedModels().then(async (loaded) => {
      // The models loaded, so the worker is ready whatever the drawn photo does.
      await warmUpAnalyzer(loaded).catch(() => undefined);
    });
    // A photo sent meanwhile waits for the warm-up rather than running beside it.
    running = warming.catch(() => undefined);
    void warming.then(
      () => port.postMessage({ warm: true, ok: true }),
      (error: unknown) => port.postMessage({ warm: true, ok: false, detail: message(error) }),
    );
    return;
  }
  const job = jobSchema.safeParse(raw);
  if (!job.success) throw new Error('analyzer worker got a malformed job');
  running = running.then(() => answer(job.data)).then((reply) => port.postMessage(reply));
});
