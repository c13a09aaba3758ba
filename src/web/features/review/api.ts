/**
 * The review screen's calls (routes listed in src/domain/products.ts and taxonomy-search.ts),
 * each reply parsed with its contract there.
 */
import {
  productSchema,
  regenerateResponseSchema,
  type IdentifyRequest,
  type Product,
  type ProductPatch,
  type RegenerateRequest,
  type RegenerateResponse,
} from '#domain/products';
import type { SuggestionDecisionRequest } from '#domain/catalogue-improve';
import { exportFileName, type ExportPlatform } from '#domain/export-common';
import {
  fieldVersionListSchema,
  type FieldVersion,
  type RestoreRequest,
} from '#domain/field-versions';
import { finishReviewReplySchema, type FinishReviewReply } from '#domain/library';
import {
  categoryAttributesResponseSchema,
  type CategoryAttribute,
} from '#domain/product-attributes';
import { taxonomySearchResponseSchema, type TaxonomySearchResult } from '#domain/taxonomy-search';
import {
  photoGroupsResponseSchema,
  photoOrderResponseSchema,
  splitResponseSchema,
  type DismissPhotoGroupRequest,
  type PhotoGroup,
  type PhotoOrderRequest,
} from '#domain/api/product-photos';
import { apiFetch, apiRequest, apiSend } from '#web/lib/api-client';

export const REGENERATE_FAILED_MESSAGE = 'Failed to regenerate product field';
export const DELETE_FAILED_MESSAGE = 'Failed to delete product';
export const SAVE_FAILED_MESSAGE = 'Failed to save your changes';
export const CONFIRM_CATEGORY_FAILED_MESSAGE = 'Failed to confirm the category';
export const IDENTIFY_FAILED_MESSAGE = 'Failed to update the listing';
export const SEARCH_CATEGORIES_FAILED_MESSAGE = 'Failed to search the categories';
export const CATEGORY_ATTRIBUTES_FAILED_MESSAGE = 'Failed to load the attributes';
export const VERSIONS_FAILED_MESSAGE = 'Failed to load the earlier versions';
export const RESTORE_FAILED_MESSAGE = 'Failed to restore this version';
export const SUGGESTIONS_FAILED_MESSAGE = 'Failed to save your decision on the suggestions';
export const FINISH_REVIEW_FAILED_MESSAGE = 'Failed to save your products to the library';
export const REORDER_FAILED_MESSAGE = 'Failed to reorder the photos';
export const SPLIT_FAILED_MESSAGE = 'Failed to split the product';
export const DISMISS_FAILED_MESSAGE = 'Failed to dismiss the suggestion';

function productPath(id: string): string {
  return `/api/product/${encodeURIComponent(id)}`;
}

