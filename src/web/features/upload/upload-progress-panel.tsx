import { clsx } from 'clsx';
import { useCallback, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { runProgress } from './selection';
import type { UploadRun } from './upload-store';

/** Types every current browser can draw from a local object URL (HEIC mostly cannot). */
const PREVIEWABLE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/svg+xml',
]);

function PlaceholderIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-10 text-slate-300"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6" strokeLinejoin="round" />
      <circle cx="15.5" cy="8.5" r="1.5" />
    </svg>
  );
}

/** A local preview of the file, its object URL released when the card goes away. */
function FilePreview({ file }: { file: File }) {
  const [broken, setBroken] = useState(false);
  // A ref callback with cleanup (React 19) pairs each createObjectURL with its revoke, also
  // under StrictMode's double mount; memoised on the file so progress re-renders keep the URL.
  const attachPreview = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  if (broken || !PREVIEWABLE_TYPES.has(file.type)) return <PlaceholderIcon />;
  return (
    <img
      ref={attachPreview}
      alt=""
      // A large upload's previews below the fold wait until scrolled to: decoding a hundred
      // photos at once would hold up the page (and the machine) while the first is sent.
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      className="size-full object-cover"
    />
  );
}

export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

function SkeletonCard({ file, percent }: { file: File; percent: number }) {
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-slate-100">
        <FilePreview file={file} />
      </div>
      <div className="flex flex-col gap-2 p-3">
        <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
          {file.name}
        </p>
        <ProgressBar label={`Uploading ${file.name}`} percent={percent} />
        <p className="text-xs text-slate-500" aria-hidden="true">
          {percent === 100 ? 'Uploaded' : `${percent}%`}
        </p>
        <div className="h-3 w-4/5 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      </div>
    </li>
  );
}

function imagesLabel(count: number): string {
  return count === 1 ? '1 image' : `${count} images`;
}

/** One skeleton card per file with its real upload progress, the overall status and Cancel. */
export function UploadProgressPanel({
  run,
  onCancel,
  variant,
}: {
  run: UploadRun;
  onCancel(): void;
  variant: 'page' | 'dialog';
}) {
  const { files } = run;
  const { perFile, overall } = runProgress(run);
  const sent = overall === 100;
  return (
    <section aria-label="Upload progress" className="flex flex-col gap-4">
      <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-baseline justify-between gap-4 text-sm">
            <p aria-live="polite" className="font-medium text-slate-900">
              {sent
                ? 'Upload complete. Preparing your drafts…'
                : `Uploading ${imagesLabel(files.length)}…`}
            </p>
            <span className="text-slate-500 tabular-nums" aria-hidden="true">
              {overall}%
            </span>
          </div>
          <ProgressBar label="Upload progress" percent={overall} />
        </div>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <ul
        aria-label="Images being uploaded"
        className={clsx('grid gap-4', variant === 'page' ? 'grid-cols-3' : 'grid-cols-2')}
      >
        {files.map((file, index) => (
          <SkeletonCard key={index} file={file} percent={perFile[index] ?? 0} />
        ))}
      </ul>
    </section>
  );
}
