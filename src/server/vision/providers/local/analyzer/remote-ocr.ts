/**
 * An analyzer worker's link to the OCR thread the pool's workers share (ocr-thread.ts): the OCR
 * sessions as seen from the worker. Inputs and outputs are moved across, not copied. The pool
 * hands the worker a new link whenever it restarts the OCR thread; runs still waiting on the old
 * one then fail with {@link OcrThreadUnavailableError}, as do runs on a link the thread closed.
 */
import type { MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import type { OcrModel, OcrSessions, OcrTensor } from './ocr-sessions.js';

/** The OCR thread stopped or could not load its models: the photo is not at fault. */
export class OcrThreadUnavailableError extends Error {
  override name = 'OcrThreadUnavailableError';
}

export interface RemoteOcr extends OcrSessions {
  /** Runs from now on go to `link`; runs waiting on the previous link fail. */
  connect(link: MessagePort): void;
}

const replySchema = z.discriminatedUnion('ok', [
  z.object({
    id: z.number(),
    ok: z.literal(true),
    data: z.instanceof(ArrayBuffer),
    dims: z.array(z.number()),
  }),
  z.object({
    id: z.number(),
    ok: z.literal(false),
    reason: z.enum(['unavailable', 'failed']),
    detail: z.string(),
  }),
]);

interface PendingRun {
  resolve(output: OcrTensor): void;
  reject(error: Error): void;
}

export function createRemoteOcr(first: MessagePort): RemoteOcr {
  const pending = new Map<number, PendingRun>();
  let link: MessagePort | null = null;
  let nextId = 1;

  function failPending(detail: string) {
    const error = new OcrThreadUnavailableError(detail);
    for (const run of pending.values()) run.reject(error);
    pending.clear();
  }

  function connect(next: MessagePort) {
    link?.close();
    failPending('the OCR thread was restarted');
    link = next;
    next.on('message', (raw: unknown) => {
      const reply = replySchema.safeParse(raw);
      const run = reply.success ? pending.get(reply.data.id) : undefined;
      if (!reply.success || !run) throw new Error('unexpected reply from the OCR thread');
      pending.delete(reply.data.id);
      const answer = reply.data;
      if (answer.ok) run.resolve({ data: new Float32Array(answer.data), dims: answer.dims });
      else if (answer.reason === 'unavailable')
        run.reject(new OcrThreadUnavailableError(answer.detail));
      else run.reject(new Error(answer.detail));
    });
    next.on('close', () => {
      if (link !== next) return;
      link = null;
      failPending('the OCR thread stopped');
    });
  }
  connect(first);

  return {
    connect,
    run(model: OcrModel, input: OcrTensor) {
      const current = link;
      if (!current) return Promise.reject(new OcrThreadUnavailableError('the OCR thread stopped'));
      // Moved, not copied: the engine builds each input afresh and does not read it again.
      const data =
        input.data.byteOffset === 0 && input.data.byteLength === input.data.buffer.byteLength
          ? input.data
          : input.data.slice();
      const buffer = data.buffer as ArrayBuffer;
      const id = nextId++;
      return new Promise<OcrTensor>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        current.postMessage({ id, model, data: buffer, dims: [...input.dims] }, [buffer]);
      });
    },
    async release() {
      link?.close();
      link = null;
      failPending('the analyzer worker is closing');
    },
  };
}
