import { clsx } from 'clsx';
import { useId, useMemo } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { PlanName } from '#domain/plans';
import { dropzoneAccept, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/upload-rules';

const MAX_FILE_MB = MAX_FILE_BYTES / 1024 / 1024;

/** The rules as one sentence, read by screen readers as the drop zone's description. */
export function uploadRulesText(plan: PlanName, credits: number): string {
  const creditsLeft = credits === 1 ? '1 credit left' : `${credits} credits left`;
  return [
    'JPEG, PNG, GIF, HEIC, WebP or SVG',
    `up to ${MAX_FILE_MB}MB per image`,
    `up to ${MAX_FILES_PER_UPLOAD[plan]} images per upload`,
    creditsLeft,
  ].join(' · ');
}

function UploadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-10 text-brand-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <path
        d="M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M12 4v12m0-12-4 4m4-4 4 4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Drag and drop or click to choose photos. The dashed zone takes drops and clicks; the control
 * inside it is a native button named by its own visible words (Enter or Space opens the picker),
 * with the file input and the rules beside it rather than inside it, so no control sits inside
 * another. It only reports what was chosen; the uploader checks the rules and sends.
 */
export function UploadDropZone({
  plan,
  credits,
  disabled,
  variant,
  onDrop,
}: {
  plan: PlanName;
  credits: number;
  disabled: boolean;
  variant: 'page' | 'dialog';
  onDrop(accepted: File[], rejected: FileRejection[]): void;
}) {
  const rulesId = useId();
  const accept = useMemo(() => dropzoneAccept(), []);
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    accept,
    multiple: true,
    maxSize: MAX_FILE_BYTES,
    maxFiles: MAX_FILES_PER_UPLOAD[plan],
    disabled,
    // The button inside takes the keyboard; a click on it reaches the zone's own handler.
    noKeyboard: true,
    onDrop,
  });

  return (
    <div
      {...getRootProps()}
      className={clsx(
        'flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-8 text-center transition-colors',
        'has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-200',
        variant === 'page' ? 'py-16' : 'py-10',
        disabled
          ? 'cursor-not-allowed border-slate-200 bg-slate-50 opacity-60'
          : 'cursor-pointer bg-white hover:border-brand-400 hover:bg-brand-50/40',
        !disabled && !isDragActive && 'border-slate-300',
        isDragActive && !isDragReject && 'border-brand-500 bg-brand-50',
        isDragReject && 'border-red-400 bg-red-50',
      )}
    >
      <input {...getInputProps()} />
      <button
        type="button"
        disabled={disabled}
        aria-describedby={rulesId}
        className="flex flex-col items-center gap-3 outline-none disabled:cursor-not-allowed"
      >
        <UploadIcon />
        <span className="text-lg font-medium text-slate-900">
          {isDragActive ? 'Drop the photos to upload them' : 'Drag and drop product photos here'}
        </span>
        {/* Not drawn between flex items, but keeps the name's words apart where CSS is not read. */}{' '}
        <span className="text-sm text-slate-600">
          or{' '}
          <span className="font-medium text-brand-700 underline underline-offset-2">
            click to browse
          </span>{' '}
          your files
        </span>
      </button>
      <p id={rulesId} className="max-w-2xl text-xs text-slate-500">
        {uploadRulesText(plan, credits)}
      </p>
    </div>
  );
}
