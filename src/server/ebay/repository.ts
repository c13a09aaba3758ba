/** eBay rows (migration 032): one-time states, the seller's connection, publications, taxonomy. */
import type { Kysely } from 'kysely';
import type { EbaySettingsRequest } from '#domain/api/ebay.js';
import type { EbayPublishStatus } from '#domain/ebay-listing.js';
import type { Database } from '../db/schema.js';
import { markPublished, type ProductRow } from '../catalog/index.js';

/** Tokens as stored: sealed (crypto opens them). */
export interface SealedTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface ConnectionRow extends SealedTokens {
  userId: string;
  needsReconnect: boolean;
  settings: EbaySettingsRequest | null;
}

export interface EbayPublication {
  productId: string;
  userId: string;
  sku: string;
  offerId: string;
  listingId: string | null;
  categoryId: string;
  status: EbayPublishStatus;
  publishedAt: Date;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function createEbayRepository(db: Kysely<Database>) {
  return {
    /** Records a state; drops expired ones and the seller's oldest beyond `keep`. */
    async createState(
      row: { stateHash: string; userId: string; expiresAt: Date },
      at: Date,
      keep: number,
    ): Promise<void> {
      await db.deleteFrom('ebayConnectStates').where('expiresAt', '<=', at.toISOString()).execute();
      await db
        .insertInto('ebayConnectStates')
        .values({ ...row, expiresAt: row.expiresAt.toISOString(), createdAt: at.toISOString() })
        .execute();
      await db
        .deleteFrom('ebayConnectStates')
        .where('userId', '=', row.userId)
        .where('stateHash', 'not in', (query) =>
          query
            .selectFrom('ebayConnectStates')
            .select('stateHash')
            .where('userId', '=', row.userId)
            .orderBy('expiresAt', 'desc')
            .limit(keep),
        )
        .execute();
    },

    /** Deletes the state and returns it: whoever deletes it first is the one who may use it. */
    async consumeState(
      stateHash: string,
    ): Promise<{ userId: string; expiresAt: Date } | undefined> {
      const row = await db
        .deleteFrom('ebayConnectStates')
        .where('stateHash', '=', stateHash)
        .returning(['userId', 'expiresAt'])
        .executeTakeFirst();
      return row ? { userId: row.userId, expiresAt: toDate(row.expiresAt) } : undefined;
    },

    async findState(stateHash: string): Promise<{ userId: string; expiresAt: Date } | undefined> {
      const row = await db
        .selectFrom('ebayConnectStates')
        .select(['userId', 'expiresAt'])
        .where('stateHash', '=', stateHash)
        .executeTakeFirst();
      return row ? { userId: row.userId, expiresAt: toDate(row.expiresAt) } : undefined;
    },

    /** The seller's connection: new tokens, reconnect cleared; chosen settings kept. */
    async saveConnection(userId: string, tokens: SealedTokens, at: Date): Promise<void> {
      const columns = {
        accessToken: tokens.accessToken,
        accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
        refreshToken: tokens.refreshToken,
        refreshTokenExpiresAt: tokens.refreshTokenExpiresAt.toISOString(),
        needsReconnect: 0,
        updatedAt: at.toISOString(),
      };
      await db
        .insertInto('ebayConnections')
        .values({ userId, ...columns, createdAt: at.toISOString() })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet(columns))
        .execute();
    },

    async updateAccessToken(userId: string, sealed: string, expiresAt: Date, at: Date) {
      await db
        .updateTable('ebayConnections')
        .set({
          accessToken: sealed,
          accessTokenExpiresAt: expiresAt.toISOString(),
          updatedAt: at.toISOString(),
        })
        .where('userId', '=', userId)
        .execute();
    },

    async markNeedsReconnect(userId: string, at: Date): Promise<void> {
      await db
        .updateTable('ebayConnections')
        .set({ needsReconnect: 1, updatedAt: at.toISOString() })
        .where('userId', '=', userId)
        .execute();
    },

    async chooseSettings(userId: string, settings: EbaySettingsRequest, at: Date): Promise<void> {
      await db
        .updateTable('ebayConnections')
        .set({ ...settings, updatedAt: at.toISOString() })
        .where('userId', '=', userId)
        .execute();
    },

    async findConnection(userId: string): Promise<ConnectionRow | undefined> {
      const row = await db
        .selectFrom('ebayConnections')
        .selectAll()
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { fulfillmentPolicyId, paymentPolicyId, returnPolicyId, merchantLocationKey } = row;
      return {
        userId: row.userId,
        accessToken: row.accessToken,
        accessTokenExpiresAt: toDate(row.accessTokenExpiresAt),
        refreshToken: row.refreshToken,
        refreshTokenExpiresAt: toDate(row.refreshTokenExpiresAt),
        needsReconnect: row.needsReconnect === 1,
        settings:
          fulfillmentPolicyId && paymentPolicyId && returnPolicyId && merchantLocationKey
            ? { fulfillmentPolicyId, paymentPolicyId, returnPolicyId, merchantLocationKey }
            : null,
      };
    },

    async deleteConnection(userId: string): Promise<void> {
      await db.deleteFrom('ebayConnections').where('userId', '=', userId).execute();
    },

    async findPublication(productId: string): Promise<EbayPublication | undefined> {
      const row = await db
        .selectFrom('ebayPublications')
        .selectAll()
        .where('productId', '=', productId)
        .executeTakeFirst();
      return row ? { ...row, publishedAt: toDate(row.publishedAt) } : undefined;
    },

    /** Records the publication and marks the product published, in one transaction. */
    async recordPublication(publication: EbayPublication, listingUrl: string): Promise<ProductRow> {
      const at = publication.publishedAt.toISOString();
      const columns = {
        sku: publication.sku,
        offerId: publication.offerId,
        listingId: publication.listingId,
        categoryId: publication.categoryId,
        status: publication.status,
        publishedAt: at,
      };
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('ebayPublications')
          .values({ productId: publication.productId, userId: publication.userId, ...columns })
          .onConflict((conflict) => conflict.column('productId').doUpdateSet(columns))
          .execute();
        return markPublished(trx, {
          productId: publication.productId,
          userId: publication.userId,
          shopDomain: 'ebay.com',
          adminUrl: listingUrl,
          storeStatus: publication.status === 'live' ? 'active' : 'draft',
          at,
        });
      });
    },

    async cached(key: string): Promise<{ data: unknown; fetchedAt: Date } | undefined> {
      const row = await db
        .selectFrom('ebayTaxonomyCache')
        .select(['data', 'fetchedAt'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row
        ? { data: JSON.parse(row.data) as unknown, fetchedAt: toDate(row.fetchedAt) }
        : undefined;
    },

    async cache(key: string, data: unknown, at: Date): Promise<void> {
      const values = { data: JSON.stringify(data), fetchedAt: at.toISOString() };
      await db
        .insertInto('ebayTaxonomyCache')
        .values({ key, ...values })
        .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
        .execute();
    },
  };
}

export type EbayRepository = ReturnType<typeof createEbayRepository>;
