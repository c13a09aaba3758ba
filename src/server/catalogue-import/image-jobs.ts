/**
 * The image job of an import (ADR 042): after the import's transaction commits, its products'
 * images are fetched in the background, a few products at a time. Each product is one item in
 * the database (pending → fetching → done), taken by a conditional update, so the work survives
 * a restart and a product is fetched by one process. An image is fetched under the SSRF policy
 * (image-fetcher.ts), then goes through the upload intake (src/server/images: content sniffing,
 * size and decode limits). A failed image is written down on its product; the product stays.
 *
 * The fetched images become the product's photos, main first, in one transaction, unless the
 * seller changed the photos meanwhile (then the fetched ones are let go). A product that got no
 * image at all gets a plain tile under its main photo's id, so every product has a picture.
 */
import path from 'node:path';
import sharp from 'sharp';
import { CATALOGUE_IMPORT_LIMITS } from '#domain/catalogue-import.js';
import type { ImportedImage } from '#domain/catalogue-rows.js';
import type { DatabaseHandle } from '../db/connection.js';
import { ImageIntakeError } from '../images/errors.js';
import { intakeImage } from '../images/intake.js';
import { imageKey, imagePrefix, type ImageStore } from '../images/storage.js';
import { createJobQueue } from '../drafting/index.js';
import { ImageFetchError, type FetchImage } from './image-fetcher.js';
import type { ImportRepository } from './import-repository.js';

/** Products whose images are fetched at the same time. */
const PRODUCTS_AT_ONCE = 3;
const PLACEHOLDER_COLOUR = '#e7e5e4';

export interface ImageJobDeps {
  database: DatabaseHandle;
  imports: ImportRepository;
  store: ImageStore;
  fetchImage: FetchImage;
  log: { error(details: object, message: string): void };
}

let placeholder: Promise<Buffer> | undefined;
function placeholderImage(): Promise<Buffer> {
  placeholder ??= sharp({
    create: { width: 256, height: 256, channels: 3, background: PLACEHOLDER_COLOUR },
  })
    .png()
    .toBuffer();
  return placeholder;
}

function reasonOf(error: unknown): string {
  if (error instanceof ImageFetchError) return error.message;
  if (error instanceof ImageIntakeError) {
    return error.reason === 'too-large' ? 'The image is larger than 10 MB.' : `${error.message}`;
  }
  return 'The image could not be fetched.';
}

function fileNameOf(url: string): string {
  try {
    return path.posix.basename(new URL(url).pathname).slice(0, 200) || 'image';
  } catch {
    return 'image';
  }
}

export function createImageJobs(deps: ImageJobDeps) {
  const { database, imports, store, fetchImage, log } = deps;
  const { db } = database;

  async function hasStoredImage(userId: string, imageId: string): Promise<boolean> {
    const object = await store.get(imageKey(userId, imageId, 'display'));
    object?.stream.destroy();
    return object !== null;
  }

  /** Makes the fetched images the product's photos, unless its photos changed meanwhile. */
  async function replacePhotos(
    userId: string,
    productId: string,
    before: string,
    photos: { imageId: string; fileName: string }[],
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('products')
        .set({
          photos: JSON.stringify(photos),
          imageId: photos[0]!.imageId,
          fileName: photos[0]!.fileName,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', productId)
        .where('userId', '=', userId)
        .where('photos', '=', before)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('productPhotos').where('productId', '=', productId).execute();
      await trx
        .insertInto('productPhotos')
        .values(photos.map((photo) => ({ imageId: photo.imageId, productId, userId })))
        .execute();
      return true;
    });
  }

  async function fetchProduct(
    item: { importId: string; productId: string; images: string; userId: string },
    signal: AbortSignal,
  ): Promise<void> {
    const failures: { url: string; reason: string }[] = [];
    const product = await db
      .selectFrom('products')
      .select(['imageId', 'photos'])
      .where('id', '=', item.productId)
      .where('userId', '=', item.userId)
      .executeTakeFirst();
    if (!product)
      return imports.finishItem(item.importId, item.productId, { fetched: 0, failures });
    const images = (JSON.parse(item.images) as ImportedImage[]).slice(
      0,
      CATALOGUE_IMPORT_LIMITS.imagesPerProductMax,
    );
    const stored: { imageId: string; fileName: string }[] = [];
    for (const image of images) {
      if (signal.aborted) return;
      try {
        const bytes = await fetchImage(image.url, signal, item.userId);
        const result = await intakeImage({ store, log }, { userId: item.userId, file: bytes });
        stored.push({ imageId: result.imageId, fileName: fileNameOf(image.url) });
      } catch (error) {
        if (signal.aborted) return;
        failures.push({ url: image.url, reason: reasonOf(error) });
      }
    }
    const previous = JSON.parse(product.photos) as { imageId: string }[];
    let used = 0;
    if (stored.length > 0) {
      if (await replacePhotos(item.userId, item.productId, product.photos, stored)) {
        used = stored.length;
        for (const { imageId } of previous) {
          if (!stored.some((photo) => photo.imageId === imageId)) {
            await store.deletePrefix(imagePrefix(item.userId, imageId));
          }
        }
      } else {
        for (const { imageId } of stored)
          await store.deletePrefix(imagePrefix(item.userId, imageId));
        failures.push({
          url: '',
          reason: 'The product’s photos were changed meanwhile; the fetched images were not used.',
        });
      }
    } else if (!(await hasStoredImage(item.userId, product.imageId))) {
      await intakeImage(
        { store, log, newImageId: () => product.imageId },
        { userId: item.userId, file: await placeholderImage() },
      );
    }
    await imports.finishItem(item.importId, item.productId, { fetched: used, failures });
  }

  async function runImport(importId: string, signal: AbortSignal): Promise<void> {
    const worker = async () => {
      while (!signal.aborted) {
        const item = await imports.claimNext(importId);
        if (!item) return;
        try {
          await fetchProduct(item, signal);
        } catch (error) {
          log.error({ err: error, importId, productId: item.productId }, 'import image job failed');
          await imports.finishItem(item.importId, item.productId, {
            fetched: 0,
            failures: [
              {
                url: '',
                reason: 'The images could not be stored. Import the file again to retry.',
              },
            ],
          });
        }
      }
    };
    await Promise.all(Array.from({ length: PRODUCTS_AT_ONCE }, worker));
  }

  const queue = createJobQueue({ concurrency: 1, run: runImport, log });
  return {
    enqueue: (importId: string) => queue.enqueue(importId),
    /** Imports left with images to fetch when the last process stopped. */
    async resume(): Promise<number> {
      const ids = await imports.unfinishedImports();
      for (const id of ids) queue.enqueue(id);
      return ids.length;
    },
    idle: () => queue.idle(),
    close: () => queue.close(),
  };
}
