/**
 * Upload rules and their messages (spec section 5 "Upload", section 8 "Upload").
 *
 * Pure so that the browser can give instant feedback with exactly the rules the server enforces.
 * The browser only sees names, sizes and MIME types it is told; the server decides the real type
 * from the file's content (src/server/images/sniff.ts) and re-checks size while streaming.
 */
import pluralize from 'pluralize';
import { FREE_CREDITS, type PlanName } from './plans';

/** The spec's upload messages, verbatim. */
export const UPLOAD_MESSAGES = {
  unsupportedFormat:
    'Unsupported File Format. Please upload a valid image in one of the supported formats: JPEG, Progressive JPEG, PNG, GIF, HEIC, or WebP',
  fileTooLarge: 'File size exceeds 10MB limit',
  tooManyPremium: 'You can only upload up to 100 images at a time',
  tooManyFree:
    'On the free plan you can only upload a total of 3 images. Please upgrade to premium or buy credits.',
  processingFailed: 'Failed to process uploaded files',
} as const;

/** Not in the spec: the image store could not take the files (a 503); nothing was charged. */
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Image storage is unavailable right now, so nothing was uploaded or charged. Please try again in a few minutes.';

/** Not in the spec: the generation queue could not take the photos in time (a 503); nothing kept. */
export const QUEUE_UNAVAILABLE_MESSAGE =
  'Listsmith cannot start describing photos right now, so nothing was uploaded or charged. Please try again in a few minutes.';

/** The spec's words, in the singular for one credit ('You have 1 credit', not '1 credits'). */
export function notEnoughCreditsMessage(have: number, need: number): string {
  return `You don't have enough credits for this upload. You have ${pluralize('credit', have, true)} but need ${need} for these images.`;
}

/**
 * Not in the spec: its 'buy credits' is untrue for a free seller who has bought some already
 * (more than the free credits): credits never lift the three images an upload may hold.
 */
export const TOO_MANY_FREE_WITH_CREDITS =
  'On the free plan an upload holds up to 3 images: upload the rest in another batch, or upgrade to Premium to upload up to 100 at once.';

/** Too many files for one upload, said as is true for the seller's plan and credits. */
export function tooManyFilesMessage(plan: PlanName, credits: number): string {
  if (plan === 'premium') return UPLOAD_MESSAGES.tooManyPremium;
  return credits > FREE_CREDITS ? TOO_MANY_FREE_WITH_CREDITS : UPLOAD_MESSAGES.tooManyFree;
}

/** 10 MB, counted in bytes as the spec gives it (10485760). */
export const MAX_FILE_BYTES = 10_485_760;

export const MAX_FILES_PER_UPLOAD: Record<PlanName, number> = { free: 3, premium: 100 };

/**
 * Accepted MIME types and their extensions, in the shape react-dropzone's `accept` option takes.
 * HEIC/HEIF list both MIME spellings because browsers disagree (and many report none at all,
 * which is why `isAcceptedFileType` also falls back to the extension).
 */
export const ACCEPTED_UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/svg+xml': ['.svg'],
};

/** The dropzone `accept` option as a fresh mutable object (react-dropzone's type wants string[]). */
export function dropzoneAccept(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(ACCEPTED_UPLOAD_TYPES).map(([mime, extensions]) => [mime, [...extensions]]),
  );
}

const ACCEPTED_EXTENSIONS = new Set(Object.values(ACCEPTED_UPLOAD_TYPES).flat());

/** What the browser (or a multipart part) tells us about a file before its content is read. */
export interface UploadFileInfo {
  name: string;
  size: number;
  /** MIME type as reported by the browser; often '' for HEIC. */
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
}

/**
 * A first, cheap guess from MIME type and name. A known MIME type decides; only when the browser
 * gives none (or a generic one) does the extension count. Never the final word: the server sniffs
 * the content, so a PNG named .jpg is still accepted and a text file named .jpg is still rejected.
 */
export function isAcceptedFileType(file: Pick<UploadFileInfo, 'name' | 'type'>): boolean {
  const mime = file.type.trim().toLowerCase();
  if (mime !== '' && mime !== 'application/octet-stream') return mime in ACCEPTED_UPLOAD_TYPES;
  return ACCEPTED_EXTENSIONS.has(extensionOf(file.name));
}

/** What is wrong with one file on its own (type, emptiness, size), or null. */
export function fileProblem(file: UploadFileInfo): string | null {
  if (file.size <= 0 || !isAcceptedFileType(file)) return UPLOAD_MESSAGES.unsupportedFormat;
  if (file.size > MAX_FILE_BYTES) return UPLOAD_MESSAGES.fileTooLarge;
  return null;
}

export interface UploadBatch {
  plan: PlanName;
  /** Credits available for generation (subscription + purchased). */
  credits: number;
  files: readonly UploadFileInfo[];
}

/**
 * The first rule the batch breaks, as the spec's message, or null when it may be uploaded.
 * Order: how many files, then each file's type and size, then credits, so the user first fixes
 * the selection itself and only then is told to buy credits for it.
 * An empty file (0 bytes) is not a valid image, so it gets the unsupported-format message.
 * Whether a user with no credits sees the Buy Credits dialog instead is the caller's decision
 * (`needsCreditsDialog`).
 */
export function checkUploadBatch({ plan, credits, files }: UploadBatch): string | null {
  if (files.length > MAX_FILES_PER_UPLOAD[plan]) return tooManyFilesMessage(plan, credits);
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) return problem;
  }
  if (credits < files.length) return notEnoughCreditsMessage(credits, files.length);
  return null;
}

/** Spec: a non-premium user with no credits cannot upload and gets the Buy Credits dialog. */
export function needsCreditsDialog(plan: PlanName, credits: number): boolean {
  return plan !== 'premium' && credits <= 0;
}
