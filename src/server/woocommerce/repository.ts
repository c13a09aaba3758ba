/** WooCommerce rows (migration 024): one-time connect states, connected stores, publications. */
import type { Kysely } from 'kysely';
import type { StoreStatus } from '#domain/product-status.js';
import type { Database } from '../db/schema.js';
import { markPublished, type ProductRow } from '../catalog/index.js';

export interface ConnectStateRow {
  stateHash: string;
  userId: string;
  storeUrl: string;
  expiresAt: Date;
}

/** A store row with its key and secret sealed (crypto opens them). */
export interface WooStoreRow {
  id: string;
  userId: string;
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
  keyPermissions: string;
}

export interface WooPublication {
  productId: string;
  storeUrl: string;
  userId: string;
  wooProductId: string;
  permalink: string;
  adminUrl: string;
  /** The store's image ids Listsmith's photos became (the merchant's own are never among them). */
  imageIds: number[];
  imagesFingerprint: string;
  publishedAt: Date;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createWooRepository(db: Kysely<Database>) {
  return {
    /** Records a state; drops expired ones and the seller's oldest beyond `keep`. */
    async createState(row: ConnectStateRow, at: Date, keep: number): Promise<void> {
      await db
        .deleteFrom('woocommerceConnectStates')
        .where('expiresAt', '<=', at.toISOString())
        .execute();
      await db
        .insertInto('woocommerceConnectStates')
        .values({ ...row, expiresAt: row.expiresAt.toISOString(), createdAt: at.toISOString() })
        .execute();
      await db
        .deleteFrom('woocommerceConnectStates')
        .where('userId', '=', row.userId)
        .where('stateHash', 'not in', (query) =>
          query
            .selectFrom('woocommerceConnectStates')
            .select('stateHash')
            .where('userId', '=', row.userId)
            .orderBy('expiresAt', 'desc')
            .limit(keep),
        )
        .execute();
    },

    /** Deletes the state and returns it: whoever deletes it first is the one who may use it. */
    async consumeState(stateHash: string): Promise<ConnectStateRow | undefined> {
      const row = await db
        .deleteFrom('woocommerceConnectStates')
        .where('stateHash', '=', stateHash)
        .returning(['stateHash', 'userId', 'storeUrl', 'expiresAt'])
        .executeTakeFirst();
      return row ? { ...row, expiresAt: toDate(row.expiresAt) } : undefined;
    },

    async findState(stateHash: string): Promise<ConnectStateRow | undefined> {
      const row = await db
        .selectFrom('woocommerceConnectStates')
        .select(['stateHash', 'userId', 'storeUrl', 'expiresAt'])
        .where('stateHash', '=', stateHash)
        .executeTakeFirst();
      return row ? { ...row, expiresAt: toDate(row.expiresAt) } : undefined;
    },

    /** The seller's store, its keys replaced when the same address was connected before. */
    async saveStore(store: WooStoreRow, at: Date): Promise<void> {
      const columns = {
        consumerKey: store.consumerKey,
        consumerSecret: store.consumerSecret,
        keyPermissions: store.keyPermissions,
        updatedAt: at.toISOString(),
      };
      await db
        .insertInto('woocommerceStores')
        .values({ ...store, ...columns, createdAt: at.toISOString() })
        .onConflict((conflict) => conflict.columns(['userId', 'storeUrl']).doUpdateSet(columns))
        .execute();
    },

    async listStores(userId: string): Promise<{ id: string; storeUrl: string }[]> {
      return db
        .selectFrom('woocommerceStores')
        .select(['id', 'storeUrl'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    async findStore(userId: string, storeId: string): Promise<WooStoreRow | undefined> {
      return db
        .selectFrom('woocommerceStores')
        .select(['id', 'userId', 'storeUrl', 'consumerKey', 'consumerSecret', 'keyPermissions'])
        .where('id', '=', storeId)
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async deleteStore(userId: string, storeId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('woocommerceStores')
        .where('id', '=', storeId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findPublication(
      productId: string,
      storeUrl: string,
    ): Promise<WooPublication | undefined> {
      const row = await db
        .selectFrom('woocommercePublications')
        .selectAll()
        .where('productId', '=', productId)
        .where('storeUrl', '=', storeUrl)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        imageIds: JSON.parse(row.imageIds) as number[],
        publishedAt: toDate(row.publishedAt),
      };
    },

    /** Records the publication and marks the product published, in one transaction. */
    async recordPublication(
      publication: WooPublication,
      storeStatus: StoreStatus,
    ): Promise<ProductRow> {
      const at = publication.publishedAt.toISOString();
      const columns = {
        wooProductId: publication.wooProductId,
        permalink: publication.permalink,
        adminUrl: publication.adminUrl,
        imageIds: JSON.stringify(publication.imageIds),
        imagesFingerprint: publication.imagesFingerprint,
        publishedAt: at,
      };
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('woocommercePublications')
          .values({
            productId: publication.productId,
            storeUrl: publication.storeUrl,
            userId: publication.userId,
            ...columns,
          })
          .onConflict((conflict) =>
            conflict.columns(['productId', 'storeUrl']).doUpdateSet(columns),
          )
          .execute();
        return markPublished(trx, {
          productId: publication.productId,
          userId: publication.userId,
          shopDomain: publication.storeUrl.replace(/^https?:\/\//, ''),
          adminUrl: publication.adminUrl,
          storeStatus,
          at,
        });
      });
    },
  };
}

export type WooRepository = ReturnType<typeof createWooRepository>;
