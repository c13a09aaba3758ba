/**
 * The body of an analyzer worker: loads the models once (on the first job) and answers one job
 * at a time. Messages:
 *
 *   in:  { id, image: ArrayBuffer }                          (transferred by the pool)
 *   out: { id, ok: true, result: AnalyzedPhoto }
 *        { id, ok: false, reason: 'malformed' | 'unavailable', detail }
 */
import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { isVisionProviderError } from '../../vision-provider.js';
import { analyzePhotoWith, loadAnalyzerModels, type AnalyzerModels } from './analyze-photo.js';

type WorkerReply =
  | { id: number; ok: true; result: Awaited<ReturnType<typeof analyzePhotoWith>> }
  | { id: number; ok: false; reason: 'malformed' | 'unavailable'; detail: string };

const jobSchema = z.object({ id: z.number().int(), image: z.instanceof(ArrayBuffer) });

if (!parentPort) throw new Error('analyzer-thread.ts must run in a worker thread');
const port = parentPort;
let models: Promise<AnalyzerModels> | undefined;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function answer(job: z.infer<typeof jobSchema>): Promise<WorkerReply> {
  let loaded: AnalyzerModels;
  try {
    models ??= loadAnalyzerModels();
    loaded = await models;
  } catch (error) {
    models = undefined;
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

port.on('message', (raw: unknown) => {
  const job = jobSchema.safeParse(raw);
  if (!job.success) throw new Error('analyzer worker got a malformed job');
  void answer(job.data).then((reply) => port.postMessage(reply));
});
