import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import { userPrefix, type ImageStore } from '../images/storage.js';
import { toProduct } from '../products/product-mapper.js';
import type { ProductRepository } from '../products/product-repository.js';

/** The spec's server product record (section 3), built from a generated draft. */
export interface ProfileProduct {
  id: string;
  name: string;
  description: string;
  images: string[];
  price: number | null;
  status: 'draft';
  createdAt: string;
}

/** The spec's profile response (section 7). Stores arrive with the Shopify feature. */
export interface Profile {
  id: string;
  email: string;
  planName: string;
  fixedCredits: number;
  subscriptionCredits: number;
  products: ProfileProduct[];
  ShopifyStore: { id: string; shopDomain: string }[];
}

export interface ProfileServiceDeps {
  products: ProductRepository;
  store: ImageStore;
  log: { error(details: object, message: string): void };
  /** Brings billing up to date first (the sandbox ends due periods), so credits are current. */
  beforeRead?: (userId: string) => Promise<void>;
}

export function createProfileService({ db }: DatabaseHandle, deps: ProfileServiceDeps) {
  return {
    async getProfile(userId: string): Promise<Profile> {
      await deps.beforeRead?.(userId);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'planName', 'fixedCredits', 'subscriptionCredits'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) throw new HttpError(404, 'Profile not found');
      // Only generated drafts: a pending or failed one has no name or price yet.
      const rows = await deps.products.listForUser(userId, true);
      return {
        id: user.id,
        email: user.email,
        planName: user.planName === 'premium' ? 'Premium' : 'Free',
        fixedCredits: Number(user.fixedCredits),
        subscriptionCredits: Number(user.subscriptionCredits),
        products: rows.map((row) => {
          const product = toProduct(row);
          return {
            id: product.id,
            name: product.title,
            description: product.description,
            images: product.images,
            price: product.price.suggested,
            status: product.status,
            createdAt: product.createdAt,
          };
        }),
        ShopifyStore: [],
      };
    },

    /**
     * Deletes the account; sessions, credentials, the ledger and products go with it (ON DELETE
     * CASCADE), then the stored images.
     */
    async deleteAccount(userId: string): Promise<void> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new HttpError(404, 'Profile not found');
      await deps.store.deletePrefix(userPrefix(userId)).catch((error: unknown) => {
        // The account is gone either way; leftover files are unreachable (no row names them).
        deps.log.error({ err: error, userId }, 'could not remove a deleted account’s images');
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
