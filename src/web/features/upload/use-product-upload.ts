/**
 * The uploader's view of the app's one upload (upload-store.ts): it outlives the component, so
 * leaving /create or closing the dialog does not stop it. Only a mounted uploader hears that the
 * first drafts landed (to go on to review them).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { Product } from '#domain/products';
import { cancelUpload, showUploadProblem, startUpload, useUploadStore } from './upload-store';

export function useProductUpload(onUploaded: (products: Product[]) => void) {
  const queryClient = useQueryClient();
  const run = useUploadStore((state) => state.run);
  const problem = useUploadStore((state) => state.problem);
  const notice = useUploadStore((state) => state.notice);
  const onUploadedRef = useRef<typeof onUploaded | null>(onUploaded);

  useEffect(() => {
    onUploadedRef.current = onUploaded;
    return () => {
      onUploadedRef.current = null;
    };
  }, [onUploaded]);
  // What the banner said belongs to this uploader: another one (the dialog's) starts afresh.
  useEffect(() => () => useUploadStore.setState({ problem: null, notice: null }), []);

  const start = useCallback(
    (files: readonly File[]) =>
      startUpload(files, {
        queryClient,
        onLanded: (products) => onUploadedRef.current?.(products),
      }),
    [queryClient],
  );

  return { run, problem, notice, start, cancel: cancelUpload, showProblem: showUploadProblem };
}
