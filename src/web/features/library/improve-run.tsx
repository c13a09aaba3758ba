/**
 * Improve as a background run (src/domain/improve-run.ts): starting it, its progress while the
 * products are improved one by one, and its report when done. The run is the server's: a reload
 * (or another tab) asks for the seller's latest run and finds it again, going or finished, until
 * its report is closed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { ImproveField, ImproveMode } from '#domain/catalogue-improve';
import {
  improveRunSummary,
  isImproveRunGoing,
  type ImproveRun,
  type ImproveRunOutcome,
} from '#domain/improve-run';
import type { LibrarySelection } from '#domain/library';
import { formatCount } from '#domain/text/english';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ProgressBar } from '#web/components/ui/progress-bar';
import { ApiError } from '#web/lib/api-client';
import { IMPROVE_FAILED_MESSAGE, improveRunApi } from './improve-run-api';
import { ProductOutcomeList } from './product-outcome-list';

const POLL_MS = 1000;
export const improveRunQueryKey = ['improve-run'] as const;

export interface ImproveChoice {
  fields: ImproveField[];
  mode: ImproveMode;
}

/**
 * The seller's run: polled while it goes; `onFinished` once it ends while shown (the library
 * and the credits then change), and its report opens.
 */
export function useImproveRun(options: {
  enabled: boolean;
  /** Sends edits still waiting, so Improve reads what the seller sees. */
  beforeStart(): Promise<void>;
  onStarted(): void;
  onFinished(): void;
}) {
  const queryClient = useQueryClient();
  const [reportOpen, setReportOpen] = useState(false);
  const query = useQuery({
    queryKey: improveRunQueryKey,
    queryFn: () => {
      const known = queryClient.getQueryData<ImproveRun | null>(improveRunQueryKey);
      return known ? improveRunApi.progress(known.id) : improveRunApi.latest();
    },
    enabled: options.enabled,
    refetchInterval: (q) => (q.state.data && isImproveRunGoing(q.state.data) ? POLL_MS : false),
  });
  const run = query.data ?? null;
  const start = useMutation({
    mutationFn: async ({
      selection,
      choice,
    }: {
      selection: LibrarySelection;
      choice: ImproveChoice;
    }) => {
      await options.beforeStart();
      return improveRunApi.start({ selection, ...choice });
    },
    onSuccess: (started) => {
      queryClient.setQueryData(improveRunQueryKey, started);
      options.onStarted();
      // Started from the bottom bar, the seller may be far below the progress at the top.
      const products = started.total === 1 ? '1 product' : `${formatCount(started.total)} products`;
      toast.success(`Improving ${products}: follow it at the top of the library.`);
    },
    onError: (error) => {
      toast.error(error instanceof ApiError ? error.message : IMPROVE_FAILED_MESSAGE);
    },
  });
  const dismiss = useMutation({
    mutationFn: (id: string) => improveRunApi.dismiss(id),
    onSettled: () => {
      setReportOpen(false);
      queryClient.setQueryData(improveRunQueryKey, null);
    },
  });

  // Seen going, now ended: the report opens by itself (once per run).
  const seenGoing = useRef<string | null>(null);
  const { onFinished } = options;
  useEffect(() => {
    if (!run) return;
    if (isImproveRunGoing(run)) seenGoing.current = run.id;
    else if (seenGoing.current === run.id) {
      seenGoing.current = null;
      setReportOpen(true);
      onFinished();
    }
  }, [run, onFinished]);

  return {
    run,
    starting: start.isPending,
    start: (selection: LibrarySelection, choice: ImproveChoice) =>
      start.mutate({ selection, choice }),
    view: run && (
      <>
        <ImproveRunPanel
          run={run}
          onShowReport={() => setReportOpen(true)}
          onClose={() => dismiss.mutate(run.id)}
        />
        <ImproveRunReport
          run={run}
          open={reportOpen && !isImproveRunGoing(run)}
          onDone={() => dismiss.mutate(run.id)}
        />
      </>
    ),
  };
}

/** The run in the library: its progress while it goes, then its summary. */
export function ImproveRunPanel({
  run,
  onShowReport,
  onClose,
}: {
  run: ImproveRun;
  onShowReport(): void;
  onClose(): void;
}) {
  if (isImproveRunGoing(run)) {
    return (
      <section aria-label="Improve" aria-live="polite" className="mb-4 space-y-2">
        <p className="text-sm font-medium text-slate-900">
          Improving your products: {formatCount(run.done)} of {formatCount(run.total)}
        </p>
        <ProgressBar label="Improve progress" value={run.done} max={run.total} />
        <p className="text-sm text-slate-600">
          {improveRunSummary(run)} so far. You can leave this page: Improve goes on.
        </p>
      </section>
    );
  }
  return (
    <section aria-label="Improve" className="mb-4">
      <Banner tone={run.state === 'stopped' || run.failed > 0 ? 'warning' : 'success'}>
        <p className="font-medium">Improve finished: {improveRunSummary(run)}</p>
        {run.stopReason && <p className="mt-1">{run.stopReason}</p>}
        <div className="mt-2 flex gap-2">
          <Button size="sm" variant="secondary" onClick={onShowReport}>
            See what happened
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </Banner>
    </section>
  );
}

const OUTCOME_LOOK: Record<ImproveRunOutcome, { label: string; className: string }> = {
  improved: { label: 'Done', className: 'bg-emerald-100 text-emerald-800' },
  unchanged: { label: 'Skipped', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  left: { label: 'Not improved', className: 'bg-slate-100 text-slate-700' },
};

/** What the run did to each product (the first lines the server sends; the rest counted). */
export function ImproveRunReport({
  run,
  open,
  onDone,
}: {
  run: ImproveRun;
  open: boolean;
  onDone(): void;
}) {
  const more = run.done - run.lines.length;
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onDone();
      }}
      title="Improve: what happened"
      description={improveRunSummary(run)}
      className="w-[min(92vw,36rem)]"
    >
      {run.stopReason && (
        <p role="alert" className="mb-3 text-sm text-amber-900">
          {run.stopReason}
        </p>
      )}
      <ProductOutcomeList
        lines={run.lines.map((line) => ({
          key: line.id,
          title: line.title,
          details: line.message ? [line.message] : [],
          look: OUTCOME_LOOK[line.outcome],
        }))}
      />
      {more > 0 && <p className="mt-2 text-sm text-slate-600">…and {formatCount(more)} more.</p>}
      <div className="mt-6 flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </Dialog>
  );
}
