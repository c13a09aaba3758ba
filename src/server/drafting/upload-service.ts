/**
 * An upload: each multipart file is streamed into image intake as it arrives; the files that
 * pass are paid for with one atomic credit reservation and become pending products, which the
 * generation queue picks up. Whatever is turned away leaves nothing behind and costs nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { totalCredits } from '#domain/credits.js';
import type { PlanName } from '#domain/plans.js';
import type { UploadRejection, UploadResponse } from '#domain/products.js';
import {
  MAX_FILES_PER_UPLOAD,
  notEnoughCreditsMessage,
  QUEUE_UNAVAILABLE_MESSAGE,
  STORAGE_UNAVAILABLE_MESSAGE,
  UPLOAD_MESSAGES,
} from '#domain/upload-rules.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import { isImageIntakeError, StorageUnavailableError } from '../images/errors.js';
import { intakeImage } from '../images/intake.js';
import { imagePrefix, type ImageStore } from '../images/storage.js';
import { refundProductCredit, reserveCredits } from '../credits/credit-ledger.js';
import type { Generation } from './generation-jobs.js';
import {
  type ProductEventBus,
  type ProductRepository,
  type SellerRepository,
  toProduct,
} from '../catalog/index.js';

/** The multipart field the spec names: repeated `images`. */
export const UPLOAD_FIELD = 'images';
const FILE_NAME_MAX = 255;

/** The part of @fastify/multipart's parts that an upload reads. */
export type UploadPart =
  | { type: 'field'; fieldname: string }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      file: Readable & { truncated?: boolean };
    };

export interface UploadDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  sellers: SellerRepository;
  store: ImageStore;
  generation: Generation;
  events: ProductEventBus;
  log: { error(details: object, message: string): void };
}

interface AcceptedFile {
  imageId: string;
  fileName: string;
}

function tooManyFilesMessage(plan: PlanName): string {
  return plan === 'premium' ? UPLOAD_MESSAGES.tooManyPremium : UPLOAD_MESSAGES.tooManyFree;
}

/** Errors @fastify/multipart raises while parsing, as the spec's messages. */
function parseFailure(error: unknown, plan: PlanName): HttpError {
  // The whole upload stops: the next file would meet the same outage.
  if (error instanceof StorageUnavailableError) {
    return new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE, error.code);
  }
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, tooManyFilesMessage(plan));
  return new HttpError(400, UPLOAD_MESSAGES.processingFailed);
}

export function createUploadService(deps: UploadDeps) {
  const { database, products, sellers, store, generation, events, log } = deps;
  const { db, kind } = database;

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
  async function takeIn(
    userId: string,
    part: Extract<UploadPart, { type: 'file' }>,
  ): Promise<AcceptedFile | UploadRejection> {
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

  async function upload(userId: string, parts: AsyncIterable<UploadPart>): Promise<UploadResponse> {
    const user = await sellers.standing(userId);
    const { plan } = user;
    // Files beyond what the balance could pay for are counted but not decoded: the upload is
    // going to be refused, so it should not cost the server a decode per file. The atomic
    // reservation below stays the authority (the balance may change meanwhile).
    const balance = totalCredits(user);

    const accepted: AcceptedFile[] = [];
    const rejected: UploadRejection[] = [];
    let fileCount = 0;
    let unpaidCount = 0;
    try {
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== UPLOAD_FIELD) {
          await finished(part.file.resume());
          continue;
        }
        fileCount += 1;
        if (fileCount > MAX_FILES_PER_UPLOAD[plan]) {
          throw new HttpError(400, tooManyFilesMessage(plan));
        }
        if (accepted.length >= balance) {
          unpaidCount += 1;
          await finished(part.file.resume());
          continue;
        }
        const outcome = await takeIn(userId, part);
        if ('imageId' in outcome) accepted.push(outcome);
        else rejected.push(outcome);
      }
    } catch (error) {
      await removeImages(userId, accepted);
      throw parseFailure(error, plan);
    }

    if (fileCount === 0) throw new HttpError(400, UPLOAD_MESSAGES.processingFailed);
    if (unpaidCount > 0) {
      await removeImages(userId, accepted);
      throw new HttpError(402, notEnoughCreditsMessage(balance, accepted.length + unpaidCount));
    }
    if (accepted.length === 0) {
      const first = rejected[0]!;
      throw new HttpError(
        first.message === UPLOAD_MESSAGES.fileTooLarge ? 413 : 400,
        first.message,
      );
    }

    const createdAt = new Date().toISOString();
    let rows;
    try {
      rows = await db.transaction().execute(async (trx) => {
        const reservation = await reserveCredits(trx, kind, userId, accepted.length);
        if (!reservation.ok) {
          throw new HttpError(402, notEnoughCreditsMessage(reservation.have, accepted.length));
        }
        const inserted = [];
        for (const [position, file] of accepted.entries()) {
          inserted.push(
            await products.insertPending(trx, {
              id: randomUUID(),
              userId,
              imageId: file.imageId,
              fileName: file.fileName,
              batchPosition: position,
              creditBucket: reservation.buckets[position]!,
              createdAt,
            }),
          );
        }
        return inserted;
      });
    } catch (error) {
      await removeImages(userId, accepted);
      throw error;
    }

    const results = rows.map(toProduct);
    const ids = results.map((product) => product.id);
    // After the commit. A queue that cannot take them in time (Redis away or stalled; the queue
    // bounds its own wait) must not leave the seller paying for an upload their browser gave up
    // on: the products, their credits and their images go back, and the answer says so.
    try {
      await generation.queue.enqueue(ids);
    } catch (error) {
      log.error({ err: error }, 'could not enqueue generation jobs; the upload is withdrawn');
      await withdraw(userId, ids, accepted);
      throw new HttpError(503, QUEUE_UNAVAILABLE_MESSAGE, 'queue-unavailable');
    }
    for (const product of results) events.announce(userId, { type: 'product', product });
    return { results, rejected };
  }

  /** Undoes a committed upload: each product's credit refunded and the product removed. */
  async function withdraw(userId: string, ids: readonly string[], files: AcceptedFile[]) {
    // A job that reached Redis after all finds no product and does nothing.
    for (const id of ids) generation.queue.cancel(id);
    await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        await refundProductCredit(trx, id);
        await products.deleteForUser(trx, userId, id);
      }
    });
    await removeImages(userId, files);
  }

  return { upload };
}

export type UploadService = ReturnType<typeof createUploadService>;
