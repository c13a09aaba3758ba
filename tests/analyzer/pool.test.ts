/**
 * The worker pool: real workers (analyzer-worker.mjs started by Node, under vitest) on real
 * photos, plus a stand-in worker that crashes or hangs on demand for the failure paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzePhotoInProcess } from '#server/vision/providers/local/analyzer/analyze-photo.js';
import { createEvidenceAnalyzer } from '#server/vision/providers/local/analyzer/index.js';
import {
  toVisionProviderConfig,
  visionEnvSchema,
} from '#server/vision/providers/provider-config.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import { BAD_DIR } from '../images/support.js';
import { ANALYZER_TIMEOUT_MS, photo } from './support.js';

const MISBEHAVING_WORKER = new URL('./misbehaving-worker.mjs', import.meta.url);
const ANALYZER_WORKER = new URL(
  '../../src/server/vision/providers/local/analyzer/analyzer-worker.mjs',
  import.meta.url,
);

async function failureOf(promise: Promise<unknown>): Promise<VisionProviderError> {
  const error: unknown = await promise.then(
    () => new Error('expected a failure'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(VisionProviderError);
  return error as VisionProviderError;
}

describe('analyzer worker pool', { timeout: ANALYZER_TIMEOUT_MS }, () => {
  const pool = createEvidenceAnalyzer({ workers: 2 });
  afterAll(() => pool.close());

  it('warms up: every worker starts and loads its models before the first photo', async () => {
    expect(pool.stats()).toEqual({ workers: 0, busy: 0, waiting: 0 });
    await pool.warmUp();
    expect(pool.stats()).toEqual({ workers: 2, busy: 0, waiting: 0 });
  });

  it('analyzes two photos side by side, as the in-process analyzer does', async () => {
    const names = ['electronics-mouse-wireless.jpg', 'apparel-hoodie-red.png'];
    const running = names.map((name) => pool.analyze(photo(name)));
    expect(pool.stats()).toEqual({ workers: 2, busy: 2, waiting: 0 });
    const results = await Promise.all(running);
    for (const [i, name] of names.entries()) {
      expect(results[i]!.evidence).toEqual((await analyzePhotoInProcess(photo(name))).evidence);
    }
    expect(results[0]!.evidence.classes[0]?.label).toBe('computer mouse');
    expect(pool.stats()).toEqual({ workers: 2, busy: 0, waiting: 0 });
  });

  it('leaves the caller’s buffer intact (the pool transfers its own copy)', async () => {
    const image = photo('electronics-mouse-wireless.jpg');
    const copy = Buffer.from(image);
    await pool.analyze(image);
    expect(image.equals(copy)).toBe(true);
  });

  const badFiles = readdirSync(BAD_DIR).filter((name) => name !== 'png-named-as.jpg');

  it.each(badFiles)('fails cleanly on bad/%s with reason malformed', async (name) => {
    const error = await failureOf(pool.analyze(readFileSync(path.join(BAD_DIR, name))));
    expect(error.reason).toBe('malformed');
    expect(error.retryable).toBe(false);
  });

  it('decodes bad/png-named-as.jpg by its content, and still works after the failures', async () => {
    const { evidence } = await pool.analyze(readFileSync(path.join(BAD_DIR, 'png-named-as.jpg')));
    expect(evidence.photo.width).toBeGreaterThan(0);
    expect(pool.stats().workers).toBe(2); // no worker died on the bad files
  });

  it('rejects an aborted analysis at once with reason aborted, and keeps working', async () => {
    const controller = new AbortController();
    const running = pool.analyze(photo('electronics-mouse-wireless.jpg'), controller.signal);
    controller.abort();
    expect((await failureOf(running)).reason).toBe('aborted');
    const already = AbortSignal.abort();
    expect((await failureOf(pool.analyze(photo('toys-football.jpg'), already))).reason).toBe(
      'aborted',
    );
    const { evidence } = await pool.analyze(photo('electronics-mouse-wireless.jpg'));
    expect(evidence.classes[0]?.label).toBe('computer mouse');
  });
});

describe('a real worker asked to close', { timeout: ANALYZER_TIMEOUT_MS }, () => {
  it('waits for its job, releases its models and ends by itself (exit code 0, not terminated)', async () => {
    // Terminating a thread with live onnxruntime sessions could abort the whole process.
    const worker = new Worker(ANALYZER_WORKER);
    const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
    const image = new Uint8Array(photo('electronics-mouse-wireless.jpg')).buffer;
    const replied = new Promise<unknown>((resolve) => worker.once('message', resolve));
    worker.postMessage({ id: 1, image }, [image]);
    worker.postMessage({ close: true });
    expect(await replied).toMatchObject({ id: 1, ok: true });
    expect(await exited).toBe(0);
  });
});

describe('pool mechanics (stand-in worker)', () => {
  const bytes = (first: number) => Buffer.from([first, 0, 0, 0]);

  it('fails a warm-up whose worker could not load its models, naming why', async () => {
    const pool = createEvidenceAnalyzer({ workers: 2, workerUrl: MISBEHAVING_WORKER });
    try {
      const error = await failureOf(pool.warmUp());
      expect(error.reason).toBe('unavailable');
      expect(error.detail).toContain('no models here');
    } finally {
      await pool.close();
    }
  });

  it('queues jobs beyond its workers and answers them in order', async () => {
    const pool = createEvidenceAnalyzer({ workers: 1, workerUrl: MISBEHAVING_WORKER });
    const jobs = [4, 5, 6].map((n) => pool.analyze(Buffer.alloc(n, 9)));
    expect(pool.stats()).toEqual({ workers: 1, busy: 1, waiting: 2 });
    const results = await Promise.all(jobs);
    expect(
      results.map((r) => (r.evidence.photo as unknown as { byteLength: number }).byteLength),
    ).toEqual([4, 5, 6]);
    await pool.close();
  });

  it('fails the job of a crashed worker and replaces the worker', async () => {
    const pool = createEvidenceAnalyzer({ workers: 1, workerUrl: MISBEHAVING_WORKER });
    const crashed = pool.analyze(bytes(1));
    const next = pool.analyze(bytes(9));
    const error = await failureOf(crashed);
    expect(error.reason).toBe('unavailable');
    expect(error.detail).toMatch(/exited \(3\)/);
    await expect(next).resolves.toMatchObject({ evidence: { barcode: null } });
    expect(pool.stats()).toEqual({ workers: 1, busy: 0, waiting: 0 });
    await pool.close();
  });

  it('retires a worker that hangs, failing its job with reason timeout', async () => {
    const pool = createEvidenceAnalyzer({
      workers: 1,
      workerUrl: MISBEHAVING_WORKER,
      jobTimeoutMs: 300,
    });
    const error = await failureOf(pool.analyze(bytes(2)));
    expect(error.reason).toBe('timeout');
    expect(error.retryable).toBe(true);
    await expect(pool.analyze(bytes(9))).resolves.toBeDefined();
    await pool.close();
  });

  it('retires a worker that answers garbage', async () => {
    const pool = createEvidenceAnalyzer({ workers: 1, workerUrl: MISBEHAVING_WORKER });
    expect((await failureOf(pool.analyze(bytes(3)))).detail).toMatch(/unexpected/);
    await expect(pool.analyze(bytes(9))).resolves.toBeDefined();
    await pool.close();
  });

  it('aborts a waiting job without touching the running one', async () => {
    const pool = createEvidenceAnalyzer({ workers: 1, workerUrl: MISBEHAVING_WORKER });
    const first = pool.analyze(bytes(9));
    const controller = new AbortController();
    const second = pool.analyze(bytes(9), controller.signal);
    controller.abort();
    expect((await failureOf(second)).reason).toBe('aborted');
    expect(pool.stats().waiting).toBe(0);
    await expect(first).resolves.toBeDefined();
    await pool.close();
  });

  it('close fails running and waiting jobs, stops the workers and refuses new ones', async () => {
    const pool = createEvidenceAnalyzer({ workers: 1, workerUrl: MISBEHAVING_WORKER });
    const hung = failureOf(pool.analyze(bytes(2)));
    const waiting = failureOf(pool.analyze(bytes(9)));
    await pool.close();
    expect((await hung).reason).toBe('unavailable');
    expect((await waiting).reason).toBe('unavailable');
    expect(pool.stats()).toEqual({ workers: 0, busy: 0, waiting: 0 });
    expect((await failureOf(pool.analyze(bytes(9)))).detail).toMatch(/closed/);
  });

  it('terminates a worker that cannot end by itself when closing, after a grace period', async () => {
    const pool = createEvidenceAnalyzer({
      workers: 1,
      workerUrl: MISBEHAVING_WORKER,
      closeGraceMs: 200,
    });
    const stuck = failureOf(pool.analyze(bytes(4)));
    await pool.close();
    expect((await stuck).reason).toBe('unavailable');
    expect(pool.stats()).toEqual({ workers: 0, busy: 0, waiting: 0 });
  });

  it('refuses a worker count that is not a positive integer', () => {
    expect(() => createEvidenceAnalyzer({ workers: 0 })).toThrow(RangeError);
    expect(() => createEvidenceAnalyzer({ workers: 1.5 })).toThrow(RangeError);
  });
});

describe('ANALYZER_WORKERS', () => {
  it('is passed to the local provider config when set, and validated', () => {
    expect(toVisionProviderConfig(visionEnvSchema.parse({ ANALYZER_WORKERS: '3' }))).toEqual({
      kind: 'local',
      analyzerWorkers: 3,
    });
    expect(toVisionProviderConfig(visionEnvSchema.parse({}))).toEqual({ kind: 'local' });
    expect(visionEnvSchema.safeParse({ ANALYZER_WORKERS: '0' }).success).toBe(false);
    expect(visionEnvSchema.safeParse({ ANALYZER_WORKERS: 'two' }).success).toBe(false);
  });
});