export const reviewApi = {
  /**
   * Autosave. `keepalive` lets the request outlive a page that is going away (pagehide); if the
   * page stays, the answer is read as usual.
   */
  patchProduct(
    id: string,
    patch: ProductPatch,
    options: { keepalive?: boolean } = {},
  ): Promise<Product> {
    return apiFetch(productPath(id), productSchema, {
      method: 'PATCH',
      body: patch,
      keepalive: options.keepalive ?? false,
      fallbackMessage: SAVE_FAILED_MESSAGE,
    });
  },

  /** The seller's category (a taxonomy GID); the product comes back with it confirmed. */
  confirmCategory(id: string, categoryId: string): Promise<Product> {
    const patch: ProductPatch = { categoryId };
    return apiFetch(productPath(id), productSchema, {
      method: 'PATCH',
      body: patch,
      fallbackMessage: CONFIRM_CATEGORY_FAILED_MESSAGE,
    });
  },

  /** Earlier titles and descriptions, newest first. */
  async fieldVersions(id: string): Promise<FieldVersion[]> {
    const reply = await apiFetch(`${productPath(id)}/versions`, fieldVersionListSchema, {
      fallbackMessage: VERSIONS_FAILED_MESSAGE,
    });
    return reply.versions;
  },

  /** The chosen earlier text becomes the field's again; the product comes back saved. */
  restoreVersion(id: string, versionId: string): Promise<Product> {
    const body: RestoreRequest = { versionId };
    return apiFetch(`${productPath(id)}/restore`, productSchema, {
      method: 'POST',
      body,
      fallbackMessage: RESTORE_FAILED_MESSAGE,
    });
  },

  /** Improve's suggestions: the accepted fields written, the rejected let go. */
  decideSuggestions(id: string, request: SuggestionDecisionRequest): Promise<Product> {
    return apiFetch(`${productPath(id)}/suggestions`, productSchema, {
      method: 'POST',
      body: request,
      fallbackMessage: SUGGESTIONS_FAILED_MESSAGE,
    });
  },

  /** 'What is this product?': every field the seller has not edited comes back drafted anew. */
  identifyProduct(id: string, request: IdentifyRequest): Promise<Product> {
    return apiFetch(`${productPath(id)}/identify`, productSchema, {
      method: 'POST',
      body: request,
      fallbackMessage: IDENTIFY_FAILED_MESSAGE,
    });
  },

  /**
   * Any category of the taxonomy, best first (GET /api/taxonomy/categories); `as: 'kind'` reads
   * the query as the seller's words for the product.
   */
  async searchCategories(query: string, as?: 'kind'): Promise<TaxonomySearchResult[]> {
    const reply = await apiFetch(
      `/api/taxonomy/categories?q=${encodeURIComponent(query)}${as ? `&as=${as}` : ''}`,
      taxonomySearchResponseSchema,
      { fallbackMessage: SEARCH_CATEGORIES_FAILED_MESSAGE },
    );
    return reply.categories;
  },

  /** The category's attributes for the chips (taxonomy id or GID). */
  async categoryAttributes(categoryId: string): Promise<CategoryAttribute[]> {
    const reply = await apiFetch(
      `/api/taxonomy/categories/${encodeURIComponent(categoryId)}/attributes`,
      categoryAttributesResponseSchema,
      { fallbackMessage: CATEGORY_ATTRIBUTES_FAILED_MESSAGE },
    );
    return reply.attributes;
  },

  /** 204, no body. */
  deleteProduct(id: string): Promise<void> {
    return apiSend(productPath(id), { method: 'DELETE', fallbackMessage: DELETE_FAILED_MESSAGE });
  },

  retryProduct(id: string): Promise<Product> {
    return apiFetch(`${productPath(id)}/retry`, productSchema, {
      method: 'POST',
      fallbackMessage: 'Failed to retry generating this product',
    });
  },

  /** Premium: closes the review list; its products are in the library already. */
  finishReview(): Promise<FinishReviewReply> {
    return apiFetch('/api/products/review/finish', finishReviewReplySchema, {
      method: 'POST',
      fallbackMessage: FINISH_REVIEW_FAILED_MESSAGE,
    });
  },

  /** The photos in a new order, by image id; the first becomes the main photo. */
  async reorderPhotos(id: string, imageIds: readonly string[]): Promise<Product> {
    const body: PhotoOrderRequest = { imageIds: [...imageIds] };
    const reply = await apiFetch(`${productPath(id)}/photos`, photoOrderResponseSchema, {
      method: 'PUT',
      body,
      fallbackMessage: REORDER_FAILED_MESSAGE,
    });
    return reply.product;
  },

  /** Undoes a combination: the product keeps its main photo, each other one becomes a product. */
  async splitProduct(id: string): Promise<Product[]> {
    const reply = await apiFetch(`${productPath(id)}/split`, splitResponseSchema, {
      method: 'POST',
      timeoutMs: 120_000,
      fallbackMessage: SPLIT_FAILED_MESSAGE,
    });
    return reply.products;
  },

  /** Review drafts uploaded together that look like one product. */
  async photoGroups(): Promise<PhotoGroup[]> {
    const reply = await apiFetch('/api/products/photo-groups', photoGroupsResponseSchema, {
      fallbackMessage: 'Failed to load the suggestions',
    });
    return reply.groups;
  },

  /** 'Not one product': the group is not suggested again. 204, no body. */
  dismissPhotoGroup(productIds: readonly string[]): Promise<void> {
    const body: DismissPhotoGroupRequest = { productIds: [...productIds] };
    return apiSend('/api/products/photo-groups/dismiss', {
      method: 'POST',
      body,
      fallbackMessage: DISMISS_FAILED_MESSAGE,
    });
  },

  regenerate(request: RegenerateRequest): Promise<RegenerateResponse> {
    return apiFetch('/api/product/regenerate-product-detail', regenerateResponseSchema, {
      method: 'POST',
      body: request,
      fallbackMessage: REGENERATE_FAILED_MESSAGE,
    });
  },

  /**
   * A CSV as a file: fetched (not navigated to) so that a failure shows as a message. `url` is
   * the review list's export by default; the library passes its own (search or selection).
   */
  /** With a `body`, the export is asked for by POST (a selection too long for an address). */
  async downloadExport(
    platform: ExportPlatform,
    url = `/api/products/export/${platform}`,
    body?: unknown,
  ): Promise<{ blob: Blob; fileName: string }> {
    const response = await apiRequest(url, {
      ...(body === undefined ? {} : { method: 'POST', body }),
      fallbackMessage: 'Failed to download the CSV file',
    });
    const disposition = response.headers.get('content-disposition') ?? '';
    const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    return { blob: await response.blob(), fileName: named ?? exportFileName(platform) };
  },
};
