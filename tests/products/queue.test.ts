import { describe, expect, it } from 'vitest';
import { createJobQueue } from '#server/drafting/generation-queue.js';

/** A runner whose jobs finish when the test says so. */
function controllableRunner() {
  const started: string[] = [];
  const aborted: string[] = [];
  const finishers = new Map<string, () => void>();
  let running = 0;
  let maxRunning = 0;
  const run = (id: string, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      started.push(id);
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      const done = () => {
        running -= 1;
        finishers.delete(id);
        resolve();
      };
      finishers.set(id, done);
      signal.addEventListener('abort', () => {
        aborted.push(id);
        done();
      });
    });
  return {
    run,
    started,
    aborted,
    finish: (id: string) => finishers.get(id)!(),
    maxRunning: () => maxRunning,
  };
}

describe('job queue', () => {
  it('runs jobs first in, first out, never more than `concurrency` at once', async () => {
    const runner = controllableRunner();
    const queue = createJobQueue({ concurrency: 2, run: runner.run });
    for (const id of ['a', 'b', 'c', 'd']) queue.enqueue(id);
    expect(runner.started).toEqual(['a', 'b']);
    runner.finish('b');
    await Promise.resolve();
    await Promise.resolve();
    expect(runner.started).toEqual(['a', 'b', 'c']);
    runner.finish('a');
    runner.finish('c');
    await new Promise((resolve) => setTimeout(resolve, 0));
    runner.finish('d');
    await queue.idle();
    expect(runner.started).toEqual(['a', 'b', 'c', 'd']);
    expect(runner.maxRunning()).toBe(2);
    expect(queue.pending).toBe(0);
  });

  it('drops a waiting job on cancel and aborts a running one', async () => {
    const runner = controllableRunner();
    const queue = createJobQueue({ concurrency: 1, run: runner.run });
    queue.enqueue('running');
    queue.enqueue('waiting');
    queue.cancel('waiting');
    queue.cancel('running');
    await queue.idle();
    expect(runner.started).toEqual(['running']);
    expect(runner.aborted).toEqual(['running']);
  });

  it('does not queue an id twice, but runs a running id again when it is re-enqueued', async () => {
    const runner = controllableRunner();
    const queue = createJobQueue({ concurrency: 1, run: runner.run });
    queue.enqueue('x');
    queue.enqueue('y');
    queue.enqueue('y');
    queue.enqueue('x');
    runner.finish('x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    runner.finish('y');
    await new Promise((resolve) => setTimeout(resolve, 0));
    runner.finish('x');
    await queue.idle();
    expect(runner.started).toEqual(['x', 'y', 'x']);
  });

  it('close() aborts running jobs, drops waiting ones and refuses new ones', async () => {
    const runner = controllableRunner();
    const queue = createJobQueue({ concurrency: 1, run: runner.run });
    queue.enqueue('a');
    queue.enqueue('b');
    await queue.close();
    queue.enqueue('c');
    await queue.idle();
    expect(runner.started).toEqual(['a']);
    expect(runner.aborted).toEqual(['a']);
  });

  it('keeps going after a job throws', async () => {
    const errors: unknown[] = [];
    const seen: string[] = [];
    const queue = createJobQueue({
      concurrency: 1,
      run: async (id) => {
        seen.push(id);
        if (id === 'bad') throw new Error('boom');
      },
      log: { error: (details) => errors.push(details) },
    });
    queue.enqueue('bad');
    queue.enqueue('good');
    await queue.idle();
    expect(seen).toEqual(['bad', 'good']);
    expect(errors).toHaveLength(1);
  });
});
