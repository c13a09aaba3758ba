/**
 * The body of the OCR thread that the pool's analyzer workers share (ocr-worker.mjs): it holds
 * the one pair of OCR sessions (ocr-sessions.ts), loaded once (when warmed up, or on the first
 * run), and runs them for every worker connected to it, one run at a time (onnxruntime-node runs
 * a session on the calling thread). One pair instead of one per worker: their arenas keep each
 * thread's largest runs (ADR 051).
 *
 *   from the pool:  { connect: MessagePort }  an analyzer worker's link (remote-ocr.ts)
 *                   { warm: true }            load the sessions now
 *                   { close: true }           finish the runs, release the sessions, end
 *   to the pool:    { warm: true, ok: boolean, detail? }
 *   on a link, in:  { id, model, data: ArrayBuffer, dims }          (the input, transferred)
 *             out:  { id, ok: true, data: ArrayBuffer, dims }       (the output, transferred)
 *                   { id, ok: false, reason: 'unavailable' | 'failed', detail }
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { createOcrSessions, type OcrSessions } from './ocr-sessions.js';

const connectSchema = z.object({
  connect: z.custom<MessagePort>((value) => value instanceof Object && 'postMessage' in value),
});
const closeSchema = z.object({ close: z.literal(true) });
const warmSchema = z.object({ warm: z.literal(true) });
const ocrRequestSchema = z.object({
  id: z.number().int(),
  model: z.enum(['detection', 'recognition']),
  data: z.instanceof(ArrayBuffer),
  dims: z.array(z.number().int().nonnegative()),
});
const optionsSchema = z.object({ intraOpNumThreads: z.number().int().positive() });

if (!parentPort) throw new Error('ocr-thread.ts must run in a worker thread');
const pool = parentPort;
const { intraOpNumThreads } = optionsSchema.parse(workerData);
const links = new Set<MessagePort>();
let sessions: Promise<OcrSessions> | undefined;
/** Runs not yet answered; close waits for them. */
const running = new Set<Promise<void>>();

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The sessions, loaded once; a failed load is tried again by the next run. */
async function loadedSessions(): Promise<OcrSessions> {
  sessions ??= createOcrSessions(intraOpNumThreads);
  try {
    return await sessions;
  } catch (error) {
    sessions = undefined;
    throw error;
  }
}

async function answer(link: MessagePort, raw: unknown): Promise<void> {
  const request = ocrRequestSchema.safeParse(raw);
  if (!request.success) throw new Error('OCR thread got a malformed request');
  const { id, model, data, dims } = request.data;
  let loaded: OcrSessions;
  try {
    loaded = await loadedSessions();
  } catch (error) {
    link.postMessage({ id, ok: false, reason: 'unavailable', detail: `models: ${message(error)}` });
    return;
  }
  try {
    const output = await loaded.run(model, { data: new Float32Array(data), dims });
    const buffer = output.data.buffer as ArrayBuffer;
    link.postMessage({ id, ok: true, data: buffer, dims: [...output.dims] }, [buffer]);
  } catch (error) {
    link.postMessage({ id, ok: false, reason: 'failed', detail: message(error) });
  }
}

function connect(link: MessagePort) {
  links.add(link);
  link.on('message', (raw: unknown) => {
    const run = answer(link, raw);
    running.add(run);
    void run.finally(() => running.delete(run));
  });
  // The worker at the other end retired or was replaced.
  link.on('close', () => links.delete(link));
}

/**
 * Ends the thread gently: terminating a thread whose onnxruntime sessions are alive can abort
 * the whole process; released first, they leave nothing for the teardown to trip on.
 */
async function close(): Promise<void> {
  for (const link of links) link.close();
  await Promise.allSettled(running);
  const loaded = await sessions?.catch(() => undefined);
  if (loaded) await loaded.release();
  pool.close();
}

pool.on('message', (raw: unknown) => {
  const link = connectSchema.safeParse(raw);
  if (link.success) return connect(link.data.connect);
  if (closeSchema.safeParse(raw).success) return void close();
  if (warmSchema.safeParse(raw).success) {
    return void loadedSessions().then(
      () => pool.postMessage({ warm: true, ok: true }),
      (error: unknown) => pool.postMessage({ warm: true, ok: false, detail: message(error) }),
    );
  }
  throw new Error('OCR thread got a malformed message');
});
