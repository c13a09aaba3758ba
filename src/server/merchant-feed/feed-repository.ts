/** A seller's feed settings and the hash of their private address's token (migration 023). */
import type { Kysely } from 'kysely';
import { DEFAULT_FEED_SETTINGS, type FeedSettings } from '#domain/merchant-feed.js';
import type { Database } from '../db/schema.js';

export interface FeedRecord {
  settings: FeedSettings;
  hasAddress: boolean;
}

export function createFeedRepository(db: Kysely<Database>) {
  /** Creates the seller's row with the defaults when there is none, then applies `changes`. */
  async function upsert(
    userId: string,
    changes: { pageTemplate?: string; currency?: string; tokenHash?: string | null },
    at: Date,
  ): Promise<void> {
    const now = at.toISOString();
    await db
      .insertInto('merchantFeeds')
      .values({
        userId,
        tokenHash: changes.tokenHash ?? null,
        pageTemplate: changes.pageTemplate ?? DEFAULT_FEED_SETTINGS.pageTemplate,
        currency: changes.currency ?? DEFAULT_FEED_SETTINGS.currency,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((conflict) =>
        conflict.column('userId').doUpdateSet({ ...changes, updatedAt: now }),
      )
      .execute();
  }

  return {
    async find(userId: string): Promise<FeedRecord> {
      const row = await db
        .selectFrom('merchantFeeds')
        .select(['pageTemplate', 'currency', 'tokenHash'])
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) return { settings: DEFAULT_FEED_SETTINGS, hasAddress: false };
      return {
        settings: { pageTemplate: row.pageTemplate, currency: row.currency },
        hasAddress: row.tokenHash !== null,
      };
    },

    saveSettings(userId: string, settings: FeedSettings, at: Date): Promise<void> {
      return upsert(userId, settings, at);
    },

    /** A new token's hash replaces the old one: the old address stops at once. */
    setTokenHash(userId: string, tokenHash: string | null, at: Date): Promise<void> {
      return upsert(userId, { tokenHash }, at);
    },

    /** The seller whose address carries this token's hash, if any. */
    async ownerOf(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('merchantFeeds')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row?.userId;
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
