/**
 * Publishing one product to one of the seller's WooCommerce stores (issue 26, ADR 039). Our
 * product id is the WooCommerce product's SKU: the product an earlier publication made is
 * updated (by its stored id), and a first publish looks the SKU up before creating, so a retry
 * after an answer lost on the way back updates the product the lost call made. Categories are
 * found or created along our category's path and tags by name (terms.ts), the full tag list sent
 * every time so a re-publish replaces it; photos are given as our image addresses, which the
 * store downloads (ADR 039), and sent again only when they changed, the merchant's own images
 * kept by id. Variations follow our variant rows (variations.ts). The product is marked published
 * only after the store accepted it.
 */
import { createHash } from 'node:crypto';
import { PUBLISH_MESSAGES } from '#domain/api/shopify.js';
import type { WooPublishReply, WooPublishRequest } from '#domain/api/woocommerce.js';
import { imageAltText, isExportable } from '#domain/export-common.js';
import { toExportProduct } from '#domain/products.js';
import {
  categoryPath,
  wooProductInput,
  wooTagNames,
  wooVariations,
  type WooImageInput,
} from '#domain/woocommerce-publish.js';
import { slugify } from '#domain/slug.js';
import type { PublishStatus } from '#domain/shopify-publish.js';
import { HttpError } from '../http/errors.js';
import {
  toProduct,
  type CatalogAccess,
  type ProductEventBus,
  type ProductRow,
} from '../catalog/index.js';
import type { ConnectService } from './connect-service.js';
import { storeName, type StoreAccess, type WooGateway } from './gateway.js';
import { productListSchema, productSchema, type WooProduct } from './reply-schemas.js';
import type { WooRepository } from './repository.js';
import type { RestClient } from './rest-client.js';
import { categoryIds, tagIds } from './terms.js';
import { syncVariations } from './variations.js';

export interface PublishServiceDeps {
  stores: ConnectService;
  gateway: WooGateway;
  client: RestClient;
  repository: WooRepository;
  access: Pick<CatalogAccess, 'changeableRow'>;
  events: ProductEventBus;
  appUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

/** WooCommerce's refusal when it could not download an image (wc_rest_upload_image_from_url). */
const IMAGE_ERROR_CODES = new Set([
  'woocommerce_product_image_upload_error',
  'woocommerce_rest_invalid_image',
]);

export function createPublishService(deps: PublishServiceDeps) {
  const { client, repository, gateway, now, log } = deps;

  /** The product the store holds for this one: by the stored id, else by our SKU. */
  async function existingProduct(
    store: StoreAccess,
    productId: string,
    storedId: string | undefined,
  ): Promise<{ product: WooProduct; bySku: boolean } | null> {
    if (storedId) {
      const reply = await client.call(store, 'GET', `/products/${storedId}`, productSchema);
      if (reply.kind === 'ok') return { product: reply.data, bySku: false };
      // 404 (`woocommerce_rest_product_invalid_id`): deleted in the store; found by SKU or made anew.
    }
    const found = await client.call(
      store,
      'GET',
      `/products?${new URLSearchParams({ sku: productId, per_page: '10' }).toString()}`,
      productListSchema,
    );
    const match = found.kind === 'ok' ? found.data.find((p) => p.sku === productId) : undefined;
    return match ? { product: match, bySku: true } : null;
  }

  async function publish(
    row: ProductRow,
    store: StoreAccess,
    status: PublishStatus,
  ): Promise<WooPublishReply> {
    const product = toProduct(row);
    const exported = toExportProduct(product, deps.appUrl);
    const title = exported.title.trim();
    const fingerprint = createHash('sha256').update(exported.images.join('\n')).digest('hex');
    const earlier = await repository.findPublication(row.id, store.storeUrl);
    const existing = await existingProduct(store, row.id, earlier?.wooProductId);

    // The images that are Listsmith's: the recorded ones; all of a product found only by our SKU
    // (a lost answer's: nobody else gives that SKU).
    const ours = new Set(
      existing?.bySku
        ? existing.product.images.map((image) => image.id)
        : (earlier?.imageIds ?? []),
    );
    const unchanged =
      existing !== null && !existing.bySku && earlier?.imagesFingerprint === fingerprint;
    let images: WooImageInput[] | undefined;
    let sentOurs = 0;
    if (!unchanged) {
      const alt = imageAltText(exported);
      const merchants = (existing?.product.images ?? []).filter((image) => !ours.has(image.id));
      images = [
        ...exported.images.map((src, i) => ({
          src,
          name: `${slugify(title) || 'product'}-${i + 1}`,
          alt,
        })),
        ...merchants.map((image) => ({ id: image.id })),
      ];
      sentOurs = exported.images.length;
    }

    const input = wooProductInput(exported, {
      sku: row.id,
      status,
      categoryIds: await categoryIds(client, store, categoryPath(exported.category)),
      tagIds: await tagIds(client, store, wooTagNames(exported)),
      ...(images ? { images } : {}),
    });
    const saved = existing
      ? await client.call(store, 'PUT', `/products/${existing.product.id}`, productSchema, input)
      : await client.call(store, 'POST', '/products', productSchema, input);
    if (saved.kind === 'refused') {
      log.warn(
        { store: storeName(store.storeUrl), code: saved.code },
        'woocommerce refused the product',
      );
      const message = IMAGE_ERROR_CODES.has(saved.code)
        ? `WooCommerce could not download the photos of “${title}”: ${saved.message} The store downloads them from Listsmith, which must be reachable on the internet at its https address.`
        : `WooCommerce did not accept “${title}”: ${saved.message}`;
      throw new HttpError(422, message, 'woocommerce-refused');
    }
    const wooProduct = saved.data;
    const wanted = wooVariations(exported);
    if (wanted.length > 0 || existing?.product.type === 'variable') {
      await syncVariations(client, store, wooProduct.id, wanted, title);
    }

    const imageIds = images
      ? wooProduct.images.slice(0, sentOurs).map((image) => image.id)
      : (earlier?.imageIds ?? []);
    const wooProductId = String(wooProduct.id);
    const adminUrl = gateway.adminProductUrl(store.storeUrl, wooProductId);
    const published = toProduct(
      await repository.recordPublication(
        {
          productId: row.id,
          storeUrl: store.storeUrl,
          userId: row.userId,
          wooProductId,
          permalink: wooProduct.permalink,
          adminUrl,
          imageIds,
          imagesFingerprint: fingerprint,
          publishedAt: now(),
        },
        status,
      ),
    );
    deps.events.announce(row.userId, { type: 'product', product: published });
    log.info(
      { store: storeName(store.storeUrl), created: !existing },
      'product published to woocommerce',
    );
    return {
      product: published,
      wooProductId,
      permalink: wooProduct.permalink,
      adminUrl,
      created: !existing,
    };
  }

  return {
    /** POST /api/woocommerce/publish-product: one product, to one of the seller's stores. */
    async publishProduct(userId: string, request: WooPublishRequest): Promise<WooPublishReply> {
      // Publishing changes the product: refused in a read-only library, as an edit is (ADR 019).
      const row = await deps.access.changeableRow(userId, request.productId);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'This product has no listing to publish yet.', 'not-ready');
      }
      if (!isExportable(row)) {
        throw new HttpError(422, PUBLISH_MESSAGES.untitled, 'untitled-product');
      }
      const store = await deps.stores.storeAccess(userId, request.storeId);
      return publish(row, store, request.status);
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
