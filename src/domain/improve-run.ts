/**
 * Improve as a background run (issue 25, ADR 048): every Improve goes through a run, whatever
 * the selection's size, so the web shows one progress and one report. The request is checked
 * and the run recorded before the answer; the products are improved one by one afterwards.
 *
 * Routes (a signed-in Premium session with an editable library; another seller's run → 404):
 * - POST /api/library/improve-runs {@link ImproveRunRequest} → 202 {@link ImproveRun}
 *   A product named by id that is not in the seller's library → 404, nothing recorded; no credit
 *   left and nothing improved before → 402; a run of theirs still going → 409.
 * - GET  /api/library/improve-runs/latest → {@link LatestImproveRun}: the run the library shows
 *   (going, or finished and its report not closed), so a reload finds it again.
 * - GET  /api/library/improve-runs/:id → {@link ImproveRun}
 * - POST /api/library/improve-runs/:id/dismiss → 204: the report was closed.
 */
import { z } from 'zod';
import { improveFieldSchema, improveModeSchema, IMPROVE_FIELDS } from './catalogue-improve';
import { librarySelectionSchema } from './library';
import { formatCount } from './text/english';

/** Products one run takes: a whole library searched at 10,000 products. */
export const IMPROVE_RUN_MAX = 10_000;
/** Lines of a run's report sent with its progress (failures first); the rest are counted. */
export const IMPROVE_RUN_LISTED_MAX = 200;

export const IMPROVE_RUN_MESSAGES = {
  tooMany: `Up to ${formatCount(IMPROVE_RUN_MAX)} products can be improved at a time. Please select fewer products.`,
  nothingSelected: 'Select at least one product to improve.',
  noCredits: 'You have no credits left to improve these products. Buy a credit pack to go on.',
  running: 'Improve is still running on your products. Wait for it to finish, then start again.',
} as const;

export const improveRunRequestSchema = z
  .object({
    selection: librarySelectionSchema,
    fields: z.array(improveFieldSchema).min(1).max(IMPROVE_FIELDS.length),
    mode: improveModeSchema,
  })
  .strict();
export type ImproveRunRequest = z.infer<typeof improveRunRequestSchema>;

export const IMPROVE_RUN_OUTCOMES = ['improved', 'unchanged', 'failed', 'left'] as const;
export type ImproveRunOutcome = (typeof IMPROVE_RUN_OUTCOMES)[number];

/** One product of a finished part of the run, in words a seller reads. */
export const improveRunLineSchema = z.object({
  id: z.string(),
  title: z.string(),
  outcome: z.enum(IMPROVE_RUN_OUTCOMES),
  message: z.string(),
});
export type ImproveRunLine = z.infer<typeof improveRunLineSchema>;

export const improveRunSchema = z.object({
  id: z.string(),
  /** 'stopped': no credit was left; the products not reached are counted as `left`. */
  state: z.enum(['running', 'done', 'stopped']),
  total: z.number().int(),
  /** Products finished, whatever their outcome. */
  done: z.number().int(),
  improved: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  /** Credits the run took. */
  charged: z.number().int(),
  stopReason: z.string().nullable(),
  /** Up to IMPROVE_RUN_LISTED_MAX lines: failed, left, unchanged, then improved. */
  lines: z.array(improveRunLineSchema),
  createdAt: z.string(),
});
export type ImproveRun = z.infer<typeof improveRunSchema>;

export const latestImproveRunSchema = z.object({ run: improveRunSchema.nullable() });
export type LatestImproveRun = z.infer<typeof latestImproveRunSchema>;

export const isImproveRunGoing = (run: Pick<ImproveRun, 'state'>): boolean =>
  run.state === 'running';

/** The report's summary line, shared so the screen and its tests agree. */
export function improveRunSummary(
  run: Pick<ImproveRun, 'improved' | 'unchanged' | 'failed' | 'left'>,
): string {
  const parts = [`${run.improved} done`, `${run.unchanged} skipped`, `${run.failed} failed`];
  if (run.left > 0) parts.push(`${run.left} not improved`);
  return parts.join(' · ');
}
