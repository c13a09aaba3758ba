/**
 * Improve as a background run (issue 25, ADR 048; contract: src/domain/improve-run.ts). The
 * request checks the library is editable, that every product named is the seller's, the size,
 * and that a credit is there unless every product was paid for already; it records the run (one
 * item per product) and answers. The job, on the shared queue (in this process, or BullMQ with
 * REDIS_URL; the run id is the job), improves the products one by one through editing's
 * Improve (one credit per product, once per photos and text). It is idempotent: items are taken
 * by a conditional update and a product improved again costs nothing, so delivering a run twice
 * or resuming it after a restart changes no outcome. No credit left: the run stops and the
 * products not reached are reported as left.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { improveFieldSchema, improveModeSchema } from '#domain/catalogue-improve.js';
import { totalCredits } from '#domain/credits.js';
import {
  IMPROVE_RUN_LISTED_MAX,
  IMPROVE_RUN_MAX,
  IMPROVE_RUN_MESSAGES,
  type ImproveRun,
  type ImproveRunOutcome,
  type ImproveRunRequest,
} from '#domain/improve-run.js';
import type { LibrarySelection } from '#domain/library.js';
import type { Selectable } from 'kysely';
import type { ImproveRunsTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { isoString, notFound, type ProductRow, type SellerRepository } from '../catalog/index.js';
import {
  inProcessGenerationQueue,
  type GenerationQueue,
  type GenerationRunner,
  type JobAttempt,
} from '../drafting/index.js';
import type { ImproveRunRepository } from './improve-run-repository.js';
import type { LibraryProductEdits } from './library-bulk.js';
import type { LibraryService } from './library-service.js';

/** Runs improved side by side in one process; each takes one product at a time. */
const RUNS_AT_ONCE = 2;

const NOT_IN_LIBRARY = 'This product is not in your library any more.';
const SOMETHING_FAILED = 'Something went wrong with this product. Please try again.';
const OUT_OF_CREDITS =
  'You ran out of credits. Buy a credit pack and run Improve again on the products left: the ones improved already cost nothing again.';
const LEFT = 'Not improved: no credits were left.';

const runNotFound = () => new HttpError(404, 'Improve run not found');
const storedAction = z.object({ fields: z.array(improveFieldSchema), mode: improveModeSchema });

export interface ImproveRunDeps {
  runs: ImproveRunRepository;
  service: Pick<LibraryService, 'editable' | 'selected'>;
  edits: Pick<LibraryProductEdits, 'improve' | 'improvedBefore'>;
  sellers: Pick<SellerRepository, 'standing'>;
  /** The queue the runs go on; default: in this process. */
  createQueue?: (run: GenerationRunner) => GenerationQueue;
  log: { error(details: object, message: string): void };
}

const outcomeOf: Record<'done' | 'skipped', ImproveRunOutcome> = {
  done: 'improved',
  skipped: 'unchanged',
};

