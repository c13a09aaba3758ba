/**
 * One multipart file of an upload into image storage (see upload-service.ts): stored and
 * accepted, or refused with the spec's message and nothing kept.
 */
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { PlanName } from '#domain/plans.js';
import type { UploadRejection } from '#domain/products.js';
import { STORAGE_UNAVAILABLE_MESSAGE, UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { HttpError } from '../http/errors.js';
import { isImageIntakeError, StorageUnavailableError } from '../images/errors.js';
import { intakeImage } from '../images/intake.js';
import { imagePrefix, type ImageStore } from '../images/storage.js';

const FILE_NAME_MAX = 255;

/** The part of @fastify/multipart's parts that an upload reads. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value?: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: Readable & { truncated?: boolean };
    };

type FilePart = Extract<UploadPart, { type: 'file' }>;

export interface AcceptedFile {
  imageId: string;
  fileName: string;
}

interface IntakeDeps {
  store: ImageStore;
  log: { error(details: object, message: string): void };
}

export function tooManyFilesMessage(plan: PlanName): string {
  return plan === 'premium' ? UPLOAD_MESSAGES.tooManyPremium : UPLOAD_MESSAGES.tooManyFree;
}

/** Errors @fastify/multipart raises while parsing, as the spec's messages. */
export function parseFailure(error: unknown, plan: PlanName): HttpError {
  // The whole upload stops: the next file would meet the same outage.
  if (error instanceof StorageUnavailableError) {
    return new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE, error.code);
  }
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, tooManyFilesMessage(plan));
  return new HttpError(400, UPLOAD_MESSAGES.processingFailed);
}

export function createUploadIntake({ store, log }: IntakeDeps) {
  async function removeImages(userId: string, files: readonly AcceptedFile[]): Promise<void> {
    await Promise.all(
      files.map((file) =>
        store.deletePrefix(imagePrefix(userId, file.imageId)).catch((error: unknown) => {
          log.error({ err: error, imageId: file.imageId }, 'could not remove an uploaded image');
        }),
      ),
    );
  }

  /** Streams one file into storage; returns it, or the spec message it was refused with. */
  async function takeIn(userId: string, part: FilePart): Promise<AcceptedFile | UploadRejection> {
    const fileName = (part.filename || 'image').slice(0, FILE_NAME_MAX);
    try {
      const { imageId } = await intakeImage({ store, log }, { userId, file: part.file });
      // The parser stops at the size limit and marks the stream truncated: what was stored is
      // only the first 10 MB of a larger file.
      if (part.file.truncated) {
        await removeImages(userId, [{ imageId, fileName }]);
        return { fileName, message: UPLOAD_MESSAGES.fileTooLarge };
      }
      return { imageId, fileName };
    } catch (error) {
      if (!part.file.readableEnded) await finished(part.file.resume()).catch(() => {});
      if (part.file.truncated) return { fileName, message: UPLOAD_MESSAGES.fileTooLarge };
      if (isImageIntakeError(error)) {
        if (error.reason === 'processing-failed') {
          log.error({ err: error, detail: error.detail }, 'upload processing failed');
        }
        return { fileName, message: error.message };
      }
      throw error;
    }
  }

  /** Reads a file the upload does not take (another field, or one it cannot pay for). */
  async function skip(part: FilePart): Promise<void> {
    await finished(part.file.resume());
  }

  return { takeIn, removeImages, skip };
}
