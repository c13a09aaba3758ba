/**
 * Publishing one product to one of the seller's connected stores (issue 15, ADR 024, ADR 031):
 * the product's images go up as staged uploads, then one productSet creates the Shopify product,
 * or updates the one an earlier publication made (never a second product): by its stored id, or
 * on a first publish by a handle derived from our product id, so a retry after an answer lost on
 * the way back updates the product the lost call created. On an update the product's media,
 * collections and metafields are read first and sent back (every file the merchant added by id):
 * productSet replaces lists wholesale, and only Listsmith's own images may be replaced. The
 * product is marked published only after Shopify accepted it. Shopify itself is spoken to
 * through the Admin adapter (./admin), in these terms.
 */
import { createHash } from 'node:crypto';
import {
  PUBLISH_MESSAGES,
  type PublishProductRequest,
  type PublishProductReply,
} from '#domain/api/shopify.js';
import { isExportable } from '#domain/export-common.js';
import { toExportProduct } from '#domain/products.js';
import {
  productSetInput,
  publishHandle,
  type ProductSetFile,
  type PublishStatus,
} from '#domain/shopify-publish.js';
import { HttpError } from '../http/errors.js';
import type { ImageStore } from '../images/storage.js';
import {
  productImageIds,
  toProduct,
  type CatalogAccess,
  type ProductEventBus,
  type ProductRow,
} from '../catalog/index.js';
import { userErrorText, type ShopifyAdmin } from './admin/index.js';
import type { FirstPublishHandles } from './first-publish-handles.js';
import type { ShopifyGateway } from './gateway.js';
import { IMAGE_UPLOAD_FAILED_MESSAGE, imageFilename, readPublishImages } from './publish-images.js';
import type { Publication, PublicationRepository } from './publication-repository.js';
import type { ShopifyService, StoreAccess } from './shopify-service.js';

export interface PublishServiceDeps {
  stores: ShopifyService;
  gateway: ShopifyGateway;
  admin: ShopifyAdmin;
  publications: PublicationRepository;
  firstPublishHandles: FirstPublishHandles;
  access: Pick<CatalogAccess, 'changeableRow'>;
  images: ImageStore;
  events: ProductEventBus;
  appUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export function createPublishService(deps: PublishServiceDeps) {
  const { admin, gateway, now, log } = deps;

  /** The product's photos staged and uploaded; the sources productSet takes, in order. */
  async function uploadImages(store: StoreAccess, row: ProductRow): Promise<string[]> {
    const files = await readPublishImages(deps.images, {
      userId: row.userId,
      title: row.title,
      imageIds: productImageIds(row),
    });
    const outcome = await admin.uploadImages(store, files);
    if (outcome.kind === 'refused') {
      log.warn({ shop: store.shopDomain, reason: outcome.reason }, 'image upload failed');
      throw new HttpError(502, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-upload-failed');
    }
    return outcome.resourceUrls;
  }

  async function publish(
    row: ProductRow,
    store: StoreAccess,
    status: PublishStatus,
  ): Promise<PublishProductReply> {
    const product = toProduct(row);
    const imageIds = productImageIds(row);
    const fingerprint = createHash('sha256').update(imageIds.join('\n')).digest('hex');
    const earlier = await deps.publications.find(row.id, store.shopDomain);
    const current = earlier ? await admin.productLists(store, earlier.shopifyProductId) : null;
    const update = earlier !== undefined && current !== null;
    const existing = current?.media ?? [];

    // Unchanged images: every current file kept as it is. Changed (or a new product): the
    // merchant's files kept, Listsmith's earlier ones replaced by fresh uploads, ours first.
    let files: ProductSetFile[];
    let uploaded = false;
    if (update && earlier.imagesFingerprint === fingerprint) {
      files = existing.map((id) => ({ id }));
    } else {
      const ours = new Set(earlier?.mediaIds ?? []);
      const merchants = existing.filter((id) => !ours.has(id));
      const sources = await uploadImages(store, row);
      const alt = product.altText || product.title;
      files = [
        ...sources.map((originalSource, i): ProductSetFile => ({
          originalSource,
          contentType: 'IMAGE',
          alt,
          filename: imageFilename(product.title, i),
        })),
        ...merchants.map((id) => ({ id })),
      ];
      uploaded = true;
    }

    const exported = toExportProduct(product, deps.appUrl);
    // A first publish upserts by handle: when Shopify made the product but its answer was lost
    // (timeout, reset, 502), the seller's retry finds it by that handle and updates it. The
    // handle is the one chosen for the first try, whatever the title has become since.
    const handle = update
      ? null
      : await deps.firstPublishHandles.claim(
          row.id,
          store.shopDomain,
          publishHandle(exported, row.id),
          now(),
        );
    const input = productSetInput(exported, {
      status,
      categoryId: product.category?.id ?? null,
      files,
      ...(handle ? { handle } : {}),
    });
    if (update) {
      input.collections = current.collections;
      input.metafields = current.metafields;
    }
    const outcome = await admin.setProduct(
      store,
      update ? { id: earlier.shopifyProductId } : { handle: handle! },
      input,
    );
    if (outcome.kind === 'refused') {
      const refused = userErrorText(outcome.userErrors) || 'no product was returned.';
      log.warn({ shop: store.shopDomain, refused }, 'shopify refused the product');
      throw new HttpError(
        422,
        `Shopify did not accept “${product.title}”: ${refused}`,
        'shopify-user-errors',
      );
    }
    const shopifyProductId = outcome.product.id;
    const kept = new Set(files.flatMap((file) => ('id' in file ? [file.id] : [])));
    const mediaIds = uploaded
      ? outcome.product.mediaIds.filter((id) => !kept.has(id))
      : (earlier?.mediaIds ?? []);

    const publication: Publication = {
      productId: row.id,
      shopDomain: store.shopDomain,
      userId: row.userId,
      shopifyProductId,
      adminUrl: gateway.adminProductUrl(store.shopDomain, shopifyProductId),
      mediaIds,
      imagesFingerprint: fingerprint,
      publishedAt: now(),
      handle: outcome.product.handle,
    };
    const published = toProduct(await deps.publications.record(publication, status));
    if (!update) await deps.firstPublishHandles.release(row.id, store.shopDomain);
    deps.events.announce(row.userId, { type: 'product', product: published });
    log.info({ shop: store.shopDomain, created: !update }, 'product published to shopify');
    return {
      product: published,
      shopifyProductId,
      adminUrl: publication.adminUrl,
      created: !update,
    };
  }

  return {
    /** POST /api/shopify/publish-product: one product, to one of the seller's stores. */
    async publishProduct(
      userId: string,
      request: PublishProductRequest,
    ): Promise<PublishProductReply> {
      // Publishing changes the product: refused in a read-only library, as an edit is (ADR 019).
      const row = await deps.access.changeableRow(userId, request.productId);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'This product has no listing to publish yet.', 'not-ready');
      }
      // Never sent to a store without a name, whatever the client asked (issue 24).
      if (!isExportable(row)) {
        throw new HttpError(422, PUBLISH_MESSAGES.untitled, 'untitled-product');
      }
      // 404 for another user's store, 409 when it must be connected again (nothing sent).
      const store = await deps.stores.storeAccess(userId, request.storeId);
      return publish(row, store, request.status);
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
