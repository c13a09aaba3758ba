/**
 * The seller's settings row. No row means the defaults; an update writes only the settings it
 * names (one upsert, so two controls saved at once do not undo each other).
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_SELLER_SETTINGS,
  sellerSettingsSchema,
  type SellerSettings,
  type SellerSettingsUpdate,
} from '#domain/seller-settings.js';
import type { Database } from '../db/schema.js';

export function createSellerSettingsRepository(db: Kysely<Database>) {
  async function get(userId: string): Promise<SellerSettings> {
    const row = await db
      .selectFrom('sellerSettings')
      .select(['priceEnding'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    // A stored value is one the contract accepted; parsing keeps the type honest.
    return row ? sellerSettingsSchema.parse(row) : DEFAULT_SELLER_SETTINGS;
  }

  return {
    get,

    async update(userId: string, update: SellerSettingsUpdate): Promise<SellerSettings> {
      const updatedAt = new Date().toISOString();
      await db
        .insertInto('sellerSettings')
        .values({ ...DEFAULT_SELLER_SETTINGS, ...update, userId, updatedAt })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet({ ...update, updatedAt }))
        .execute();
      return get(userId);
    },
  };
}

export type SellerSettingsRepository = ReturnType<typeof createSellerSettingsRepository>;
