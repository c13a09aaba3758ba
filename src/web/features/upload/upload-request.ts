/**
 * The upload call. XMLHttpRequest rather than fetch because only XHR reports upload progress,
 * and the skeleton cards show real progress (DESIGN.md: "Progress is real").
 */
import {
  UPLOAD_CONTINUES_FIELD,
  uploadResponseSchema,
  type UploadResponse,
} from '#domain/products';
import { UPLOAD_MESSAGES } from '#domain/upload-rules';
import { errorPayload } from '#web/lib/api-client';

export const UPLOAD_ENDPOINT = '/api/product/generate-product-details-from-image';

/** The upload did not go through; `message` is safe to show in the banner. */
export class UploadFailedError extends Error {
  constructor(
    message: string,
    /** HTTP status, 0 when no answer arrived. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadFailedError';
  }
}

/** The user (or the component going away) aborted the request. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadProgress {
  /** Request body bytes sent so far, multipart framing included. */
  loaded: number;
  total: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Turns the server's answer into the upload result or an UploadFailedError. A client error
 * (4xx: rules, credits, size, rate limit, session) and a 503 (image storage unavailable, nothing
 * charged) carry the server's own message; anything else (other 5xx, a body that is not the
 * contract) is the spec's generic processing failure.
 */
export function readUploadReply(status: number, responseText: string): UploadResponse {
  if (status >= 200 && status < 300) {
    const parsed = uploadResponseSchema.safeParse(parseJson(responseText));
    if (parsed.success) return parsed.data;
    throw new UploadFailedError(UPLOAD_MESSAGES.processingFailed, status);
  }
  if ((status >= 400 && status < 500) || status === 503) {
    const { message } = errorPayload(responseText);
    if (message) throw new UploadFailedError(message, status);
  }
  throw new UploadFailedError(UPLOAD_MESSAGES.processingFailed, status);
}

export interface SendImagesOptions {
  signal: AbortSignal;
  onProgress(progress: UploadProgress): void;
  /** Every byte is sent; the server is now storing the files and reserving credits. */
  onSent(): void;
  /**
   * A product an earlier request of the same upload answered: the server files this request's
   * products with it (same upload time, later positions), so the list keeps the upload's order.
   */
  continues?: string;
}

/** POSTs the files as repeated `images` parts, same-origin with the session cookie. */
export function sendProductImages(
  files: readonly File[],
  { signal, onProgress, onSent, continues }: SendImagesOptions,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_ENDPOINT);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', () => onSent());
    xhr.addEventListener('load', () => {
      try {
        resolve(readUploadReply(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () =>
      reject(new UploadFailedError(UPLOAD_MESSAGES.processingFailed, 0)),
    );
    xhr.addEventListener('abort', () => reject(new UploadCancelledError()));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    // Before the files: the server reads the parts in order.
    if (continues) form.append(UPLOAD_CONTINUES_FIELD, continues);
    for (const file of files) form.append('images', file, file.name);
    xhr.send(form);
  });
}
