/**
 * SQL of the Improve runs (ADR 048): the run's row, one item per product in the selection's
 * order, and the progress as counts. Every read by a seller is scoped by their id; the job's
 * reads go by the run id it was handed.
 */
import { sql, type Kysely } from 'kysely';
import type { ImproveRunOutcome } from '#domain/improve-run.js';
import type { Database } from '../db/schema.js';

export interface NewRunItem {
  productId: string;
  title: string;
}

/** Items written per statement: bounded statement sizes for 10,000 products. */
const INSERT_BATCH = 500;

/** The order a run's report lists its products in: what needs the seller's eye first. */
const LISTED_ORDER = sql<number>`case ${sql.ref('outcome')} when 'failed' then 0 when 'left' then 1 when 'unchanged' then 2 else 3 end`;

export function createImproveRunRepository(db: Kysely<Database>) {
  return {
    /**
     * The run and its items in one transaction: a run is never seen half-recorded. False, and
     * nothing recorded, when the seller has a run going.
     */
    async create(
      run: { id: string; userId: string; fields: string; mode: string; createdAt: string },
      items: readonly NewRunItem[],
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('improveRuns')
          .values({ ...run, state: 'running', total: items.length })
          // The one-running-run index (its predicate as a literal, as the index has it): a run
          // started at the same moment is already there.
          .onConflict((conflict) =>
            conflict.column('userId').where('state', '=', sql.lit('running')).doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (!created) return false;
        for (let start = 0; start < items.length; start += INSERT_BATCH) {
          await trx
            .insertInto('improveRunItems')
            .values(
              items.slice(start, start + INSERT_BATCH).map((item, i) => ({
                runId: run.id,
                productId: item.productId,
                title: item.title,
                position: start + i,
                state: 'pending' as const,
              })),
            )
            .execute();
        }
        return true;
      });
    },

    findForUser(userId: string, id: string) {
      return db
        .selectFrom('improveRuns')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    find(id: string) {
      return db.selectFrom('improveRuns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The seller's run the library shows: going, or finished with its report not closed. */
    latestShown(userId: string) {
      return db
        .selectFrom('improveRuns')
        .selectAll()
        .where('userId', '=', userId)
        .where('dismissedAt', 'is', null)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async running(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('improveRuns')
        .select('id')
        .where('userId', '=', userId)
        .where('state', '=', 'running')
        .executeTakeFirst();
      return row !== undefined;
    },

    async dismiss(userId: string, id: string): Promise<void> {
      await db
        .updateTable('improveRuns')
        .set({ dismissedAt: new Date().toISOString() })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('state', '<>', 'running')
        .execute();
    },

    /** Each outcome's count and the credits taken, summed in SQL (pending items count as null). */
    counts(runId: string) {
      return db
        .selectFrom('improveRunItems')
        .select(['outcome', (eb) => eb.fn.countAll<string | number>().as('count')])
        .select((eb) => eb.fn.sum<string | number | null>('charged').as('charged'))
        .where('runId', '=', runId)
        .groupBy('outcome')
        .execute();
    },

    /** The finished products the report lists, failures first, at most `limit`. */
    listed(runId: string, limit: number) {
      return db
        .selectFrom('improveRunItems')
        .select(['productId', 'title', 'outcome', 'message'])
        .where('runId', '=', runId)
        .where('state', '=', 'done')
        .orderBy(LISTED_ORDER)
        .orderBy('position')
        .limit(limit)
        .execute();
    },

    /** Items a stopped attempt left working go back to pending (the job's start). */
    async reopenWorking(runId: string): Promise<void> {
      await db
        .updateTable('improveRunItems')
        .set({ state: 'pending', claimedAt: null })
        .where('runId', '=', runId)
        .where('state', '=', 'working')
        .execute();
    },

    /** Takes the next pending product of the run; undefined when none is left. */
    async claimNext(runId: string) {
      for (;;) {
        const next = await db
          .selectFrom('improveRunItems')
          .select(['productId', 'title'])
          .where('runId', '=', runId)
          .where('state', '=', 'pending')
          .orderBy('position')
          .limit(1)
          .executeTakeFirst();
        if (!next) return undefined;
        const claimed = await db
          .updateTable('improveRunItems')
          .set({ state: 'working', claimedAt: new Date().toISOString() })
          .where('runId', '=', runId)
          .where('productId', '=', next.productId)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) return next;
      }
    },

    async finishItem(
      runId: string,
      productId: string,
      result: { outcome: ImproveRunOutcome; message: string; charged: boolean },
    ): Promise<void> {
      await db
        .updateTable('improveRunItems')
        .set({
          state: 'done',
          outcome: result.outcome,
          message: result.message,
          charged: result.charged ? 1 : 0,
        })
        .where('runId', '=', runId)
        .where('productId', '=', productId)
        .execute();
    },

    /** No credit left: the products not reached are reported as left, and the run stops. */
    async stop(runId: string, reason: string, leftMessage: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('improveRunItems')
          .set({ state: 'done', outcome: 'left', message: leftMessage })
          .where('runId', '=', runId)
          .where('state', '<>', 'done')
          .execute();
        await trx
          .updateTable('improveRuns')
          .set({ state: 'stopped', stopReason: reason, finishedAt: new Date().toISOString() })
          .where('id', '=', runId)
          .where('state', '=', 'running')
          .execute();
      });
    },

    async finish(runId: string): Promise<void> {
      await db
        .updateTable('improveRuns')
        .set({ state: 'done', finishedAt: new Date().toISOString() })
        .where('id', '=', runId)
        .where('state', '=', 'running')
        .execute();
    },

    /** Runs still going when the last process stopped. */
    async unfinished(): Promise<string[]> {
      const rows = await db
        .selectFrom('improveRuns')
        .select('id')
        .where('state', '=', 'running')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}

export type ImproveRunRepository = ReturnType<typeof createImproveRunRepository>;
