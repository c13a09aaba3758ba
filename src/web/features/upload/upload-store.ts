/**
 * The upload, held above the screens: it goes on when the seller leaves /create or closes the
 * 'Add More Images' dialog. The files go in several requests, one at a time: single photos until
 * the server has drafted one, then batches of UPLOAD_BATCH_SIZE. The first drafts take the seller
 * to the review screen while the rest continue there (issue 29: first draft on screen fast).
 * Each answer's drafts go into the products cache; the whole selection was checked beforehand.
 */
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Product, UploadRejection, UploadResponse } from '#domain/products';
import { UPLOAD_MESSAGES } from '#domain/upload-rules';
import { productsQueryKey, upsertProducts } from '#web/lib/products';
import { profileQueryKey } from '#web/lib/profile';
import { endSessionOnUnauthorized } from '#web/lib/session-end';
import { toastRejectedFiles } from './rejected-files';
import type { RunPosition } from './selection';
import { sendProductImages, UploadCancelledError, UploadFailedError } from './upload-request';

/** Files per request once a draft is on screen: a cancel or a failure withdraws one batch. */
export const UPLOAD_BATCH_SIZE = 10;

export const ALL_REJECTED_MESSAGE = 'None of the images could be uploaded:';
export const CANCELLED_NOTICE = 'Upload cancelled.';

/** The upload in progress: where it stands (selection.ts), and whether drafts are in the list. */
export interface UploadRun extends RunPosition {
  /** Drafts are in the list: the seller has gone on to review them while the rest continue. */
  landed: boolean;
}

/** What the uploader's banner shows: a spec message, and the refused files when none went through. */
export interface UploadProblem {
  message: string;
  rejected: readonly UploadRejection[];
}

/** How an upload that had landed ended early, shown wherever the seller now is. */
export interface UploadOutcome {
  tone: 'error' | 'info';
  message: string;
  uploaded: number;
  total: number;
}

interface UploadStore {
  run: UploadRun | null;
  problem: UploadProblem | null;
  notice: string | null;
  outcome: UploadOutcome | null;
}

export const useUploadStore = create<UploadStore>(() => ({
  run: null,
  problem: null,
  notice: null,
  outcome: null,
}));

let controller: AbortController | null = null;

/** A reload or a closed tab would drop the photos not yet sent: the browser asks first. */
function askBeforeLeaving(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Safari asks only when returnValue is set.
  event.returnValue = '';
}

/** Stops the requests still to come and aborts the one in flight (the server withdraws it). */
export function cancelUpload(): void {
  controller?.abort();
}

export function showUploadProblem(message: string, rejected: readonly UploadRejection[] = []) {
  useUploadStore.setState({ problem: { message, rejected }, notice: null });
}

export function dismissUploadOutcome(): void {
  useUploadStore.setState({ outcome: null });
}

function updateRun(change: Partial<UploadRun>): void {
  useUploadStore.setState(({ run }) => (run ? { run: { ...run, ...change } } : {}));
}

/**
 * The answer's products, except those the cache already holds in a newer version: each photo is
 * drafted while the upload still runs, so a draft's 'ready' event can overtake the answer.
 */
function notOlderThanCached(queryClient: QueryClient, results: readonly Product[]): Product[] {
  const cached = new Map(
    (queryClient.getQueryData<Product[]>(productsQueryKey) ?? []).map((p) => [p.id, p]),
  );
  return results.filter((product) => {
    const known = cached.get(product.id);
    return !known || known.updatedAt <= product.updatedAt;
  });
}

const PER_FILE_REFUSALS: ReadonlySet<string> = new Set([
  UPLOAD_MESSAGES.unsupportedFormat,
  UPLOAD_MESSAGES.fileTooLarge,
]);

/**
 * One request. Before anything landed it holds one photo, so a refusal of the whole request
 * (400/413 with a file's message) is that photo's: it is noted and the upload goes on.
 */
