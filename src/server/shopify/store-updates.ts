/**
 * The port 'Update in Shopify' sends products back through (issue 25, ADR 045): the seller's own
 * connected store by its domain (any other shop, another seller's included, is 404
 * 'store-not-found' and nothing is asked of Shopify), then one product's changed fields at a
 * time. Nothing is asked of Shopify until a product has a change: the store's access (refreshed
 * when expired; 409 'store-reconnect' when it must be connected again) is asked for at each
 * update, and the Admin client waits out throttling and paces calls as it does for publishing.
 */
import { STORE_NOT_FOUND_MESSAGE } from '#domain/api/shopify.js';
import { normalizeShopDomain } from '#domain/shopify-domain.js';
import type { StoreProductChange } from '#domain/store-update-plan.js';
import { HttpError } from '../http/errors.js';
import type { ShopifyAdmin, UpdateProductOutcome } from './admin/index.js';
import type { ShopifyService } from './shopify-service.js';

export interface StoreUpdater {
  /** The store's normalised domain. */
  shop: string;
  update(change: StoreProductChange): Promise<UpdateProductOutcome>;
}

export interface StoreProductUpdates {
  /** The seller's connected store `shop`; 404 'store-not-found' for any other shop. */
  open(userId: string, shop: string): Promise<StoreUpdater>;
}

export function createStoreProductUpdates(deps: {
  stores: ShopifyService;
  admin: ShopifyAdmin;
}): StoreProductUpdates {
  return {
    async open(userId, shopInput) {
      const shop = normalizeShopDomain(shopInput);
      const store = shop
        ? (await deps.stores.listStores(userId)).find((entry) => entry.shopDomain === shop)
        : undefined;
      if (!store) throw new HttpError(404, STORE_NOT_FOUND_MESSAGE, 'store-not-found');
      return {
        shop: store.shopDomain,
        update: async (change) =>
          deps.admin.updateProduct(await deps.stores.storeAccess(userId, store.id), change),
      };
    },
  };
}
