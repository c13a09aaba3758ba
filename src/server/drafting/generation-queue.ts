/**
 * In-process job queue: FIFO, at most `concurrency` jobs at a time, each with its own
 * AbortController. It holds only ids; the job's state lives in the database (the product row),
 * so the queue can be rebuilt from it after a restart and nothing is lost in a crash.
 */
export type JobRunner = (id: string, signal: AbortSignal) => Promise<void>;

/**
 * The generation job's queue as products use it, whichever implementation runs it: this
 * in-process one (the embedded default) or BullMQ on Redis (redis-job-queue.ts, with REDIS_URL).
 */
export interface GenerationQueue {
  /** Hands pending products to the queue; call after the transaction that made them commits. */
  enqueue(ids: readonly string[]): Promise<void>;
  /** Drops a waiting job, or aborts it where this process runs it (the product was deleted). */
  cancel(id: string): void;
  /** Resolves once nothing is waiting or running (tests; the whole queue on Redis). */
  idle(): Promise<void>;
  /** Stops taking jobs; running ones end or go back to the queue (the row stays pending). */
  close(): Promise<void>;
}

/** A job's attempt as the handler sees it: a shared queue tries a job more than once. */
export interface JobAttempt {
  signal: AbortSignal;
  /** No retry follows this attempt: a failure now is final. */
  final: boolean;
}

export type GenerationRunner = (id: string, attempt: JobAttempt) => Promise<void>;

/** Thrown by a handler whose failure is worth another attempt later (a retryable provider error). */
export class RetryLaterError extends Error {
  override name = 'RetryLaterError';
}

/** Today's queue behind the shared interface: every attempt is final (the provider retries). */
export function inProcessGenerationQueue(options: {
  concurrency: number;
  run: GenerationRunner;
  log?: JobQueueOptions['log'];
}): GenerationQueue {
  const queue = createJobQueue({
    concurrency: options.concurrency,
    run: (id, signal) => options.run(id, { signal, final: true }),
    ...(options.log ? { log: options.log } : {}),
  });
  return {
    async enqueue(ids) {
      for (const id of ids) queue.enqueue(id);
    },
    cancel: (id) => queue.cancel(id),
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}

export interface JobQueueOptions {
  concurrency: number;
  run: JobRunner;
  log?: { error(details: object, message: string): void };
}

export interface JobQueue {
  /** Adds a job; an id already waiting is not added twice, a running one runs again after. */
  enqueue(id: string): void;
  /** Drops a waiting job or aborts a running one. */
  cancel(id: string): void;
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>;
  /** Drops waiting jobs, aborts running ones and waits for them to settle. */
  close(): Promise<void>;
  readonly pending: number;
}

export function createJobQueue({ concurrency, run, log }: JobQueueOptions): JobQueue {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`queue concurrency must be a positive integer, got ${concurrency}`);
  }
  const waiting: string[] = [];
  const running = new Map<string, AbortController>();
  /** Running ids enqueued again meanwhile (e.g. a retry racing the end of the failed run). */
  const again = new Set<string>();
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  function settleIdle() {
    if (waiting.length > 0 || running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function pump() {
    while (!closed && running.size < concurrency && waiting.length > 0) {
      const id = waiting.shift()!;
      const controller = new AbortController();
      running.set(id, controller);
      void run(id, controller.signal)
        .catch((error: unknown) => log?.error({ err: error, jobId: id }, 'job failed'))
        .finally(() => {
          running.delete(id);
          if (again.delete(id) && !closed) waiting.push(id);
          pump();
          settleIdle();
        });
    }
    settleIdle();
  }

  return {
    enqueue(id) {
      if (closed) return;
      if (running.has(id)) again.add(id);
      else if (!waiting.includes(id)) waiting.push(id);
      pump();
    },
    cancel(id) {
      const index = waiting.indexOf(id);
      if (index !== -1) waiting.splice(index, 1);
      again.delete(id);
      running.get(id)?.abort();
      settleIdle();
    },
    idle() {
      if (waiting.length === 0 && running.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      waiting.length = 0;
      again.clear();
      for (const controller of running.values()) controller.abort();
      await this.idle();
    },
    get pending() {
      return waiting.length + running.size;
    },
  };
}
