/**
 * An upload: each multipart file is streamed into image intake as it arrives (upload-intake.ts),
 * and each photo that passes is drafted at once, while the rest of the upload still arrives: one
 * credit reserved and a pending product inserted in one transaction, then the product is handed
 * to the generation queue and announced (ADR 035). The seller sees the first draft long before
 * a large upload has finished.
 *
 * The upload's rules still hold for the whole upload: a count over the plan's limit, a balance
 * that cannot pay for every accepted photo, a storage or queue outage or a client that gives up
 * withdraw what was already drafted (each credit back, each product and image removed), so a
 * refused upload costs nothing and leaves nothing behind.
 *
 * The browser sends a large upload in several requests, one at a time; a later one names a
 * product an earlier one answered (UPLOAD_CONTINUES_FIELD) and is filed with that upload. Each
 * request is refused or kept on its own: a refusal withdraws that request's photos only.
 */
import { randomUUID } from 'node:crypto';
import { totalCredits } from '#domain/credits.js';
import {
  UPLOAD_CONTINUES_FIELD,
  type UploadRejection,
  type UploadResponse,
} from '#domain/products.js';
import { productIdSchema } from '#domain/request-text.js';
import {
  MAX_FILES_PER_UPLOAD,
  notEnoughCreditsMessage,
  QUEUE_UNAVAILABLE_MESSAGE,
  UPLOAD_MESSAGES,
} from '#domain/upload-rules.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import type { ImageStore } from '../images/storage.js';
import { refundWithdrawnCredit, reserveCredits } from '../credits/credit-ledger.js';
import type { Generation } from './generation-jobs.js';
import {
  type AcceptedFile,
  createUploadIntake,
  parseFailure,
  tooManyFilesMessage,
  type UploadPart,
} from './upload-intake.js';
import {
  isoString,
  type ProductEventBus,
  type ProductRepository,
  type ProductRow,
  type SellerRepository,
  toProduct,
} from '../catalog/index.js';

/** The multipart field the spec names: repeated `images`. */
export const UPLOAD_FIELD = 'images';

export interface UploadDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  sellers: SellerRepository;
  store: ImageStore;
  generation: Generation;
  events: ProductEventBus;
  log: { error(details: object, message: string): void };
}

/** Where a request's products go in the list: its upload's time, from which position on. */
interface UploadPlacement {
  createdAt: string;
  firstPosition: number;
  /** The request continues an upload an earlier request began. */
  continued: boolean;
}

interface DraftedFile extends AcceptedFile {
  productId: string;
}

/** A failure while drafting a stored photo: answered as it is, not as a parsing error. */
class DraftingFailure extends Error {
  constructor(readonly original: unknown) {
    super('drafting a stored photo failed');
  }
}

