/** Which Shopify product each of a seller's products became, per shop (migration 018). */
import type { Kysely } from 'kysely';
import type { StoreStatus } from '#domain/product-status.js';
import type { Database } from '../db/schema.js';
import { markPublished, type ProductRow } from '../catalog/index.js';

export interface Publication {
  productId: string;
  shopDomain: string;
  userId: string;
  shopifyProductId: string;
  adminUrl: string;
  /** The media ids Listsmith's images became (the merchant's own are never among them). */
  mediaIds: string[];
  imagesFingerprint: string;
  publishedAt: Date;
  /** The product's handle in the shop (its storefront page); null for older publications. */
  handle: string | null;
}

export function createPublicationRepository(db: Kysely<Database>) {
  return {
    async find(productId: string, shopDomain: string): Promise<Publication | undefined> {
      const row = await db
        .selectFrom('shopifyPublications')
        .selectAll()
        .where('productId', '=', productId)
        .where('shopDomain', '=', shopDomain)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        mediaIds: JSON.parse(row.mediaIds) as string[],
        publishedAt: new Date(row.publishedAt),
      };
    },

    /**
     * Records the publication and marks the product published, in one transaction: the library
     * and the cards read `status`, `libraryAddedAt` and the store from the product row.
     */
    async record(publication: Publication, storeStatus: StoreStatus): Promise<ProductRow> {
      const at = publication.publishedAt.toISOString();
      const columns = {
        shopifyProductId: publication.shopifyProductId,
        adminUrl: publication.adminUrl,
        mediaIds: JSON.stringify(publication.mediaIds),
        imagesFingerprint: publication.imagesFingerprint,
        publishedAt: at,
        handle: publication.handle,
      };
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('shopifyPublications')
          .values({
            productId: publication.productId,
            shopDomain: publication.shopDomain,
            userId: publication.userId,
            ...columns,
          })
          .onConflict((conflict) =>
            conflict.columns(['productId', 'shopDomain']).doUpdateSet(columns),
          )
          .execute();
        // The product row is the catalog's: it marks it published in this transaction.
        return markPublished(trx, {
          productId: publication.productId,
          userId: publication.userId,
          shopDomain: publication.shopDomain,
          adminUrl: publication.adminUrl,
          storeStatus,
          at,
        });
      });
    },
  };
}

export type PublicationRepository = ReturnType<typeof createPublicationRepository>;