export function createImproveRuns(deps: ImproveRunDeps) {
  const { runs, service, edits, sellers, log } = deps;

  async function view(row: Selectable<ImproveRunsTable>): Promise<ImproveRun> {
    const [counts, listed] = await Promise.all([
      runs.counts(row.id),
      runs.listed(row.id, IMPROVE_RUN_LISTED_MAX),
    ]);
    const by: Record<ImproveRunOutcome, number> = { improved: 0, unchanged: 0, failed: 0, left: 0 };
    let charged = 0;
    for (const group of counts) {
      if (group.outcome) by[group.outcome] += Number(group.count);
      charged += Number(group.charged ?? 0);
    }
    return {
      id: row.id,
      state: row.state,
      total: row.total,
      done: by.improved + by.unchanged + by.failed + by.left,
      ...by,
      charged,
      stopReason: row.stopReason,
      lines: listed.map((line) => ({
        id: line.productId,
        title: line.title,
        outcome: line.outcome ?? 'failed',
        message: line.message,
      })),
      createdAt: isoString(row.createdAt),
    };
  }

  /** The rows a selection names; an id that is not the seller's refuses the whole request. */
  async function rowsOf(userId: string, selection: LibrarySelection): Promise<ProductRow[]> {
    const rows: ProductRow[] = [];
    for await (const row of service.selected(userId, selection)) {
      rows.push(row);
      if (rows.length > IMPROVE_RUN_MAX) {
        throw new HttpError(400, IMPROVE_RUN_MESSAGES.tooMany, 'too-many-products');
      }
    }
    if (selection.kind === 'ids' && new Set(selection.ids).size !== rows.length) throw notFound();
    if (rows.length === 0) throw new HttpError(400, IMPROVE_RUN_MESSAGES.nothingSelected);
    return rows;
  }

  async function improveOne(
    run: Selectable<ImproveRunsTable>,
    productId: string,
  ): Promise<{ outcome: ImproveRunOutcome; message: string; charged: boolean } | 'no-credits'> {
    const action = storedAction.parse({ fields: JSON.parse(run.fields), mode: run.mode });
    let row: ProductRow | undefined;
    for await (const found of service.selected(run.userId, { kind: 'ids', ids: [productId] })) {
      row = found;
    }
    if (!row) return { outcome: 'failed', message: NOT_IN_LIBRARY, charged: false };
    try {
      const result = await edits.improve(run.userId, row, action);
      if (result.outcome === 'no-credits') return 'no-credits';
      return {
        outcome: outcomeOf[result.outcome],
        message: result.message,
        charged: result.charged,
      };
    } catch (error) {
      if (error instanceof HttpError)
        return { outcome: 'failed', message: error.message, charged: false };
      log.error({ err: error, runId: run.id, productId }, 'improving a product failed');
      return { outcome: 'failed', message: SOMETHING_FAILED, charged: false };
    }
  }

  /** The job: the run's products one by one until none is left, the credits end or it stops. */
  async function work(runId: string, { signal }: JobAttempt): Promise<void> {
    const run = await runs.find(runId);
    if (!run || run.state !== 'running') return;
    try {
      await service.editable(run.userId);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return runs.stop(runId, error.message, error.message);
    }
    await runs.reopenWorking(runId);
    while (!signal.aborted) {
      const item = await runs.claimNext(runId);
      if (!item) return runs.finish(runId);
      const result = await improveOne(run, item.productId);
      if (result === 'no-credits') return runs.stop(runId, OUT_OF_CREDITS, LEFT);
      await runs.finishItem(runId, item.productId, result);
    }
  }

  const queue = deps.createQueue
    ? deps.createQueue(work)
    : inProcessGenerationQueue({ concurrency: RUNS_AT_ONCE, run: work, log });

  return {
    async start(userId: string, request: ImproveRunRequest): Promise<ImproveRun> {
      await service.editable(userId);
      const rows = await rowsOf(userId, request.selection);
      if (await runs.running(userId)) {
        throw new HttpError(409, IMPROVE_RUN_MESSAGES.running, 'improve-running');
      }
      if (
        totalCredits(await sellers.standing(userId)) < 1 &&
        !rows.some((row) => edits.improvedBefore(row))
      ) {
        throw new HttpError(402, IMPROVE_RUN_MESSAGES.noCredits, 'no-credits');
      }
      const id = randomUUID();
      const created = await runs.create(
        {
          id,
          userId,
          fields: JSON.stringify(request.fields),
          mode: request.mode,
          createdAt: new Date().toISOString(),
        },
        rows.map((row) => ({ productId: row.id, title: row.title })),
      );
      if (!created) throw new HttpError(409, IMPROVE_RUN_MESSAGES.running, 'improve-running');
      await queue.enqueue([id]);
      return view((await runs.find(id))!);
    },

    async progress(userId: string, id: string): Promise<ImproveRun> {
      const row = await runs.findForUser(userId, id);
      if (!row) throw runNotFound();
      return view(row);
    },

    async latest(userId: string): Promise<{ run: ImproveRun | null }> {
      const row = await runs.latestShown(userId);
      return { run: row ? await view(row) : null };
    },

    async dismiss(userId: string, id: string): Promise<void> {
      const row = await runs.findForUser(userId, id);
      if (!row) throw runNotFound();
      if (row.state === 'running') throw new HttpError(409, IMPROVE_RUN_MESSAGES.running);
      await runs.dismiss(userId, id);
    },

    /** Runs left going when the last process stopped (job ids make a queued one a no-op). */
    async resume(): Promise<number> {
      const ids = await runs.unfinished();
      await queue.enqueue(ids);
      return ids.length;
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}

export type ImproveRuns = ReturnType<typeof createImproveRuns>;
