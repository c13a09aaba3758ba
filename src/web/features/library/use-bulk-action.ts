/** A bulk action on the library's selection, and the report of what it did to each product. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { BulkAction, BulkReply, LibrarySelection } from '#domain/library';
import { ApiError } from '#web/lib/api-client';
import { refreshLibrary } from '#web/lib/library';
import { profileQueryKey } from '#web/lib/profile';
import { BULK_FAILED_MESSAGE, libraryApi } from './api';

export function useBulkAction(options: {
  /** The selection as a request names it; null when nothing is selected. */
  chosen: LibrarySelection | null;
  /** Sends edits still waiting, so the action works on what the seller sees. */
  flushEdits(): Promise<void>;
  onDeleted(ids: readonly string[]): void;
  onDone(): void;
}) {
  const queryClient = useQueryClient();
  const [report, setReport] = useState<{ action: BulkAction['type']; reply: BulkReply } | null>(
    null,
  );
  const mutation = useMutation({
    mutationFn: async (action: BulkAction) => {
      if (!options.chosen) throw new ApiError(400, 'Select at least one product first.');
      await options.flushEdits();
      return libraryApi.bulk({ selection: options.chosen, action });
    },
    onSuccess: (reply, action) => {
      if (action.type === 'delete') {
        options.onDeleted(
          reply.results.filter((result) => result.outcome === 'done').map((r) => r.id),
        );
      }
      options.onDone();
      setReport({ action: action.type, reply });
      void refreshLibrary(queryClient);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    onError: (error) => {
      toast.error(error instanceof ApiError ? error.message : BULK_FAILED_MESSAGE);
    },
  });
  return { mutation, report, closeReport: () => setReport(null) };
}
