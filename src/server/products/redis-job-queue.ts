/**
 * The generation queue on BullMQ (REDIS_URL), shared by every server process. The job is only a
 * product id; the product row stays the job's state, so handlers are idempotent (a product no
 * longer pending is left alone) and delivery may safely be at-least-once (docs/decisions/027):
 * - the job id is the product id: enqueueing a product already queued, waiting for a retry or
 *   running anywhere adds nothing (resumePending in every process, the periodic requeue);
 * - a handler throwing RetryLaterError (a retryable provider failure) is retried with backoff;
 *   the last attempt records the failure instead;
 * - a process killed mid-job stops renewing its lock; another process's stalled check puts the
 *   job back within lockDuration + stalledInterval;
 * - closing waits for running jobs up to the grace period, then aborts them and hands them
 *   back to the queue (moveToWait) so another process runs them at once.
 */
import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import type { GenerationQueue, GenerationRunner } from './generation-queue.js';

export interface RedisJobQueueOptions {
  url: string;
  /** Key prefix of the queue's Redis keys. */
  prefix: string;
  concurrency: number;
  run: GenerationRunner;
  /** How long a job's lock lasts without renewal: a dead process's jobs wait this long. */
  lockDurationMs: number;
  /** How long close() lets running jobs finish before handing them back. */
  graceMs: number;
  /** Attempts per job, the first included (default 4). */
  attempts?: number;
  /** First retry delay; doubles with each attempt (default 2 s). */
  backoffMs?: number;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const QUEUE_NAME = 'generation';
const JOB_NAME = 'generate';
const IDLE_POLL_MS = 50;

interface JobData {
  productId: string;
}

export function createRedisJobQueue(options: RedisJobQueueOptions): GenerationQueue {
  const { run, log } = options;
  const attempts = options.attempts ?? 4;
  const connection = { url: options.url, maxRetriesPerRequest: null };
  const queue = new Queue<JobData>(QUEUE_NAME, { connection, prefix: options.prefix });
  let closing = false;

  async function processJob(job: Job<JobData>, token?: string, signal?: AbortSignal) {
    const abort = signal ?? new AbortController().signal;
    await run(job.data.productId, { signal: abort, final: job.attemptsMade + 1 >= attempts });
    if (abort.aborted && closing && token) {
      // Shutting down mid-job: the product is still pending; another process takes it now.
      await job.moveToWait(token);
      throw new WaitingError();
    }
  }

  const worker = new Worker<JobData>(QUEUE_NAME, processJob, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    stalledInterval: Math.max(1_000, Math.floor(options.lockDurationMs / 2)),
    // A job whose process died twice is most likely what kills it; the periodic requeue
    // still finds its pending product later.
    maxStalledCount: 2,
    removeOnComplete: { count: 0 },
    removeOnFail: { count: 0 },
  });
  worker.on('failed', (job, error) => {
    if (!job || job.attemptsMade < attempts) return;
    log.error({ err: error, productId: job.data.productId }, 'generation job gave up');
  });
  worker.on('error', (error) => log.error({ err: error }, 'generation worker error'));
  queue.on('error', (error) => log.error({ err: error }, 'generation queue error'));

  return {
    async enqueue(ids) {
      if (ids.length === 0 || closing) return;
      await queue.addBulk(
        ids.map((id) => ({
          name: JOB_NAME,
          data: { productId: id },
          opts: {
            jobId: id,
            attempts,
            backoff: { type: 'exponential', delay: options.backoffMs ?? 2_000 },
            removeOnComplete: true,
            removeOnFail: true,
          },
        })),
      );
    },
    cancel(id) {
      worker.cancelJob(id, 'deleted');
      // A job running in another process is not removable; its handler finds no product.
      void queue.remove(id).catch((error: unknown) => {
        log.warn({ err: error, productId: id }, 'could not remove a queued generation job');
      });
    },
    async idle() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        if (Object.values(counts).every((count) => count === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
      }
    },
    async close() {
      closing = true;
      const timer = setTimeout(() => worker.cancelAllJobs('shutdown'), options.graceMs);
      try {
        await worker.close();
      } finally {
        clearTimeout(timer);
        await queue.close();
      }
    },
  };
}
