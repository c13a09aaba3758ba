/** Pure helpers of the uploader: what is wrong with a selection, and how far each file got. */
import type { FileRejection } from 'react-dropzone';
import type { PlanName } from '#domain/plans';
import type { UploadRejection } from '#domain/products';
import {
  checkUploadBatch,
  fileProblem,
  tooManyFilesMessage,
  UPLOAD_MESSAGES,
} from '#domain/upload-rules';
import type { UploadProgress } from './upload-request';

export interface Selection {
  plan: PlanName;
  credits: number;
  accepted: readonly File[];
  rejected: readonly FileRejection[];
}

function rejectionMessage(
  plan: PlanName,
  credits: number,
  rejection: FileRejection | undefined,
): string | null {
  if (!rejection) return null;
  switch (rejection.errors[0]?.code) {
    case 'file-too-large':
      return UPLOAD_MESSAGES.fileTooLarge;
    case 'too-many-files':
      return tooManyFilesMessage(plan, credits);
    default:
      // file-invalid-type, file-too-small (an empty file is no image) and anything else.
      return UPLOAD_MESSAGES.unsupportedFormat;
  }
}

/**
 * The spec message for the first rule the selection breaks, or null when it may be sent.
 * The domain's rules decide over every file dropped (accepted and rejected alike), so the message
 * order is the domain's; react-dropzone's own verdict only counts where the domain saw no problem.
 */
export function selectionProblem({ plan, credits, accepted, rejected }: Selection): string | null {
  const files = [...accepted, ...rejected.map((rejection) => rejection.file)];
  return checkUploadBatch({ plan, credits, files }) ?? rejectionMessage(plan, credits, rejected[0]);
}

/**
 * Every file of the selection that cannot be uploaded on its own, with its own reason, so a drop
 * of several files names each one instead of one generic message.
 */
export function refusedFiles({ plan, credits, accepted, rejected }: Selection): UploadRejection[] {
  return [
    ...accepted.flatMap((file) => {
      const message = fileProblem(file);
      return message ? [{ fileName: file.name, message }] : [];
    }),
    ...rejected.flatMap((rejection) => {
      const message = fileProblem(rejection.file) ?? rejectionMessage(plan, credits, rejection);
      // A count limit is about the whole selection, not about this file.
      if (!message || rejection.errors[0]?.code === 'too-many-files') return [];
      return [{ fileName: rejection.file.name, message }];
    }),
  ];
}

/**
 * Per-file progress, 0–100, from the progress of the whole multipart body. Parts are sent in
 * order, so the share of bytes sent falls on the files one after the other; the multipart framing
 * (a few hundred bytes per part) is spread proportionally.
 */
export function progressPerFile(
  sizes: readonly number[],
  progress: UploadProgress | null,
): number[] {
  if (!progress || progress.total <= 0) return sizes.map(() => 0);
  const totalSize = sizes.reduce((sum, size) => sum + size, 0);
  const sentOfFiles = Math.min(1, progress.loaded / progress.total) * totalSize;
  let offset = 0;
  return sizes.map((size) => {
    const start = offset;
    offset += size;
    if (size <= 0) return sentOfFiles >= start ? 100 : 0;
    const share = Math.min(1, Math.max(0, (sentOfFiles - start) / size));
    return Math.floor(share * 100);
  });
}

/** Where an upload of several requests stands: the answered ones, the one in flight, the rest. */
export interface RunPosition {
  files: readonly File[];
  /** Files of the requests answered. */
  done: number;
  /** Files in the request in flight, from `done`. */
  batchSize: number;
  progress: UploadProgress | null;
  /** Every byte of the request in flight is sent. */
  sent: boolean;
}

/**
 * Per-file progress (0–100) over the whole upload, how many files are wholly sent, and the
 * overall percentage weighted by file size.
 */
export function runProgress({ files, done, batchSize, progress, sent }: RunPosition): {
  perFile: number[];
  sentFiles: number;
  overall: number;
} {
  const batch = files.slice(done, done + batchSize);
  const inFlight = sent
    ? batch.map(() => 100)
    : progressPerFile(
        batch.map((file) => file.size),
        progress,
      );
  const perFile = files.map((_, index) => (index < done ? 100 : (inFlight[index - done] ?? 0)));
  const totalSize = files.reduce((sum, file) => sum + Math.max(0, file.size), 0);
  const sentSize = files.reduce(
    (sum, file, index) => sum + (Math.max(0, file.size) * perFile[index]!) / 100,
    0,
  );
  const sentFiles = perFile.filter((percent) => percent === 100).length;
  const overall =
    totalSize > 0
      ? Math.floor((sentSize / totalSize) * 100)
      : Math.floor((sentFiles / Math.max(1, files.length)) * 100);
  return { perFile, sentFiles, overall };
}
