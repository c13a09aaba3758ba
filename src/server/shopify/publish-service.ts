/**
 * Publishing one product to one of the seller's connected stores (issue 15, ADR 024):
 * the product's images go up through `stagedUploadsCreate`, then one `productSet` creates the
 * Shopify product, or updates the one an earlier publication made (never a second product): by
 * its stored id, or on a first publish by a handle derived from our product id, so a retry after
 * an answer lost on the way back updates the product the lost call created. On an
 * update the product's media, collections and metafields are read first and sent back (every
 * file the merchant added by id): productSet replaces lists wholesale, and only Listsmith's own
 * images may be replaced. The product is marked published only after Shopify accepted it.
 */
import { createHash } from 'node:crypto';
import {
  PUBLISH_MESSAGES,
  publishProductRequestSchema,
  type PublishProductReply,
} from '#domain/api/shopify.js';
import { isExportable } from '#domain/export-common.js';
import { toExportProduct } from '#domain/products.js';
import {
  productSetInput,
  publishHandle,
  type ProductSetFile,
  type ProductSetMetafield,
  type PublishStatus,
} from '#domain/shopify-publish.js';
import { slugify } from '#domain/slug.js';
import { HttpError } from '../http/errors.js';
import { imageKey, type ImageStore } from '../images/storage.js';
import { notFound, parseProductId } from '../products/owned-products.js';
import { productImageIds, toProduct, type ProductRow } from '../products/product-mapper.js';
import type { ProductEventBus } from '../products/product-events.js';
import type { ProductRepository } from '../products/product-repository.js';
import type { AdminClient } from './admin-client.js';
import type { ShopifyGateway, StagedTarget } from './gateway.js';
import type { Publication, PublicationRepository } from './publication-repository.js';
import type { ShopifyService, StoreAccess } from './shopify-service.js';

/** What a re-publish must send back so productSet's wholesale lists delete nothing of the merchant's. */
const CURRENT_QUERY = `query ListsmithProductLists($id: ID!) {
  product(id: $id) {
    id
    media(first: 250) { nodes { id } }
    collections(first: 250) { nodes { id } }
    metafields(first: 250) { nodes { namespace key type value } }
  }
}`;

const STAGED_UPLOADS = `mutation ListsmithStagedUploads($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`;

const PRODUCT_SET = `mutation ListsmithProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) {
    product { id handle media(first: 250) { nodes { id } } }
    userErrors { field message code }
  }
}`;

export const IMAGE_UPLOAD_FAILED_MESSAGE =
  'The product’s image could not be uploaded to Shopify. Please try again.';

/** Shopify's `productSet` cost since 2025-10: 10 + 0.2 a variant + 1.9 a file (addendum). */
const productSetCost = (variants: number, files: number) =>
  Math.ceil(10 + 0.2 * variants + 1.9 * files);

