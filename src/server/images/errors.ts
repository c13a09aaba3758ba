import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { HttpError } from '../http/errors.js';

/**
 * Why an image was turned away. The user only ever sees one of three spec messages; the reason
 * is for logs and tests, so "empty file" and "decompression bomb" stay distinguishable.
 */
export type ImageRejectionReason =
  | 'empty'
  | 'unsupported-type'
  | 'avif'
  | 'type-mismatch'
  | 'decode-failed'
  | 'too-many-pixels'
  | 'too-complex'
  | 'too-large'
  | 'processing-failed';

const USER_FACING: Record<ImageRejectionReason, { status: number; message: string }> = {
  empty: { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  'unsupported-type': { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  avif: { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  'type-mismatch': { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  'decode-failed': { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  // A valid file we refuse to decode: the user's fix is the same as for a broken one.
  'too-many-pixels': { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  // An SVG over our work limits (elements, filters, references) or over its render deadline.
  'too-complex': { status: 415, message: UPLOAD_MESSAGES.unsupportedFormat },
  'too-large': { status: 413, message: UPLOAD_MESSAGES.fileTooLarge },
  // Our fault, not the file's (disk full, store unreachable, a bug).
  'processing-failed': { status: 500, message: UPLOAD_MESSAGES.processingFailed },
};

/**
 * An intake failure whose message is the spec's text. Extends HttpError so the app's error
 * handler answers with the right status and `{ error, code }` without knowing about images.
 */
export class ImageIntakeError extends HttpError {
  constructor(
    readonly reason: ImageRejectionReason,
    /** Internal detail for the log (decoder message etc.); never shown to the user. */
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(USER_FACING[reason].status, USER_FACING[reason].message, reason);
    this.name = 'ImageIntakeError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

export function isImageIntakeError(error: unknown): error is ImageIntakeError {
  return error instanceof ImageIntakeError;
}

/** Wraps anything unexpected as 'Failed to process uploaded files', keeping typed errors as they are. */
export function asIntakeError(error: unknown): ImageIntakeError {
  if (error instanceof ImageIntakeError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new ImageIntakeError('processing-failed', detail, { cause: error });
}

/**
 * The image store (S3-compatible storage) did not answer or refused us. Nothing about the request
 * was wrong: the client may try again later, so it is a 503, not the generic 500.
 */
export class StorageUnavailableError extends HttpError {
  constructor(options?: { cause?: unknown }) {
    super(
      503,
      'Image storage is unavailable right now. Please try again in a few minutes.',
      'storage-unavailable',
    );
    this.name = 'StorageUnavailableError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
