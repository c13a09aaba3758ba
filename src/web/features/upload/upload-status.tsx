import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { runProgress } from './selection';
import { ProgressBar } from './upload-progress-panel';
import {
  cancelUpload,
  dismissUploadOutcome,
  useUploadStore,
  type UploadOutcome,
} from './upload-store';

function photos(count: number): string {
  return count === 1 ? '1 photo' : `${count} photos`;
}

function OutcomeBanner({ outcome }: { outcome: UploadOutcome }) {
  return (
    <Banner tone={outcome.tone} className="flex items-start justify-between gap-4">
      <div>
        <p>{outcome.message}</p>
        <p className="mt-1">
          {outcome.uploaded} of {photos(outcome.total)} uploaded; the rest were not sent.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={dismissUploadOutcome}>
        Dismiss
      </Button>
    </Banner>
  );
}

/**
 * The rest of an upload whose first drafts are already in the list, wherever the seller is:
 * real progress and Cancel; if it stops early, why (the server's own message) and what landed.
 */
export function UploadStatus() {
  const run = useUploadStore((state) => state.run);
  const outcome = useUploadStore((state) => state.outcome);

  if (outcome) {
    return (
      <div className="mx-auto mb-6 max-w-5xl">
        <OutcomeBanner outcome={outcome} />
      </div>
    );
  }
  if (!run?.landed) return null;
  const { sentFiles, overall } = runProgress(run);
  return (
    <section
      aria-label="Upload in progress"
      className="mx-auto mb-6 flex max-w-5xl items-center gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p role="status" className="text-sm font-medium text-slate-900">
          Uploading photos: {sentFiles} of {run.files.length} sent
        </p>
        <ProgressBar label="Upload progress" percent={overall} />
      </div>
      <Button variant="secondary" size="sm" onClick={cancelUpload}>
        Cancel upload
      </Button>
    </section>
  );
}