async function sendBatch(
  files: readonly File[],
  signal: AbortSignal,
  continues: string | undefined,
): Promise<UploadResponse> {
  try {
    return await sendProductImages(files, {
      signal,
      continues,
      onProgress: (progress) => updateRun({ progress }),
      onSent: () => updateRun({ sent: true }),
    });
  } catch (error) {
    const [only] = files;
    if (
      files.length === 1 &&
      only &&
      error instanceof UploadFailedError &&
      (error.status === 400 || error.status === 413) &&
      PER_FILE_REFUSALS.has(error.message)
    ) {
      return { results: [], rejected: [{ fileName: only.name, message: error.message }] };
    }
    throw error;
  }
}

export interface StartUpload {
  queryClient: QueryClient;
  /** The first drafts are in the list (called once). */
  onLanded(products: Product[]): void;
}

/** Sends the files (already checked against the plan and the credits); one upload at a time. */
export async function startUpload(
  files: readonly File[],
  { queryClient, onLanded }: StartUpload,
): Promise<void> {
  if (useUploadStore.getState().run) return;
  const own = new AbortController();
  controller = own;
  useUploadStore.setState({
    run: { files, done: 0, batchSize: 0, progress: null, sent: false, landed: false },
    problem: null,
    notice: null,
    outcome: null,
  });
  const rejected: UploadRejection[] = [];
  let lastDraft: string | undefined;
  let done = 0;
  window.addEventListener('beforeunload', askBeforeLeaving);
  try {
    while (done < files.length) {
      const size = lastDraft ? UPLOAD_BATCH_SIZE : 1;
      const batch = files.slice(done, done + size);
      updateRun({ done, batchSize: batch.length, progress: null, sent: false });
      const answer = await sendBatch(batch, own.signal, lastDraft);
      done += batch.length;
      rejected.push(...answer.rejected);
      const last = answer.results.at(-1);
      if (!last) continue;
      upsertProducts(queryClient, notOlderThanCached(queryClient, answer.results));
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      if (!lastDraft) {
        updateRun({ landed: true });
        onLanded(answer.results);
      }
      lastDraft = last.id;
    }
    useUploadStore.setState({ run: null });
    if (!lastDraft) {
      useUploadStore.setState({ problem: { message: ALL_REJECTED_MESSAGE, rejected } });
    } else if (rejected.length > 0) {
      toastRejectedFiles(rejected);
    }
  } catch (error) {
    stopped(error, {
      queryClient,
      landed: Boolean(lastDraft),
      done,
      total: files.length,
      rejected,
    });
  } finally {
    window.removeEventListener('beforeunload', askBeforeLeaving);
    if (controller === own) controller = null;
  }
}

/** The upload ended early: cancelled, or a request failed. What landed stays. */
function stopped(
  error: unknown,
  context: {
    queryClient: QueryClient;
    landed: boolean;
    done: number;
    total: number;
    rejected: readonly UploadRejection[];
  },
): void {
  const { queryClient, landed, total, rejected } = context;
  const uploaded = context.done - rejected.length;
  useUploadStore.setState({ run: null });
  if (landed && rejected.length > 0) toastRejectedFiles(rejected);
  if (error instanceof UploadCancelledError) {
    if (landed) {
      useUploadStore.setState({
        outcome: { tone: 'info', message: CANCELLED_NOTICE, uploaded, total },
      });
    } else {
      useUploadStore.setState({ notice: CANCELLED_NOTICE });
    }
    // A cancel after the last byte may come too late: the server can have made the drafts.
    void queryClient.invalidateQueries({ queryKey: productsQueryKey });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    return;
  }
  const failure =
    error instanceof UploadFailedError
      ? error
      : new UploadFailedError(UPLOAD_MESSAGES.processingFailed, 0);
  if (landed) {
    useUploadStore.setState({
      outcome: { tone: 'error', message: failure.message, uploaded, total },
    });
  } else {
    useUploadStore.setState({ problem: { message: failure.message, rejected } });
  }
  // Our credit count was stale: fetch the truth. The upload bypasses the query cache, so it
  // hands a 401 to the app's handler itself.
  if (failure.status === 402) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  endSessionOnUnauthorized(queryClient, failure);
}
