/**
 * What 'Update in Shopify' reads and writes of imported products (ADR 045): their source in a
 * connected store (the product GID in the key, what the store last had), the text the last
 * import read for products imported before the store's fields were kept, and the store's fields
 * once an update was made. Every read and write is scoped by the seller.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const FORMAT = 'shopify-store';
/** Ids bound in one query at most (a search may select a whole library). */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface StoreSource {
  productId: string;
  /** `{shop}/{product GID}` */
  sourceKey: string;
  /** JSON of StoreFields; '{}' when nothing is known. */
  storeFields: string;
}

export function createStoreUpdateRepository(db: Kysely<Database>) {
  return {
    /** The sources in `shop` of the seller's products `productIds` (others are absent). */
    async sources(userId: string, shop: string, productIds: readonly string[]) {
      const sources = new Map<string, StoreSource>();
      for (const ids of chunks(productIds)) {
        const rows = await db
          .selectFrom('productSources')
          .select(['productId', 'sourceKey', 'storeFields'])
          .where('userId', '=', userId)
          .where('format', '=', FORMAT)
          .where('fileName', '=', shop)
          .where('productId', 'in', ids)
          .execute();
        for (const row of rows) sources.set(row.productId, row);
      }
      return sources;
    },

    /** The title and description each product had when it was last imported, by product. */
    async importedText(productIds: readonly string[]) {
      const text = new Map<string, { title?: string; description?: string }>();
      for (const ids of chunks(productIds)) {
        const rows = await db
          .selectFrom('productFieldVersions')
          .select(['productId', 'field', 'value'])
          .where('productId', 'in', ids)
          .where('cause', '=', 'import')
          .where('field', 'in', ['title', 'description'])
          .orderBy('id')
          .execute();
        // In order: the last import's value wins.
        for (const row of rows) {
          text.set(row.productId, { ...text.get(row.productId), [row.field]: row.value });
        }
      }
      return text;
    },

    /** What the store has of the product after an update. */
    async recordStoreFields(userId: string, productId: string, storeFields: string) {
      await db
        .updateTable('productSources')
        .set({ storeFields })
        .where('productId', '=', productId)
        .where('userId', '=', userId)
        .where('format', '=', FORMAT)
        .execute();
    },
  };
}

export type StoreUpdateRepository = ReturnType<typeof createStoreUpdateRepository>;
