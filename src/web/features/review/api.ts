/** The review screen's calls (routes listed in src/domain/products.ts), responses validated. */
import {
  productSchema,
  regenerateResponseSchema,
  type Product,
  type ProductPatch,
  type RegenerateRequest,
  type RegenerateResponse,
} from '../../../domain/products';
import { ApiError, apiFetch } from '../../lib/api-client';

export const REGENERATE_FAILED_MESSAGE = 'Failed to regenerate product field';
export const DELETE_FAILED_MESSAGE = 'Failed to delete product';
export const SAVE_FAILED_MESSAGE = 'Failed to save your changes';

export type ExportFormat = 'shopify' | 'squarespace';

function productPath(id: string): string {
  return `/api/product/${encodeURIComponent(id)}`;
}

async function readErrorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const payload = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof payload.error === 'string') return payload.error;
    if (typeof payload.message === 'string') return payload.message;
  } catch {
    // Not JSON: the fallback says it better than a raw body would.
  }
  return fallback;
}

export const reviewApi = {
  /**
   * Autosave. `keepalive` lets the request outlive a page that is going away (pagehide); if the
   * page stays, the answer is read as usual.
   */
  async patchProduct(
    id: string,
    patch: ProductPatch,
    options: { keepalive?: boolean } = {},
  ): Promise<Product> {
    let response: Response;
    try {
      response = await fetch(productPath(id), {
        method: 'PATCH',
        credentials: 'same-origin',
        keepalive: options.keepalive ?? false,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(patch),
      });
    } catch {
      throw new ApiError(0, 'Failed to fetch', 'NETWORK');
    }
    if (!response.ok) {
      throw new ApiError(response.status, await readErrorMessage(response, SAVE_FAILED_MESSAGE));
    }
    return productSchema.parse(await response.json());
  },

  async deleteProduct(id: string): Promise<void> {
    await apiFetch<unknown>(productPath(id), {
      method: 'DELETE',
      fallbackMessage: DELETE_FAILED_MESSAGE,
    });
  },

  async retryProduct(id: string): Promise<Product> {
    const data = await apiFetch<unknown>(`${productPath(id)}/retry`, {
      method: 'POST',
      fallbackMessage: 'Failed to retry generating this product',
    });
    return productSchema.parse(data);
  },

  async regenerate(request: RegenerateRequest): Promise<RegenerateResponse> {
    const data = await apiFetch<unknown>('/api/product/regenerate-product-detail', {
      method: 'POST',
      body: request,
      fallbackMessage: REGENERATE_FAILED_MESSAGE,
    });
    return regenerateResponseSchema.parse(data);
  },

  /** The CSV as a file: fetched (not navigated to) so that a failure shows as a message. */
  async downloadExport(format: ExportFormat): Promise<{ blob: Blob; fileName: string }> {
    let response: Response;
    try {
      response = await fetch(`/api/products/export/${format}`, { credentials: 'same-origin' });
    } catch {
      throw new ApiError(0, 'Failed to fetch', 'NETWORK');
    }
    if (!response.ok) {
      throw new ApiError(
        response.status,
        await readErrorMessage(response, 'Failed to download the CSV file'),
      );
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    return { blob: await response.blob(), fileName: named ?? `${format}-products.csv` };
  },
};
