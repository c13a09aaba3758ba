/** Shopify rows: single-use OAuth states, connected stores (tokens sealed), webhook deliveries. */
import type { Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../db/compiled-once.js';
import type { Database, ShopifyStoresTable } from '../db/schema.js';

export interface OAuthStateRow {
  stateHash: string;
  userId: string;
  shopDomain: string;
  expiresAt: Date;
}

/** A store row with its sealed tokens (crypto.ts opens them). */
export interface StoreRow {
  id: string;
  userId: string;
  shopDomain: string;
  accessToken: string;
  accessTokenExpiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
  scope: string;
}

export type SealedTokens = Pick<
  StoreRow,
  'accessToken' | 'accessTokenExpiresAt' | 'refreshToken' | 'refreshTokenExpiresAt' | 'scope'
>;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null) => (value === null ? null : toDate(value));
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function toStore(row: Selectable<ShopifyStoresTable>): StoreRow {
  return {
    id: row.id,
    userId: row.userId,
    shopDomain: row.shopDomain,
    accessToken: row.accessToken,
    accessTokenExpiresAt: toDateOrNull(row.accessTokenExpiresAt),
    refreshToken: row.refreshToken,
    refreshTokenExpiresAt: toDateOrNull(row.refreshTokenExpiresAt),
    scope: row.scope,
  };
}

function sealedColumns(tokens: SealedTokens) {
  return {
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: iso(tokens.accessTokenExpiresAt),
    refreshToken: tokens.refreshToken,
    refreshTokenExpiresAt: iso(tokens.refreshTokenExpiresAt),
    scope: tokens.scope,
  };
}

export function createShopifyRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a new state and drops every expired one, and the user's oldest beyond `keep`
     * (states are short-lived; a user asking again and again cannot grow the table).
     */
    async createState(row: OAuthStateRow, at: Date, keep: number): Promise<void> {
      await db
        .deleteFrom('shopifyOAuthStates')
        .where('expiresAt', '<=', at.toISOString())
        .execute();
      await db
        .insertInto('shopifyOAuthStates')
        .values({ ...row, expiresAt: row.expiresAt.toISOString(), createdAt: at.toISOString() })
        .execute();
      await db
        .deleteFrom('shopifyOAuthStates')
        .where('userId', '=', row.userId)
        .where('stateHash', 'not in', (query) =>
          query
            .selectFrom('shopifyOAuthStates')
            .select('stateHash')
            .where('userId', '=', row.userId)
            .orderBy('expiresAt', 'desc')
            .limit(keep),
        )
        .execute();
    },

    /** Deletes the state and returns it: whoever deletes it first is the one who may use it. */
    async consumeState(stateHash: string): Promise<OAuthStateRow | undefined> {
      const row = await db
        .deleteFrom('shopifyOAuthStates')
        .where('stateHash', '=', stateHash)
        .returning(['stateHash', 'userId', 'shopDomain', 'expiresAt'])
        .executeTakeFirst();
      return row ? { ...row, expiresAt: toDate(row.expiresAt) } : undefined;
    },

    /** Saves the user's store, replacing the tokens of the same shop connected before. */
    async saveStore(
      store: { id: string; userId: string; shopDomain: string },
      tokens: SealedTokens,
      at: Date,
    ): Promise<string> {
      const columns = { ...sealedColumns(tokens), updatedAt: at.toISOString() };
      const row = await db
        .insertInto('shopifyStores')
        .values({ ...store, ...columns, createdAt: at.toISOString() })
        .onConflict((conflict) => conflict.columns(['userId', 'shopDomain']).doUpdateSet(columns))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Compiled once: the profile lists the stores on every visit (issue 29). */
    listStores: compiledOnce(db, 1, (userId: string) =>
      db
        .selectFrom('shopifyStores')
        .select(['id', 'shopDomain'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .orderBy('id'),
    ),

    /** The user's store; undefined for an unknown id or another user's. */
    async findStore(userId: string, storeId: string): Promise<StoreRow | undefined> {
      const row = await db
        .selectFrom('shopifyStores')
        .selectAll()
        .where('id', '=', storeId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ? toStore(row) : undefined;
    },

    async updateTokens(storeId: string, tokens: SealedTokens, at: Date): Promise<void> {
      await db
        .updateTable('shopifyStores')
        .set({ ...sealedColumns(tokens), updatedAt: at.toISOString() })
        .where('id', '=', storeId)
        .execute();
    },

    async deleteStore(userId: string, storeId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('shopifyStores')
        .where('id', '=', storeId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every user's connection to the shop (it uninstalled the app). */
    async deleteStoresOfShop(shopDomain: string): Promise<number> {
      const result = await db
        .deleteFrom('shopifyStores')
        .where('shopDomain', '=', shopDomain)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Records a webhook delivery; false when it was recorded before (a redelivery). */
    async claimEvent(eventId: string, topic: string, at: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('processedEvents')
        .values({
          id: `shopify:${eventId}`,
          provider: 'shopify',
          type: topic,
          processedAt: at.toISOString(),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Forgets a delivery that could not be applied, so Shopify's retry is not a duplicate. */
    async releaseEvent(eventId: string): Promise<void> {
      await db.deleteFrom('processedEvents').where('id', '=', `shopify:${eventId}`).execute();
    },
  };
}

export type ShopifyRepository = ReturnType<typeof createShopifyRepository>;
