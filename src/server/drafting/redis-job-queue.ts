/**
 * A job queue on BullMQ (REDIS_URL), shared by every server process: the generation queue, and
 * by name the Improve runs (ADR 048). The job is only an id (a product's, a run's); the row
 * stays the job's state, so handlers are idempotent (a product no longer pending is left alone)
 * and delivery may safely be at-least-once (docs/decisions/026):
 * - the job id is the id handed over: enqueueing one already queued, waiting for a retry or
 *   running anywhere adds nothing (resumePending in every process, the periodic requeue);
 * - a handler throwing RetryLaterError (a retryable provider failure) is retried with backoff;
 *   the last attempt records the failure instead;
 * - a process killed mid-job stops renewing its lock; another process's stalled check puts the
 *   job back within lockDuration + stalledInterval;
 * - closing waits for running jobs up to the grace period, then aborts them and hands them
 *   back to the queue, delayed by a second, so another process runs them without waiting for
 *   their locks to expire.
 */
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { GenerationQueue, GenerationRunner } from './generation-queue.js';

export interface RedisJobQueueOptions {
  url: string;
  /** The queue's name: one per kind of job (default 'generation', the product drafts). */
  name?: string;
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
  /**
   * How long handing jobs over (enqueue) may take: past it, or at once while Redis is known to
   * be away, enqueue rejects instead of waiting for Redis to come back (REDIS_TIMEOUT_MS).
   */
  commandTimeoutMs: number;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const DEFAULT_QUEUE_NAME = 'generation';
const JOB_NAME = 'generate';
const IDLE_POLL_MS = 50;
const HAND_BACK_DELAY_MS = 1_000;

/** The job's id is the id handed over; jobs queued before `id` existed carry `productId`. */
interface JobData {
  id?: string;
  productId?: string;
}

const idOf = (job: Job<JobData>): string => job.data.id ?? job.data.productId ?? job.id!;

/**
 * The call's result, or a rejection once `ms` have passed: BullMQ may send more than one
 * command for a call (loading its scripts first), each with its own timeout.
 */
async function withDeadline<T>(ms: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([call(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function createRedisJobQueue(options: RedisJobQueueOptions): GenerationQueue {
  const { run, log } = options;
  const attempts = options.attempts ?? 4;
  const connection = { url: options.url, maxRetriesPerRequest: null };
  // The producer's own connection fails fast (BullMQ's advice for queues a request waits on):
  // no offline queue that holds an upload until Redis returns, and a deadline per command for
  // a Redis that accepts and stalls. The worker's connection waits out outages.
  const queueName = options.name ?? DEFAULT_QUEUE_NAME;
  const queue = new Queue<JobData>(queueName, {
    connection: {
      url: options.url,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs,
    },
    prefix: options.prefix,
  });
  let closing = false;

  /** Jobs this process is running now (their processor calls). */
  const running = new Set<Promise<void>>();

  async function processJob(job: Job<JobData>, token?: string, signal?: AbortSignal) {
    const abort = signal ?? new AbortController().signal;
    // A job taken while closing is not started; one aborted after the grace period is left
    // pending by its handler. Either goes back to the queue for another process.
    let handBack = closing;
    if (!handBack) {
      await run(idOf(job), { signal: abort, final: job.attemptsMade + 1 >= attempts });
      handBack = closing && abort.aborted;
    }
    if (handBack && token) {
      // Delayed a moment rather than waiting: this worker's last fetch, still under way while it
      // closes, must not take the job straight back; any other process takes it a second later.
      await job.moveToDelayed(Date.now() + HAND_BACK_DELAY_MS, token);
      throw new DelayedError();
    }
  }

  function tracked(job: Job<JobData>, token?: string, signal?: AbortSignal): Promise<void> {
    const call = processJob(job, token, signal);
    const settled = call.then(
      () => {},
      () => {},
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
    return call;
  }

  const worker = new Worker<JobData>(queueName, tracked, {
    connection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    stalledInterval: Math.max(1_000, Math.floor(options.lockDurationMs / 2)),
    // A job whose process died twice is most likely what kills it; the periodic requeue
    // still finds its pending product later.
    maxStalledCount: 2,
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    const details = { err: error, queue: queueName, id: idOf(job), attempt: job.attemptsMade };
    if (job.attemptsMade < attempts) log.warn(details, 'job attempt failed; retrying');
    // Its row stays pending; the periodic requeue (or the next start) offers it again.
    else log.error(details, 'job gave up');
  });
  worker.on('error', (error) => log.error({ err: error, queue: queueName }, 'worker error'));
  queue.on('error', (error) => log.error({ err: error, queue: queueName }, 'queue error'));

  return {
    async enqueue(ids) {
      if (ids.length === 0 || closing) return;
      await withDeadline(options.commandTimeoutMs, () =>
        queue.addBulk(
          ids.map((id) => ({
            name: JOB_NAME,
            data: { id },
            opts: {
              jobId: id,
              attempts,
              backoff: { type: 'exponential', delay: options.backoffMs ?? 2_000 },
              removeOnComplete: true,
              removeOnFail: true,
            },
          })),
        ),
      );
    },
    cancel(id) {
      worker.cancelJob(id, 'deleted');
      // A job running in another process is not removable; its handler finds no product.
      void queue.remove(id).catch((error: unknown) => {
        log.warn({ err: error, queue: queueName, id }, 'could not remove a queued job');
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
      // No new jobs (a job handed back must not be fetched again here)...
      await worker.pause(true);
      // ...while running ones may finish within the grace period; then they are handed back.
      const handBack = setTimeout(() => worker.cancelAllJobs('shutdown'), options.graceMs);
      try {
        while (running.size > 0) await Promise.all(running);
      } finally {
        clearTimeout(handBack);
      }
      // Nothing of ours runs any more, so the worker need not wait for its jobs; a graceful
      // close could also wait forever on a blocking read re-sent after a Redis reconnect.
      await worker.close(true);
      // QUIT cannot be sent while Redis is away (the producer keeps no offline queue), and after
      // an outage BullMQ's close can wait on a connection that never becomes ready: past the
      // deadline the connection is simply dropped.
      // Dropping it can wait on that same connection too, so it is bounded as well.
      await withDeadline(options.commandTimeoutMs, () => queue.close()).catch(() =>
        withDeadline(options.commandTimeoutMs, () => queue.disconnect()).catch((error: unknown) =>
          log.warn({ err: error }, 'the job queue connection did not close'),
        ),
      );
    },
  };
}