interface ImageFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface PublishServiceDeps {
  stores: ShopifyService;
  gateway: ShopifyGateway;
  admin: AdminClient;
  publications: PublicationRepository;
  products: ProductRepository;
  images: ImageStore;
  events: ProductEventBus;
  appUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

type Data = Record<string, unknown>;
const field = (data: Data, key: string): Data => {
  const value = data[key];
  return typeof value === 'object' && value !== null ? (value as Data) : {};
};
const nodesOf = (product: Data, list: string): Data[] => {
  const nodes = field(product, list).nodes;
  return Array.isArray(nodes) ? (nodes as Data[]) : [];
};
const nodeIds = (product: Data, list = 'media'): string[] =>
  nodesOf(product, list).map((node) => String(node.id));

interface CurrentLists {
  media: string[];
  collections: string[];
  metafields: ProductSetMetafield[];
}
const userErrorText = (errors: unknown): string | null =>
  Array.isArray(errors) && errors.length > 0
    ? errors.map((error) => String((error as Data).message ?? '')).join(' ')
    : null;

export function createPublishService(deps: PublishServiceDeps) {
  const { admin, gateway, now, log } = deps;

  /** The product's photos, in order, as the bytes a store receives (the display JPEG). */
  async function imageFiles(row: ProductRow): Promise<ImageFile[]> {
    const base = slugify(row.title) || 'product';
    return Promise.all(
      productImageIds(row).map(async (imageId, i) => {
        const stored = await deps.images.get(imageKey(row.userId, imageId, 'display'));
        if (!stored) throw new HttpError(409, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-missing');
        const chunks: Buffer[] = [];
        for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return {
          bytes: Buffer.concat(chunks),
          filename: `${base}-${i + 1}.jpg`,
          mimeType: stored.contentType,
        };
      }),
    );
  }

  /** Stages and uploads each image; resolves to the `resourceUrl`s productSet takes. */
  async function upload(store: StoreAccess, files: ImageFile[]): Promise<string[]> {
    const data = await admin.request(store, STAGED_UPLOADS, {
      input: files.map((file) => ({
        resource: 'IMAGE',
        filename: file.filename,
        mimeType: file.mimeType,
        httpMethod: 'POST',
        fileSize: String(file.bytes.length),
      })),
    });
    const result = field(data, 'stagedUploadsCreate');
    const refused = userErrorText(result.userErrors);
    const targets = (
      Array.isArray(result.stagedTargets) ? result.stagedTargets : []
    ) as StagedTarget[];
    if (refused || targets.length !== files.length) {
      log.warn({ shop: store.shopDomain, refused }, 'shopify refused the staged uploads');
      throw new HttpError(502, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-upload-failed');
    }
    try {
      await Promise.all(targets.map((target, i) => gateway.uploadStaged(target, files[i]!)));
    } catch (error) {
      log.warn({ shop: store.shopDomain, reason: (error as Error).message }, 'image upload failed');
      throw new HttpError(502, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-upload-failed');
    }
    return targets.map((target) => target.resourceUrl);
  }

  /** The lists of the Shopify product an earlier publication made; null when it was deleted. */
  async function currentLists(
    store: StoreAccess,
    productGid: string,
  ): Promise<CurrentLists | null> {
    const data = await admin.request(store, CURRENT_QUERY, { id: productGid }, 15);
    if (typeof data.product !== 'object' || data.product === null) return null;
    const product = data.product as Data;
    return {
      media: nodeIds(product),
      collections: nodeIds(product, 'collections'),
      metafields: nodesOf(product, 'metafields').map((node) => ({
        namespace: String(node.namespace),
        key: String(node.key),
        type: String(node.type),
        value: String(node.value),
      })),
    };
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
    const current = earlier ? await currentLists(store, earlier.shopifyProductId) : null;
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
      const sources = await upload(store, await imageFiles(row));
      const alt = product.altText || product.title;
      files = [
        ...sources.map((originalSource, i): ProductSetFile => ({
          originalSource,
          contentType: 'IMAGE',
          alt,
          filename: `${slugify(product.title) || 'product'}-${i + 1}.jpg`,
        })),
        ...merchants.map((id) => ({ id })),
      ];
      uploaded = true;
    }

    const exported = toExportProduct(product, deps.appUrl);
    // A first publish upserts by handle: when Shopify made the product but its answer was lost
    // (timeout, reset, 502), the seller's retry finds it by that handle and updates it.
    const handle = update ? null : publishHandle(exported, row.id);
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
    const data = await admin.request(
      store,
      PRODUCT_SET,
      { identifier: update ? { id: earlier.shopifyProductId } : { handle }, input },
      productSetCost(input.variants.length, files.length),
    );
    const result = field(data, 'productSet');
    const refused = userErrorText(result.userErrors);
    const shopifyProduct = field(result, 'product');
    const shopifyProductId = typeof shopifyProduct.id === 'string' ? shopifyProduct.id : null;
    if (refused || !shopifyProductId) {
      log.warn({ shop: store.shopDomain, refused }, 'shopify refused the product');
      throw new HttpError(
        422,
        `Shopify did not accept “${product.title}”: ${refused ?? 'no product was returned.'}`,
        'shopify-user-errors',
      );
    }
    const kept = new Set(files.flatMap((file) => ('id' in file ? [file.id] : [])));
    const mediaIds = uploaded
      ? nodeIds(shopifyProduct).filter((id) => !kept.has(id))
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
    };
    const published = toProduct(await deps.publications.record(publication, status));
    deps.events.publish(row.userId, { type: 'product', product: published });
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
    async publishProduct(userId: string, body: unknown): Promise<PublishProductReply> {
      const request = publishProductRequestSchema.parse(body);
      const row = await deps.products.findForUser(userId, parseProductId(request.productId));
      if (!row) throw notFound();
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
