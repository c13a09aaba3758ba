import type { ReactNode } from 'react';
import type { Product } from '#domain/products';
import { ProgressBar } from '#web/components/ui/progress-bar';

export interface ReviewProgress {
  total: number;
  ready: number;
  failed: number;
  pending: number;
}

export function countProgress(products: readonly Product[]): ReviewProgress {
  const count = (state: Product['generation']['state']) =>
    products.filter((product) => product.generation.state === state).length;
  return {
    total: products.length,
    ready: count('ready'),
    failed: count('failed'),
    pending: count('pending'),
  };
}

/** "2 of 5 ready" (", 1 failed"), from what the server reported, not a simulation. */
export function describeProgress(progress: ReviewProgress): string {
  const failed = progress.failed > 0 ? `, ${progress.failed} failed` : '';
  return `${progress.ready} of ${progress.total} ready${failed}`;
}

/**
 * The working text and the real progress, announced politely as products finish; `whenDone`
 * takes its place (in the same live region) once nothing is pending.
 */
export function ReviewProgressStatus({
  progress,
  whenDone,
}: {
  progress: ReviewProgress;
  whenDone?: ReactNode;
}) {
  const finished = progress.ready + progress.failed;
  return (
    <div aria-live="polite" className="mt-2 min-h-6">
      {progress.pending === 0 && whenDone}
      {progress.pending > 0 && (
        <div className="flex max-w-xl flex-col gap-2">
          <p className="text-slate-600">
            Listsmith is working on creating a detailed product library
          </p>
          <div className="flex items-center gap-3">
            <ProgressBar
              label="Products ready"
              value={finished}
              max={progress.total}
              className="flex-1 bg-slate-200"
            />
            <p className="shrink-0 text-sm font-medium text-slate-700">
              {describeProgress(progress)}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
