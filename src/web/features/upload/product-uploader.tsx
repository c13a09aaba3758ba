import type { FileRejection } from 'react-dropzone';
import { planFromName } from '#domain/plans';
import type { Product } from '#domain/products';
import { needsCreditsDialog } from '#domain/upload-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { useProfile } from '#web/lib/profile';
import { NoCreditsPanel } from './no-credits-panel';
import { RejectedFilesList } from './rejected-files';
import { refusedFiles, selectionProblem } from './selection';
import { UploadDropZone } from './upload-drop-zone';
import { UploadProgressPanel } from './upload-progress-panel';
import { useProductUpload } from './use-product-upload';

export interface ProductUploaderProps {
  /**
   * Called with the first (pending) drafts once the server has accepted them; the rest of the
   * upload goes on (upload-store.ts) and shows in UploadStatus.
   */
  onUploaded(products: Product[]): void;
  /** The checked files are about to be sent. */
  onStart?(): void;
  /** 'page' on /create; 'dialog' inside the review screen's 'Add More Images' dialog. */
  variant?: 'page' | 'dialog';
}

/**
 * Choose product photos, check them against the plan's rules and the credits left, upload them
 * with real progress, and hand the new drafts over. Used on /create and in 'Add More Images'.
 */
export function ProductUploader({ onStart, onUploaded, variant = 'page' }: ProductUploaderProps) {
  const profile = useProfile();
  const upload = useProductUpload(onUploaded);

  if (profile.isPending) {
    return (
      <div
        className="h-64 animate-pulse rounded-2xl bg-slate-100"
        role="status"
        aria-label="Loading your credits"
      />
    );
  }
  if (profile.isError) {
    return (
      <Banner className="flex items-center justify-between gap-4">
        Failed to fetch user profile
        <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Banner>
    );
  }

  const plan = planFromName(profile.data.planName);
  const credits = profile.data.fixedCredits + profile.data.subscriptionCredits;
  const uploading = upload.run !== null;

  if (!uploading && needsCreditsDialog(plan, credits)) {
    return <NoCreditsPanel variant={variant} />;
  }

  const handleDrop = (accepted: File[], rejected: FileRejection[]) => {
    if (accepted.length + rejected.length === 0) return;
    const selection = { plan, credits, accepted, rejected };
    const problem = selectionProblem(selection);
    if (problem) {
      upload.showProblem(problem, refusedFiles(selection));
      return;
    }
    onStart?.();
    void upload.start(accepted);
  };

  return (
    <div className="flex flex-col gap-4">
      {upload.problem && (
        <Banner>
          {upload.problem.message}
          {upload.problem.rejected.length > 0 && (
            <RejectedFilesList rejected={upload.problem.rejected} />
          )}
        </Banner>
      )}
      {upload.notice && <Banner tone="info">{upload.notice}</Banner>}
      <UploadDropZone
        plan={plan}
        credits={credits}
        disabled={uploading}
        variant={variant}
        onDrop={handleDrop}
      />
      {/* Once drafts landed, the rest of the upload shows above the screens (UploadStatus). */}
      {upload.run && !upload.run.landed && (
        <UploadProgressPanel run={upload.run} onCancel={upload.cancel} variant={variant} />
      )}
    </div>
  );
}
