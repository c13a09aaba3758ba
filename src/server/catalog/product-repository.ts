/**
 * Queries on a product's own rows: the products table, the index of its photos and the
 * appearance of its main photo (photo-repository.ts combines and splits them). Every
 * read or write by a user is scoped by userId. Writes that a service combines with a credit
 * change take the transaction (`trx`) the service opened, so both land or neither does.
 */
import type { Kysely, Updateable } from 'kysely';
import type { CreditBucket } from '#domain/credits.js';
import type { StoreStatus } from '#domain/product-status.js';
import { compiledOnce } from '../db/compiled-once.js';
import type { Database, ProductsTable } from '../db/schema.js';
import type { ProductRow } from './product-row.js';

/** An appearance vector as stored: float32, little-endian (4 bytes a number). */
function encodeAppearance(appearance: readonly number[]): Buffer {
  const bytes = Buffer.alloc(appearance.length * 4);
  appearance.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes;
}

export function decodeAppearance(bytes: Uint8Array): number[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: Math.floor(view.length / 4) }, (_, i) => view.readFloatLE(i * 4));
}

export interface NewProduct {
  id: string;
  userId: string;
  imageId: string;
  fileName: string;
  batchPosition: number;
  creditBucket: CreditBucket;
  createdAt: string;
}

/** The photo list of a new product: its one image. */
function onePhoto(product: Pick<NewProduct, 'imageId' | 'fileName'>): string {
  return JSON.stringify([{ imageId: product.imageId, fileName: product.fileName }]);
}

const PROFILE_COLUMNS = [
  'id',
  'title',
  'description',
  'photos',
  'imageId',
  'fileName',
  'priceCents',
  'status',
  'createdAt',
] as const satisfies readonly (keyof ProductRow)[];

export type ProfileProductRow = Pick<ProductRow, (typeof PROFILE_COLUMNS)[number]>;

export type ProductColumns = Omit<Updateable<ProductsTable>, 'id' | 'userId' | 'updatedAt'>;

export function createProductRepository(db: Kysely<Database>) {
  return {
    /** A product just uploaded: its one photo, a credit reserved, waiting to be generated. */
    async insertPending(trx: Kysely<Database>, product: NewProduct): Promise<ProductRow> {
      const row = await trx
        .insertInto('products')
        .values({
          ...product,
          photos: onePhoto(product),
          generationState: 'pending',
          creditState: 'reserved',
          updatedAt: product.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('productPhotos')
        .values({ imageId: product.imageId, productId: product.id, userId: product.userId })
        .execute();
      return row;
    },

    /** The review list: newest first; inside one upload, in upload order. */
    listForUser(userId: string, onlyReady = false): Promise<ProductRow[]> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('userId', '=', userId)
        .where('inReview', '=', 1)
        .$if(onlyReady, (query) => query.where('generationState', '=', 'ready'))
        .orderBy('createdAt', 'desc')
        .orderBy('batchPosition', 'asc')
        .execute();
    },

    /**
     * The profile's list (spec section 3): generated drafts of the review, only the columns the
     * record shows, compiled once (issue 29: the profile under load).
     */
    listProfileRows: compiledOnce(db, 1, (userId: string) =>
      db
        .selectFrom('products')
        .select(PROFILE_COLUMNS)
        .where('userId', '=', userId)
        .where('inReview', '=', 1)
        .where('generationState', '=', 'ready')
        .orderBy('createdAt', 'desc')
        .orderBy('batchPosition', 'asc'),
    ),

    findForUser(userId: string, id: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    /** The user's products among `ids`, in no particular order. */
    findManyForUser(userId: string, ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Who owns an image: the owner of the product it is a photo of. */
    ownerOfImage(imageId: string) {
      return db
        .selectFrom('productPhotos')
        .select(['userId', 'imageId'])
        .where('imageId', '=', imageId)
        .executeTakeFirst();
    },

    /**
     * Writes a user's product. With `storedEvidence`, only while the stored evidence is still
     * that one, so a write computed from it never undoes a concurrent change. Undefined when
     * nothing was written (gone, or its evidence changed).
     */
    updateForUser(
      userId: string,
      id: string,
      columns: ProductColumns,
      storedEvidence?: string,
    ): Promise<ProductRow | undefined> {
      return db
        .updateTable('products')
        .set({ ...columns, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .$if(storedEvidence !== undefined, (query) =>
          query.where('fieldEvidence', '=', storedEvidence!),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** Whether the user's product existed and is now deleted (its appearance goes with it). */
    /**
     * Deletes the user's product; answers the row as it was deleted (undefined when it was not
     * theirs or is gone). On PostgreSQL a delete that waited for a concurrent split answers the
     * row after it, so only the photos still its own are removed with it.
     */
    async deleteForUser(
      trx: Kysely<Database>,
      userId: string,
      id: string,
    ): Promise<Pick<ProductRow, 'imageId' | 'fileName' | 'photos'> | undefined> {
      return trx
        .deleteFrom('products')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returning(['imageId', 'fileName', 'photos'])
        .executeTakeFirst();
    },

    /**
     * Puts a failed product back to pending, paid by a credit from `bucket` reserved in the same
     * transaction. Undefined when it is no longer failed (retried or deleted meanwhile).
     */
    claimFailedForRetry(
      trx: Kysely<Database>,
      userId: string,
      id: string,
      bucket: CreditBucket,
    ): Promise<ProductRow | undefined> {
      return trx
        .updateTable('products')
        .set({
          generationState: 'pending',
          generationErrorCode: null,
          generationErrorMessage: null,
          generationRetryable: null,
          creditBucket: bucket,
          creditState: 'reserved',
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('generationState', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
    },

    /** Keeps (or replaces) the appearance of a product's photo. */
    async saveAppearance(
      trx: Kysely<Database>,
      productId: string,
      appearance: readonly number[],
    ): Promise<void> {
      const vector = encodeAppearance(appearance);
      await trx
        .insertInto('productAppearances')
        .values({ productId, vector })
        .onConflict((conflict) => conflict.column('productId').doUpdateSet({ vector }))
        .execute();
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;

/**
 * The product row after a Shopify publish, inside the publication's transaction (`trx`): status
 * published, in the library from now (its place there), the shop and its admin page, and the
 * status the store gives it. The Shopify capability records its publication; this row is the
 * catalog's.
 */
export function markPublished(
  trx: Kysely<Database>,
  published: {
    productId: string;
    userId: string;
    shopDomain: string;
    adminUrl: string;
    storeStatus: StoreStatus;
    at: string;
  },
): Promise<ProductRow> {
  return trx
    .updateTable('products')
    .set({
      status: 'published',
      libraryAddedAt: published.at,
      publishedShop: published.shopDomain,
      publishedAdminUrl: published.adminUrl,
      storeStatus: published.storeStatus,
      updatedAt: published.at,
    })
    .where('id', '=', published.productId)
    .where('userId', '=', published.userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
