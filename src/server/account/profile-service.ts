import type { Profile, ProfileProduct } from '#domain/api/profile.js';
import { creditBreakdown } from '#domain/credits.js';
import { HttpError } from '../http/errors.js';
import { userPrefix, type ImageStore } from '../images/storage.js';
import {
  imageUrls,
  isoString,
  type ProductRepository,
  type ProfileProductRow,
  storedPhotos,
  toDollars,
} from '../catalog/index.js';
import type { AccountRepository } from './account-repository.js';

export interface ProfileServiceDeps {
  accounts: AccountRepository;
  products: ProductRepository;
  store: ImageStore;
  log: { error(details: object, message: string): void };
  /** The user's connected Shopify stores (id and domain only); told when an account is gone. */
  stores: {
    listStores(userId: string): Promise<Profile['ShopifyStore']>;
    accountDeleted(): Promise<void>;
  };
  /** Brings billing up to date first (the sandbox ends due periods), so credits are current. */
  beforeRead?: (userId: string) => Promise<void>;
}

const PROFILE_NOT_FOUND = 'Profile not found';

/** The spec's server product record (section 3) of a generated draft, as `toProduct` has it. */
function toProfileProduct(row: ProfileProductRow): ProfileProduct {
  return {
    id: row.id,
    name: row.title,
    description: row.description,
    images: storedPhotos(row).map((photo) => imageUrls(photo.imageId).imageUrl),
    price: toDollars(row.priceCents),
    status: row.status,
    createdAt: isoString(row.createdAt),
  };
}

export function createProfileService(deps: ProfileServiceDeps) {
  return {
    async getProfile(userId: string): Promise<Profile> {
      await deps.beforeRead?.(userId);
      const account = await deps.accounts.find(userId);
      if (!account) throw new HttpError(404, PROFILE_NOT_FOUND);
      // Only generated drafts: a pending or failed one has no name or price yet.
      const rows = await deps.products.listProfileRows(userId);
      return {
        id: account.id,
        email: account.email,
        planName: account.plan === 'premium' ? 'Premium' : 'Free',
        fixedCredits: account.fixedCredits,
        subscriptionCredits: account.subscriptionCredits,
        credits: creditBreakdown(account, account.purchasedGranted),
        products: rows.map(toProfileProduct),
        ShopifyStore: await deps.stores.listStores(userId),
      };
    },

    /**
     * Deletes the account with everything it owns, then the stored images. 404 when the account
     * is already gone (deleted by a request that ran at the same time).
     */
    async deleteAccount(userId: string): Promise<void> {
      if (!(await deps.accounts.delete(userId))) throw new HttpError(404, PROFILE_NOT_FOUND);
      await deps.store.deletePrefix(userPrefix(userId)).catch((error: unknown) => {
        // The account is gone either way; leftover files are unreachable (no row names them).
        deps.log.error({ err: error, userId }, 'could not remove a deleted account’s images');
      });
      // What the sandbox store kept of the account's shops (their photos too).
      await deps.stores.accountDeleted().catch((error: unknown) => {
        deps.log.error(
          { err: error, userId },
          'could not forget a deleted account’s sandbox shops',
        );
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
