/** The Improve run's calls (routes listed in src/domain/improve-run.ts), each reply parsed there. */
import {
  improveRunSchema,
  latestImproveRunSchema,
  type ImproveRun,
  type ImproveRunRequest,
} from '#domain/improve-run';
import { apiFetch, apiSend } from '#web/lib/api-client';

export const IMPROVE_FAILED_MESSAGE = 'Improve could not start. Please try again.';
const PROGRESS_FAILED_MESSAGE = 'Failed to load the progress of Improve';

const path = (id: string) => `/api/library/improve-runs/${encodeURIComponent(id)}`;

export const improveRunApi = {
  start(request: ImproveRunRequest): Promise<ImproveRun> {
    return apiFetch('/api/library/improve-runs', improveRunSchema, {
      method: 'POST',
      body: request,
      // 'Select all' of a large library: every product is read and recorded before the answer.
      timeoutMs: 60_000,
      fallbackMessage: IMPROVE_FAILED_MESSAGE,
    });
  },

  /** The run the library shows (going, or finished with its report not closed), if any. */
  async latest(): Promise<ImproveRun | null> {
    const reply = await apiFetch('/api/library/improve-runs/latest', latestImproveRunSchema, {
      fallbackMessage: PROGRESS_FAILED_MESSAGE,
    });
    return reply.run;
  },

  progress(id: string): Promise<ImproveRun> {
    return apiFetch(path(id), improveRunSchema, { fallbackMessage: PROGRESS_FAILED_MESSAGE });
  },

  /** The report was closed: the library stops showing the run. */
  dismiss(id: string): Promise<void> {
    return apiSend(`${path(id)}/dismiss`, { method: 'POST' });
  },
};
