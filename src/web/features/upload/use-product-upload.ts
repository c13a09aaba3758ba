/**
 * The upload's state: idle, or uploading a set of files with real progress. On success the
 * new drafts go into the shared products cache and the credits are refetched.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Product, UploadRejection } from '#domain/products';
import { productsQueryKey, upsertProducts } from '#web/lib/products';
import { profileQueryKey } from '#web/lib/profile';
import { endSessionOnUnauthorized } from '#web/lib/session-end';
import { toastRejectedFiles } from './rejected-files';
import {
  sendProductImages,
  UploadCancelledError,
  UploadFailedError,
  type UploadProgress,
} from './upload-request';
import { UPLOAD_MESSAGES } from '#domain/upload-rules';

export type UploadState =
  | { phase: 'idle' }
  | {
      phase: 'uploading';
      files: readonly File[];
      progress: UploadProgress | null;
      /** All bytes are on the server; waiting for its answer. */
      sent: boolean;
    };

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

/** What the banner shows: a spec message, and the refused files when none went through. */
export interface UploadProblem {
  message: string;
  rejected: readonly UploadRejection[];
}

export const ALL_REJECTED_MESSAGE = 'None of the images could be uploaded:';
export const CANCELLED_NOTICE = 'Upload cancelled.';

export function useProductUpload(onUploaded: (products: Product[]) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  // Leaving the screen (or closing the dialog) mid-upload abandons the upload.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const showProblem = useCallback((message: string, rejected: readonly UploadRejection[] = []) => {
    setNotice(null);
    setProblem({ message, rejected });
  }, []);

  const start = useCallback(
    async (files: readonly File[]) => {
      const controller = new AbortController();
      controllerRef.current = controller;
      setProblem(null);
      setNotice(null);
      setState({ phase: 'uploading', files, progress: null, sent: false });
      const update = (change: Partial<Extract<UploadState, { phase: 'uploading' }>>) =>
        setState((current) =>
          current.phase === 'uploading' ? { ...current, ...change } : current,
        );

      try {
        const { results, rejected } = await sendProductImages(files, {
          signal: controller.signal,
          onProgress: (progress) => update({ progress }),
          onSent: () => update({ sent: true }),
        });
        upsertProducts(queryClient, notOlderThanCached(queryClient, results));
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        setState({ phase: 'idle' });
        if (results.length === 0) {
          setProblem({ message: ALL_REJECTED_MESSAGE, rejected });
          return;
        }
        if (rejected.length > 0) toastRejectedFiles(rejected);
        onUploaded(results);
      } catch (error) {
        setState({ phase: 'idle' });
        if (error instanceof UploadCancelledError) {
          setNotice(CANCELLED_NOTICE);
          // A cancel after the last byte may come too late: the server can have made the drafts.
          void queryClient.invalidateQueries({ queryKey: productsQueryKey });
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
          return;
        }
        const failure =
          error instanceof UploadFailedError
            ? error
            : new UploadFailedError(UPLOAD_MESSAGES.processingFailed, 0);
        setProblem({ message: failure.message, rejected: [] });
        // Our credit count was stale: fetch the truth. The upload bypasses the query cache, so
        // it hands a 401 to the app's handler itself.
        if (failure.status === 402)
          void queryClient.invalidateQueries({ queryKey: profileQueryKey });
        endSessionOnUnauthorized(queryClient, failure);
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
      }
    },
    [queryClient, onUploaded],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);

  return { state, problem, notice, start, cancel, showProblem };
}
