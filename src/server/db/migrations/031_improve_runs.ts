import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Improve as a background run (issue 25, ADR 048), and the import's image progress counted in
 * SQL:
 * - `improveRuns`: one per Improve a seller started: the fields and mode asked, running →
 *   done, or stopped (no credit left: `stopReason` says so), and how many products it took.
 * - `improveRunItems`: one per product of a run, in the selection's order: pending → working →
 *   done, with the outcome (improved, unchanged, failed, left when the run stopped), the line
 *   the report shows and whether it took a credit. The title is kept as it was when the run
 *   started, so a product deleted meanwhile is still named in the report.
 * - `catalogueImportItems.fetched` / `.failed`: how many images of a product were stored and
 *   how many could not be, so the import's progress is a sum, not a read of every item.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('improveRuns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** JSON array of ImproveField. */
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    /** running → done | stopped */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('stopReason', 'text')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('finishedAt', timestamp)
    /** When the seller closed its report: the library stops showing the run. */
    .addColumn('dismissedAt', timestamp)
    .execute();
  await db.schema
    .createIndex('improveRuns_user_idx')
    .on('improveRuns')
    .columns(['userId', 'createdAt'])
    .execute();
  // One running Improve per seller, also when two requests start one at the same moment.
  await db.schema
    .createIndex('improveRuns_one_running_idx')
    .on('improveRuns')
    .column('userId')
    .unique()
    .where(sql.ref('state'), '=', 'running')
    .execute();

  await db.schema
    .createTable('improveRunItems')
    .addColumn('runId', 'text', (c) => c.notNull().references('improveRuns.id').onDelete('cascade'))
    .addColumn('productId', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** pending → working → done */
    .addColumn('state', 'text', (c) => c.notNull())
    /** improved | unchanged | failed | left; null until done */
    .addColumn('outcome', 'text')
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimedAt', timestamp)
    .addPrimaryKeyConstraint('improveRunItems_pk', ['runId', 'productId'])
    .execute();
  await db.schema
    .createIndex('improveRunItems_state_idx')
    .on('improveRunItems')
    .columns(['runId', 'state', 'position'])
    .execute();

  for (const column of ['fetched', 'failed']) {
    await db.schema
      .alterTable('catalogueImportItems')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Items done before: their counts from the JSON the view used to read on every poll.
  const length = (column: string) =>
    kind === 'postgres'
      ? sql`json_array_length(${sql.ref(column)}::json)`
      : sql`json_array_length(${sql.ref(column)})`;
  await sql`update ${sql.table('catalogueImportItems')} set ${sql.ref('failed')} = ${length('failures')}, ${sql.ref('fetched')} = case when ${length('images')} > ${length('failures')} then ${length('images')} - ${length('failures')} else 0 end where ${sql.ref('state')} = 'done'`.execute(
    db,
  );
}
