/**
 * The seller's settings row. No row means the defaults; an update writes only the settings it
 * names (one upsert, so two controls saved at once do not undo each other). The store voice is
 * two columns, its preset and its instructions.
 */
import type { Kysely, Updateable } from 'kysely';
import {
  DEFAULT_SELLER_SETTINGS,
  sellerSettingsSchema,
  type SellerSettings,
  type SellerSettingsUpdate,
} from '#domain/seller-settings.js';
import type { Database, SellerSettingsTable } from '../db/schema.js';

type SettingsColumns = Omit<Updateable<SellerSettingsTable>, 'userId' | 'updatedAt'>;

function toColumns(update: SellerSettingsUpdate): SettingsColumns {
  return {
    ...(update.priceEnding === undefined ? {} : { priceEnding: update.priceEnding }),
    ...(update.storeVoice === undefined
      ? {}
      : {
          storeVoicePreset: update.storeVoice.preset,
          storeVoiceInstructions: update.storeVoice.instructions,
        }),
  };
}

export function createSellerSettingsRepository(db: Kysely<Database>) {
  async function get(userId: string): Promise<SellerSettings> {
    const row = await db
      .selectFrom('sellerSettings')
      .select(['priceEnding', 'storeVoicePreset', 'storeVoiceInstructions'])
      .where('userId', '=', userId)
      .executeTakeFirst();
    // A stored value is one the contract accepted; parsing keeps the type honest.
    return row
      ? sellerSettingsSchema.parse({
          priceEnding: row.priceEnding,
          storeVoice: { preset: row.storeVoicePreset, instructions: row.storeVoiceInstructions },
        })
      : DEFAULT_SELLER_SETTINGS;
  }

  return {
    get,

    async update(userId: string, update: SellerSettingsUpdate): Promise<SellerSettings> {
      const updatedAt = new Date().toISOString();
      const columns = toColumns(update);
      await db
        .insertInto('sellerSettings')
        .values({ ...toColumns(DEFAULT_SELLER_SETTINGS), ...columns, userId, updatedAt })
        .onConflict((conflict) => conflict.column('userId').doUpdateSet({ ...columns, updatedAt }))
        .execute();
      return get(userId);
    },
  };
}

export type SellerSettingsRepository = ReturnType<typeof createSellerSettingsRepository>;
