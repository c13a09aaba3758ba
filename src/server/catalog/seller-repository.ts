/**
 * What product work reads about the seller: their plan, balance and library deadline (the one
 * read of the plan), and their own past products as hints for a new draft (prices in their
 * range, categories they confirmed for lookalike photos).
 */
import type { Kysely } from 'kysely';
import type { CreditBalance } from '#domain/credits.js';
import { planFromName, type PlanName } from '#domain/plans.js';
import type { SellerSettings } from '#domain/seller-settings.js';
import type { SellerCategoryExample, SellerPriceHint } from '../vision/index.js';
import type { Database } from '../db/schema.js';
import { decodeAppearance } from './product-repository.js';

export interface SellerStanding extends CreditBalance {
  plan: PlanName;
  /** Set while a library is kept read-only after Premium ended (ADR 019). */
  libraryDeleteAfter: Date | null;
}

/** How many of the seller's own prices a generation sees (brief: up to 20). */
const SELLER_PRICE_HINTS = 20;
/** How many of the seller's confirmed products a new photo is compared with, newest first. */
const SELLER_CATEGORY_EXAMPLES = 300;

export function createSellerRepository(db: Kysely<Database>) {
  return {
    /**
     * The seller's plan, balance and library deadline in one read: the one place the product
     * capabilities read the plan (owned-products.ts decides with it). A seller that no longer
     * exists stands as free with nothing.
     */
    async standing(userId: string): Promise<SellerStanding> {
      const user = await db
        .selectFrom('users')
        .select(['planName', 'fixedCredits', 'subscriptionCredits', 'libraryDeleteAfter'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) {
        return { plan: 'free', fixedCredits: 0, subscriptionCredits: 0, libraryDeleteAfter: null };
      }
      return {
        plan: planFromName(user.planName),
        fixedCredits: Number(user.fixedCredits),
        subscriptionCredits: Number(user.subscriptionCredits),
        libraryDeleteAfter:
          user.libraryDeleteAfter === null ? null : new Date(user.libraryDeleteAfter),
      };
    },

    /** The seller's own recent prices, to keep suggestions in their range. */
    async priceHints(userId: string, exceptId: string): Promise<SellerPriceHint[]> {
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

    /** The seller's own products whose category they confirmed, with their photos' appearance. */
    async categoryExamples(userId: string, exceptId: string): Promise<SellerCategoryExample[]> {
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

export type SellerRepository = ReturnType<typeof createSellerRepository>;

/** The seller's settings, which the account capability owns and products only read. */
export interface SellerSettingsReader {
  get(userId: string): Promise<SellerSettings>;
}