export function createUploadService(deps: UploadDeps) {
  const { database, products, sellers, store, generation, events, log } = deps;
  const { db, kind } = database;
  const intake = createUploadIntake({ store, log });

  /** The photo's pending product with its credit reserved; `have` when the balance is spent. */
  async function reserve(
    userId: string,
    file: AcceptedFile,
    position: number,
    createdAt: string,
  ): Promise<{ row: ProductRow } | { have: number }> {
    return db.transaction().execute(async (trx) => {
      const reservation = await reserveCredits(trx, kind, userId, 1);
      if (!reservation.ok) return { have: reservation.have };
      const row = await products.insertPending(trx, {
        id: randomUUID(),
        userId,
        imageId: file.imageId,
        fileName: file.fileName,
        batchPosition: position,
        creditBucket: reservation.buckets[0]!,
        createdAt,
      });
      return { row };
    });
  }

  /**
   * Hands a committed product to the queue. A queue that cannot take it in time (Redis away or
   * stalled; the queue bounds its own wait) ends the upload: the seller's browser would give up
   * on it, so it must not be paid for.
   */
  async function enqueue(productId: string): Promise<void> {
    try {
      await generation.queue.enqueue([productId]);
    } catch (error) {
      log.error({ err: error }, 'could not enqueue a generation job; the upload is withdrawn');
      throw new HttpError(503, QUEUE_UNAVAILABLE_MESSAGE, 'queue-unavailable');
    }
  }

  async function upload(userId: string, parts: AsyncIterable<UploadPart>): Promise<UploadResponse> {
    const user = await sellers.standing(userId);
    const { plan } = user;
    // Files beyond what the balance could pay for are counted but not decoded: the upload is
    // going to be refused, so it should not cost the server a decode per file. Each file's
    // reservation stays the authority (the balance may change meanwhile).
    let have = totalCredits(user);
    // One time for the whole upload: the list orders its products by batch position. A request
    // that continues an upload (the browser sends a large one in several) takes the upload's.
    let upload: UploadPlacement = {
      createdAt: new Date().toISOString(),
      firstPosition: 0,
      continued: false,
    };

    const drafted: DraftedFile[] = [];
    const rejected: UploadRejection[] = [];
    let fileCount = 0;
    let unpaidCount = 0;
    try {
      for await (const part of parts) {
        if (part.type !== 'file') {
          if (part.fieldname === UPLOAD_CONTINUES_FIELD && fileCount === 0 && !upload.continued) {
            upload = (await continuedUpload(userId, part.value)) ?? upload;
          }
          continue;
        }
        if (part.fieldname !== UPLOAD_FIELD) {
          await intake.skip(part);
          continue;
        }
        fileCount += 1;
        // The whole upload holds no more than one request may, however it was split.
        if (upload.firstPosition + fileCount > MAX_FILES_PER_UPLOAD[plan]) {
          throw new HttpError(400, tooManyFilesMessage(plan));
        }
        if (unpaidCount > 0 || drafted.length >= have) {
          unpaidCount += 1;
          await intake.skip(part);
          continue;
        }
        const outcome = await intake.takeIn(userId, part);
        if (!('imageId' in outcome)) {
          rejected.push(outcome);
          continue;
        }
        let unpaid;
        try {
          unpaid = await draft(userId, outcome, drafted, upload);
        } catch (error) {
          throw new DraftingFailure(error);
        }
        if (unpaid) {
          have = drafted.length + unpaid.have;
          unpaidCount += 1;
        }
      }
    } catch (error) {
      await withdraw(userId, drafted);
      if (error instanceof DraftingFailure) throw error.original;
      throw parseFailure(error, plan);
    }

    if (fileCount === 0) throw new HttpError(400, UPLOAD_MESSAGES.processingFailed);
    if (unpaidCount > 0) {
      await withdraw(userId, drafted);
      throw new HttpError(402, notEnoughCreditsMessage(have, drafted.length + unpaidCount));
    }
    if (drafted.length === 0) {
      // The upload itself has products already: this request's refusals are its answer.
      if (upload.continued) return { results: [], rejected };
      const first = rejected[0]!;
      throw new HttpError(
        first.message === UPLOAD_MESSAGES.fileTooLarge ? 413 : 400,
        first.message,
      );
    }

    // As they are now: the first drafts are usually ready before a large upload has ended.
    const rows = await products.findManyForUser(
      userId,
      drafted.map((file) => file.productId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const results = drafted.flatMap((file) => {
      const row = byId.get(file.productId);
      return row ? [toProduct(row)] : [];
    });
    return { results, rejected };
  }

  /**
   * The upload a request continues, from a product an earlier request of it answered (still the
   * seller's, still in review); none when there is no such product (deleted meanwhile, or not a
   * product id at all): the request is then an upload of its own.
   */
  async function continuedUpload(userId: string, value: unknown): Promise<UploadPlacement | null> {
    const id = productIdSchema.safeParse(value);
    if (!id.success) return null;
    const earlier = await products.findForUser(userId, id.data);
    if (!earlier || earlier.inReview !== 1) return null;
    return {
      createdAt: isoString(earlier.createdAt),
      firstPosition: earlier.batchPosition + 1,
      continued: true,
    };
  }

  /**
   * Drafts one stored photo (added to `drafted` once its product exists, so a failure after
   * that withdraws it too); answers the balance left when it could not be paid for.
   */
  async function draft(
    userId: string,
    file: AcceptedFile,
    drafted: DraftedFile[],
    upload: UploadPlacement,
  ): Promise<{ have: number } | undefined> {
    let reserved;
    try {
      reserved = await reserve(
        userId,
        file,
        upload.firstPosition + drafted.length,
        upload.createdAt,
      );
    } catch (error) {
      await intake.removeImages(userId, [file]);
      throw error;
    }
    if (!('row' in reserved)) {
      await intake.removeImages(userId, [file]);
      return { have: reserved.have };
    }
    const { row } = reserved;
    drafted.push({ ...file, productId: row.id });
    await enqueue(row.id);
    events.announce(userId, { type: 'product', product: toProduct(row) });
    return undefined;
  }

  /** Undoes what an upload drafted: each credit back, each product and its images removed. */
  async function withdraw(userId: string, drafted: readonly DraftedFile[]): Promise<void> {
    if (drafted.length === 0) return;
    // A job that reached Redis after all finds no product and does nothing.
    for (const file of drafted) generation.queue.cancel(file.productId);
    await db.transaction().execute(async (trx) => {
      for (const file of drafted) {
        await refundWithdrawnCredit(trx, file.productId);
        await products.deleteForUser(trx, userId, file.productId);
      }
    });
    for (const file of drafted) {
      events.announce(userId, { type: 'product-deleted', id: file.productId });
    }
    await intake.removeImages(userId, drafted);
  }

  return { upload };
}

export type UploadService = ReturnType<typeof createUploadService>;
