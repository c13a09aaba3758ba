/**
 * The port the catalogue import reads a connected store through (issue 25, ADR 044): the
 * seller's own store by its domain, then its products in batches: page by page, or for a store
 * of more than {@link BULK_FROM} products through a bulk operation (started, polled, its JSONL
 * result read line by line), as Shopify recommends. Each call asks for the store's access anew,
 * so a token that expires during a long import is refreshed, and the Admin client waits out
 * Shopify's throttling as it does for publishing. Images the sandbox
 * store holds are read from it directly: its URLs are the app's own, which the SSRF policy
 * rightly refuses to fetch over the network.
 */
import { STORE_NOT_FOUND_MESSAGE } from '#domain/api/shopify.js';
import type { StoreCatalogueProduct } from '#domain/shopify-catalogue.js';
import { normalizeShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import { BulkResultError, bulkProducts } from './admin/bulk-catalogue.js';
import { SHOPIFY_MALFORMED_MESSAGE } from './admin/client.js';
import type { ShopifyAdmin } from './admin/index.js';
import { ShopifyGatewayError, type ShopifyGateway } from './gateway.js';
import type { SandboxStore } from './sandbox-store.js';
import {
  SHOPIFY_UNAVAILABLE_MESSAGE,
  type ShopifyService,
  type StoreAccess,
} from './shopify-service.js';

/** Shopify's advice: a bulk operation for stores beyond a couple of thousand products. */
export const BULK_FROM = 2000;
/** Products handed over at once from a bulk result. */
const BULK_BATCH = 200;
const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 10_000;
const BULK_ENDED = new Set(['FAILED', 'CANCELED', 'CANCELING', 'EXPIRED']);

export interface StoreCatalogueReader {
  /** The store's normalised domain. */
  shop: string;
  /** How it is read: page by page, or a bulk operation for a large store. */
  mode: 'pages' | 'bulk';
  /** The store's products in batches; stops (throws) once `signal` is aborted. */
  batches(signal: AbortSignal): AsyncGenerator<StoreCatalogueProduct[]>;
}

export interface StoreCatalogue {
  /** The seller's connected store `shop`; 404 'store-not-found' for any other shop. */
  open(userId: string, shop: string): Promise<StoreCatalogueReader>;
  /** The bytes of a sandbox image of the seller's own shop; null for any other address. */
  sandboxImage(userId: string, url: string): Promise<Buffer | null>;
}

const SANDBOX_MEDIA = /^\/api\/shopify\/sandbox\/stores\/([a-z0-9.-]+)\/media\/(\d{1,20})$/;

export interface StoreCatalogueDeps {
  stores: ShopifyService;
  admin: ShopifyAdmin;
  gateway: ShopifyGateway;
  sandbox: SandboxStore | null;
  appUrl: string;
  /** Products from which a bulk operation reads the store (default {@link BULK_FROM}). */
  bulkFrom?: number;
  sleep?: (ms: number) => Promise<void>;
}

export function createStoreCatalogue(deps: StoreCatalogueDeps): StoreCatalogue {
  const { stores, admin, sandbox } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  async function* pages(access: () => Promise<StoreAccess>, signal: AbortSignal) {
    let cursor: string | null = null;
    do {
      signal.throwIfAborted();
      const page = await admin.cataloguePage(await access(), cursor);
      yield page.products;
      cursor = page.next;
    } while (cursor !== null);
  }

  /** Starts the export and polls it, backing off, until its result is ready. */
  async function bulkResult(access: () => Promise<StoreAccess>, signal: AbortSignal) {
    const started = await admin.startBulkCatalogue(await access());
    if (started.kind === 'refused') {
      throw new HttpError(502, `Shopify refused to export the store: ${started.reason}`);
    }
    for (let wait = POLL_FIRST_MS; ; wait = Math.min(POLL_MAX_MS, wait * 2)) {
      await sleep(wait);
      signal.throwIfAborted();
      const operation = await admin.bulkOperation(await access(), started.id);
      if (operation?.status === 'COMPLETED') return operation.url ?? null;
      if (!operation || BULK_ENDED.has(operation.status)) {
        const why = operation
          ? `${operation.status}${operation.errorCode ? `, ${operation.errorCode}` : ''}`
          : 'gone';
        throw new HttpError(
          502,
          `Shopify's export of the store stopped (${why}). Please try again.`,
        );
      }
    }
  }

  async function* bulk(access: () => Promise<StoreAccess>, signal: AbortSignal) {
    const url = await bulkResult(access, signal);
    // A store without products completes with no file.
    if (url === null) return;
    let batch: StoreCatalogueProduct[] = [];
    try {
      for await (const product of bulkProducts(deps.gateway.downloadLines(url))) {
        batch.push(product);
        if (batch.length < BULK_BATCH) continue;
        yield batch;
        batch = [];
        signal.throwIfAborted();
      }
    } catch (error) {
      if (error instanceof BulkResultError) {
        throw new HttpError(502, SHOPIFY_MALFORMED_MESSAGE, 'shopify-malformed');
      }
      if (error instanceof ShopifyGatewayError) {
        throw new HttpError(502, SHOPIFY_UNAVAILABLE_MESSAGE, 'shopify-unavailable');
      }
      throw error;
    }
    if (batch.length > 0) yield batch;
  }

  return {
    async open(userId, shopInput) {
      const shop = normalizeShopDomain(shopInput);
      const store = shop
        ? (await stores.listStores(userId)).find((entry) => entry.shopDomain === shop)
        : undefined;
      if (!store) throw new HttpError(404, STORE_NOT_FOUND_MESSAGE, 'store-not-found');
      const access = () => stores.storeAccess(userId, store.id);
      // Asked now, so a store that must be connected again is refused before anything starts.
      const count = await admin.productsCount(await access());
      const mode = count > (deps.bulkFrom ?? BULK_FROM) ? 'bulk' : 'pages';
      return {
        shop: store.shopDomain,
        mode,
        batches: (signal) => (mode === 'bulk' ? bulk(access, signal) : pages(access, signal)),
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
