/**
 * Queries of a product's photos (issue 16): moving photos between a seller's products (combine,
 * split, reorder) in the caller's transaction, the look of the review drafts for suggesting
 * groups, and the groups the seller dismissed. `products.photos` holds the order and
 * `productPhotos` which product shows an image; both are written together here.
 */
import type { Kysely } from 'kysely';
import type { CreditBucket } from '#domain/credits.js';
import type { Database } from '../db/schema.js';
import {
  decodeAppearance,
  type ProductColumns,
  type ProductRow,
  type StoredPhoto,
} from '../catalog/index.js';

export interface PhotoGroupCandidateRow {
  id: string;
  createdAt: Date | string;
  photos: string;
  imageId: string;
  fileName: string;
  appearance: number[];
}

export function createPhotoRepository(db: Kysely<Database>) {
  return {
    /**
     * Gives the user's product these photos, main first (its `imageId` becomes the first), and
     * points each image at it. Undefined when the product is not the user's.
     */
    async setPhotos(
      trx: Kysely<Database>,
      userId: string,
      productId: string,
      photos: readonly StoredPhoto[],
    ): Promise<ProductRow | undefined> {
      const main = photos[0]!;
      const row = await trx
        .updateTable('products')
        .set({
          photos: JSON.stringify(photos),
          imageId: main.imageId,
          fileName: main.fileName,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', productId)
        .where('userId', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .updateTable('productPhotos')
        .set({ productId })
        .where('userId', '=', userId)
        .where(
          'imageId',
          'in',
          photos.map((photo) => photo.imageId),
        )
        .execute();
      return row;
    },

    /** Writes columns of the user's product in the caller's transaction. */
    update(trx: Kysely<Database>, userId: string, id: string, columns: ProductColumns) {
      return trx
        .updateTable('products')
        .set({ ...columns, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The user's products with these ids (any order; fewer when some are not theirs). With
     * `lock` (PostgreSQL) the rows stay locked until the transaction ends, taken in id order so
     * two requests locking overlapping sets cannot deadlock; a concurrent combine, split, edit
     * or delete of them waits, or is waited for and then seen. SQLite runs one transaction at a
     * time on the app's one connection, so it needs no lock.
     */
    findManyForUser(trx: Kysely<Database>, userId: string, ids: readonly string[], lock = false) {
      return trx
        .selectFrom('products')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', 'in', ids)
        .$if(lock, (query) => query.orderBy('id').forUpdate())
        .execute();
    },

    /** Deletes products whose photos have moved to another product. */
    async deleteMerged(trx: Kysely<Database>, userId: string, ids: readonly string[]) {
      const result = await trx
        .deleteFrom('products')
        .where('userId', '=', userId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * A product split off `source`: one of its photos, to be drafted by the queue, paid by a
     * credit reserved from `bucket` (ADR 033), on the same lists and in the same upload as
     * `source`.
     */
    insertSplit(
      trx: Kysely<Database>,
      source: ProductRow,
      id: string,
      photo: StoredPhoto,
      bucket: CreditBucket,
    ): Promise<ProductRow> {
      return trx
        .insertInto('products')
        .values({
          id,
          userId: source.userId,
          imageId: photo.imageId,
          fileName: photo.fileName,
          photos: JSON.stringify([photo]),
          batchPosition: source.batchPosition,
          generationState: 'pending',
          creditBucket: bucket,
          creditState: 'reserved',
          status: source.status,
          inReview: source.inReview,
          savedAt: source.savedAt,
          libraryAddedAt: source.libraryAddedAt,
          storeStatus: source.storeStatus,
          createdAt: source.createdAt,
          updatedAt: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The user's generated review drafts with the look of their main photo, in upload order. */
    async groupCandidates(userId: string): Promise<PhotoGroupCandidateRow[]> {
      const rows = await db
        .selectFrom('products')
        .innerJoin('productAppearances', 'productAppearances.productId', 'products.id')
        .select([
          'products.id',
          'products.createdAt',
          'products.photos',
          'products.imageId',
          'products.fileName',
          'productAppearances.vector',
        ])
        .where('products.userId', '=', userId)
        .where('products.inReview', '=', 1)
        .where('products.generationState', '=', 'ready')
        .orderBy('products.createdAt', 'asc')
        .orderBy('products.batchPosition', 'asc')
        .execute();
      return rows.map(({ vector, ...row }) => ({ ...row, appearance: decodeAppearance(vector) }));
    },

    async dismissedGroupKeys(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('photoGroupDismissals')
        .select('groupKey')
        .where('userId', '=', userId)
        .execute();
      return rows.map((row) => row.groupKey);
    },

    async dismissGroup(trx: Kysely<Database>, userId: string, groupKey: string): Promise<void> {
      await trx
        .insertInto('photoGroupDismissals')
        .values({ userId, groupKey, createdAt: new Date().toISOString() })
        .onConflict((conflict) => conflict.columns(['userId', 'groupKey']).doNothing())
        .execute();
    },
  };
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>;
