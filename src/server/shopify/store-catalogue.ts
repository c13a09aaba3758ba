/**
 * The port the catalogue import reads a connected store through (issue 25, ADR 044): the
 * seller's own store by its domain, then its products page by page. Each page asks for the
 * store's access anew, so a token that expires during a long import is refreshed, and the
 * Admin client waits out Shopify's throttling as it does for publishing. Images the sandbox
 * store holds are read from it directly: its URLs are the app's own, which the SSRF policy
 * rightly refuses to fetch over the network.
 */
import { STORE_NOT_FOUND_MESSAGE } from '#domain/api/shopify.js';
import type { StoreCataloguePage } from '#domain/shopify-catalogue.js';
import { normalizeShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import type { ShopifyAdmin } from './admin/index.js';
import type { SandboxStore } from './sandbox-store.js';
import type { ShopifyService } from './shopify-service.js';

export interface StoreCatalogueReader {
  /** The store's normalised domain. */
  shop: string;
  /** The page after `cursor` (null: the first). */
  page(cursor: string | null): Promise<StoreCataloguePage>;
}

export interface StoreCatalogue {
  /** The seller's connected store `shop`; 404 'store-not-found' for any other shop. */
  open(userId: string, shop: string): Promise<StoreCatalogueReader>;
  /** The bytes of a sandbox image of the seller's own shop; null for any other address. */
  sandboxImage(userId: string, url: string): Promise<Buffer | null>;
}

const SANDBOX_MEDIA = /^\/api\/shopify\/sandbox\/stores\/([a-z0-9.-]+)\/media\/(\d{1,20})$/;

export function createStoreCatalogue(deps: {
  stores: ShopifyService;
  admin: ShopifyAdmin;
  sandbox: SandboxStore | null;
  appUrl: string;
}): StoreCatalogue {
  const { stores, admin, sandbox } = deps;
  return {
    async open(userId, shopInput) {
      const shop = normalizeShopDomain(shopInput);
      const store = shop
        ? (await stores.listStores(userId)).find((entry) => entry.shopDomain === shop)
        : undefined;
      if (!store) throw new HttpError(404, STORE_NOT_FOUND_MESSAGE, 'store-not-found');
      // Checked now, so a store that must be connected again is refused before anything starts.
      await stores.storeAccess(userId, store.id);
      return {
        shop: store.shopDomain,
        async page(cursor) {
          return admin.cataloguePage(await stores.storeAccess(userId, store.id), cursor);
        },
      };
    },

    async sandboxImage(userId, url) {
      if (!sandbox || !url.startsWith(`${deps.appUrl}/`)) return null;
      const match = SANDBOX_MEDIA.exec(url.slice(deps.appUrl.length));
      if (!match) return null;
      const media = await sandbox.media({ sellerId: userId, shop: match[1]! }, match[2]!);
      return media ? Buffer.from(media.bytes) : null;
    },
  };
}
