/**
 * The Shopify Admin API as publishing speaks to it (ADR 031): upload these images, read this
 * product's lists, set this product; and, for products imported from a store, read its catalogue
 * (ADR 044) and update a product's changed fields (ADR 045). Each operation's document and reply schema is in its own
 * file; the client parses every answer and waits out rate limits. Outcomes are plain values:
 * what Shopify refused is returned, what went wrong on the way is thrown (`HttpError`).
 */
import type { StoreCataloguePage } from '#domain/shopify-catalogue.js';
import type { ProductSetInput } from '#domain/shopify-publish.js';
import type { StoreProductChange } from '#domain/store-update-plan.js';
import { ShopifyGatewayError, type ShopifyGateway, type StagedFile } from '../gateway.js';
import type { StoreAccess } from '../shopify-service.js';
import {
  BULK_CATALOGUE_QUERY,
  BULK_POLL,
  BULK_RUN,
  PRODUCTS_COUNT,
  type BulkOperation,
} from './bulk-catalogue.js';
import {
  CATALOGUE_PAGE,
  CATALOGUE_PAGE_COST,
  CATALOGUE_PAGE_SIZE,
  cataloguePage,
} from './catalogue-page.js';
import { createAdminClient, type AdminClientDeps } from './client.js';
import { PRODUCT_LISTS, PRODUCT_LISTS_COST, type ProductLists } from './product-lists.js';
import { PRODUCT_SET, productSetCost, type ProductIdentifier } from './product-set.js';
import {
  isProductGone,
  productUpdateCost,
  productUpdateOperation,
  productUpdateVariables,
} from './product-update.js';
import type { UserError } from './reply-schemas.js';
import { STAGED_UPLOADS, stagedUploadInput } from './staged-uploads.js';

export type { ProductLists } from './product-lists.js';
export type { ProductIdentifier } from './product-set.js';
export type { UserError } from './reply-schemas.js';

export type UploadOutcome =
  { kind: 'uploaded'; resourceUrls: string[] } | { kind: 'refused'; reason: string };

export type SetProductOutcome =
  | { kind: 'saved'; product: { id: string; handle: string; mediaIds: string[] } }
  | { kind: 'refused'; userErrors: UserError[] };

/**
 * What became of a product update: made (`altText` says why the alt text was not, if it was
 * not), the product deleted in the store, or refused in Shopify's words.
 */
export type UpdateProductOutcome =
  | { kind: 'updated'; altTextRefused: string | null }
  | { kind: 'deleted' }
  | { kind: 'refused'; reason: string };

export const userErrorText = (errors: UserError[]) =>
  errors.map((error) => error.message).join(' ');

export function createShopifyAdmin(deps: AdminClientDeps & { gateway: ShopifyGateway }) {
  const client = createAdminClient(deps);
  const { gateway } = deps;

  return {
    /** Stages each image and uploads its bytes; the `resourceUrl`s productSet takes, in order. */
    async uploadImages(store: StoreAccess, files: StagedFile[]): Promise<UploadOutcome> {
      const { stagedUploadsCreate: staged } = await client.request(
        store,
        STAGED_UPLOADS,
        stagedUploadInput(files),
      );
      const targets = staged.stagedTargets ?? [];
      if (staged.userErrors.length > 0) {
        return { kind: 'refused', reason: userErrorText(staged.userErrors) };
      }
      if (targets.length !== files.length) {
        return { kind: 'refused', reason: `${targets.length} targets for ${files.length} files` };
      }
      try {
        await Promise.all(targets.map((target, i) => gateway.uploadStaged(target, files[i]!)));
      } catch (error) {
        if (!(error instanceof ShopifyGatewayError)) throw error;
        return { kind: 'refused', reason: error.message };
      }
      return { kind: 'uploaded', resourceUrls: targets.map((target) => target.resourceUrl) };
    },

    /** The lists of a product an earlier publication made; null when it was deleted. */
    async productLists(store: StoreAccess, productGid: string): Promise<ProductLists | null> {
      const { product } = await client.request(
        store,
        PRODUCT_LISTS,
        { id: productGid },
        PRODUCT_LISTS_COST,
      );
      if (!product) return null;
      return {
        media: product.media.nodes.map((node) => node.id),
        collections: product.collections.nodes.map((node) => node.id),
        metafields: product.metafields.nodes,
      };
    },

    /** One page of the store's products, from the cursor `after` (null: the first page). */
    async cataloguePage(store: StoreAccess, after: string | null): Promise<StoreCataloguePage> {
      const data = await client.request(
        store,
        CATALOGUE_PAGE,
        { first: CATALOGUE_PAGE_SIZE, after },
        CATALOGUE_PAGE_COST,
      );
      return cataloguePage(data);
    },

    /** How many products the store holds (Shopify counts up to 10,000; enough to choose). */
    async productsCount(store: StoreAccess): Promise<number> {
      const { productsCount } = await client.request(store, PRODUCTS_COUNT, {}, 1);
      return productsCount?.count ?? 0;
    },

    /** Starts the bulk export of the store's products; Shopify's refusal as a reason. */
    async startBulkCatalogue(
      store: StoreAccess,
    ): Promise<{ kind: 'started'; id: string } | { kind: 'refused'; reason: string }> {
      const { bulkOperationRunQuery: run } = await client.request(store, BULK_RUN, {
        query: BULK_CATALOGUE_QUERY,
      });
      if (run.userErrors.length > 0 || !run.bulkOperation) {
        return { kind: 'refused', reason: userErrorText(run.userErrors) };
      }
      return { kind: 'started', id: run.bulkOperation.id };
    },

    /** Where a bulk operation is (status, and its result's URL once COMPLETED). */
    async bulkOperation(store: StoreAccess, id: string): Promise<BulkOperation | null> {
      const { node } = await client.request(store, BULK_POLL, { id }, 1);
      return node;
    },

    /** Sets the changed fields of a store's product, and nothing else of it. */
    async updateProduct(
      store: StoreAccess,
      change: StoreProductChange,
    ): Promise<UpdateProductOutcome> {
      const data = await client.request(
        store,
        productUpdateOperation(change),
        productUpdateVariables(change),
        productUpdateCost(change),
      );
      const { product, userErrors } = data.productUpdate;
      if (!product || userErrors.length > 0) {
        if (isProductGone(userErrors)) return { kind: 'deleted' };
        return { kind: 'refused', reason: userErrorText(userErrors) || 'no product was returned.' };
      }
      const mediaErrors = data.productUpdateMedia?.mediaUserErrors ?? [];
      return {
        kind: 'updated',
        altTextRefused: mediaErrors.length > 0 ? userErrorText(mediaErrors) : null,
      };
    },

    /** Creates or updates the product `identifier` names (productSet's upsert). */
    async setProduct(
      store: StoreAccess,
      identifier: ProductIdentifier,
      input: ProductSetInput,
    ): Promise<SetProductOutcome> {
      const { productSet } = await client.request(
        store,
        PRODUCT_SET,
        { identifier, input },
        productSetCost(input),
      );
      const { product, userErrors } = productSet;
      if (userErrors.length > 0 || !product) return { kind: 'refused', userErrors };
      return {
        kind: 'saved',
        product: {
          id: product.id,
          handle: product.handle,
          mediaIds: product.media.nodes.map((node) => node.id),
        },
      };
    },
  };
}

export type ShopifyAdmin = ReturnType<typeof createShopifyAdmin>;
