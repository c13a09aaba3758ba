/** Queries on the products table. Every read or write by a user is scoped by userId. */
import type { Kysely } from 'kysely';
import type { CreditBucket } from '#domain/credits.js';
import type {
  SellerCategoryExample,
  SellerPriceHint,
} from '../generation/providers/vision-provider.js';
import type { Database } from '../db/schema.js';
import type { ProductRow } from './product-mapper.js';

/** How many of the seller's own prices a generation sees (brief: up to 20). */
const SELLER_PRICE_HINTS = 20;
/** How many of the seller's confirmed products a new photo is compared with, newest first. */
const SELLER_CATEGORY_EXAMPLES = 300;

/** An appearance vector as stored: float32, little-endian (4 bytes a number). */
export function encodeAppearance(appearance: readonly number[]): Buffer {
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

export function createProductRepository(db: Kysely<Database>) {
  return {
    async insertPending(trx: Kysely<Database>, product: NewProduct): Promise<ProductRow> {
      return trx
        .insertInto('products')
        .values({
          ...product,
          generationState: 'pending',
          creditState: 'reserved',
          updatedAt: product.createdAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Newest first; inside one upload, in upload order. */
    listForUser(userId: string, onlyReady = false): Promise<ProductRow[]> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('userId', '=', userId)
        .$if(onlyReady, (query) => query.where('generationState', '=', 'ready'))
        .orderBy('createdAt', 'desc')
        .orderBy('batchPosition', 'asc')
        .execute();
    },

    findForUser(userId: string, id: string, trx: Kysely<Database> = db) {
      return trx
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    findById(id: string) {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    ownerOfImage(imageId: string) {
      return db
        .selectFrom('products')
        .select(['userId', 'imageId'])
        .where('imageId', '=', imageId)
        .executeTakeFirst();
    },

    async pendingIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('generationState', '=', 'pending')
        .orderBy('createdAt', 'asc')
        .orderBy('batchPosition', 'asc')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The seller's own recent prices, to keep suggestions in their range. */
    async sellerPriceHints(userId: string, exceptId: string): Promise<SellerPriceHint[]> {
      const rows = await db
        .selectFrom('products')
        .select(['title', 'priceCents'])
        .where('userId', '=', userId)
        .where('id', '!=', exceptId)
        .where('generationState', '=', 'ready')
        .where('priceCents', 'is not', null)
        .orderBy('updatedAt', 'desc')
        .limit(SELLER_PRICE_HINTS)
        .execute();
      return rows.map((row) => ({ title: row.title, price: Number(row.priceCents) / 100 }));
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

    /** The seller's own products whose category they confirmed, with their photos' appearance. */
    async sellerCategoryExamples(
      userId: string,
      exceptId: string,
    ): Promise<SellerCategoryExample[]> {
      const rows = await db
        .selectFrom('products')
        .innerJoin('productAppearances', 'productAppearances.productId', 'products.id')
        .select(['products.title', 'products.categoryId', 'productAppearances.vector'])
        .where('products.userId', '=', userId)
        .where('products.id', '!=', exceptId)
        .where('products.categoryConfirmedAt', 'is not', null)
        .where('products.categoryId', 'is not', null)
        .orderBy('products.categoryConfirmedAt', 'desc')
        .limit(SELLER_CATEGORY_EXAMPLES)
        .execute();
      return rows.map((row) => ({
        title: row.title,
        categoryId: row.categoryId!,
        appearance: decodeAppearance(row.vector),
      }));
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
