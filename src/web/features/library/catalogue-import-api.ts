/**
 * The catalogue import's calls (routes listed in src/domain/catalogue-import.ts, and sending
 * store products back in src/domain/store-update.ts).
 */
import {
  catalogueImportSchema,
  importRefusalSchema,
  type CatalogueImport,
  type StoreImportRequest,
} from '#domain/catalogue-import';
import {
  STORE_UPDATE_MESSAGES,
  storeUpdateReplySchema,
  type StoreUpdateReply,
  type StoreUpdateRequest,
} from '#domain/store-update';
import { ApiError, apiFetch, errorPayload } from '#web/lib/api-client';

export const IMPORT_FAILED_MESSAGE = 'The file could not be imported. Please try again.';

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const catalogueImportApi = {
  /** Sends the file; a refusal carries the server's reason (with its line) as the message. */
  async start(file: File): Promise<CatalogueImport> {
    const body = new FormData();
    body.append('file', file);
    let response: Response;
    try {
      response = await fetch('/api/catalogue-imports', {
        method: 'POST',
        body,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, 'Failed to fetch', 'NETWORK');
    }
    const text = await response.text();
    if (!response.ok) {
      // A refused file: the reason, which names its line.
      const refusal = importRefusalSchema.safeParse(safeJson(text));
      if (refusal.success) throw new ApiError(response.status, refusal.data.error);
      const payload = errorPayload(text);
      throw new ApiError(response.status, payload.message ?? IMPORT_FAILED_MESSAGE, payload.code);
    }
    const parsed = catalogueImportSchema.safeParse(safeJson(text));
    if (!parsed.success) throw new ApiError(502, IMPORT_FAILED_MESSAGE);
    return parsed.data;
  },

  /** Starts importing one of the seller's connected Shopify stores; its pages follow. */
  startStore(shop: string): Promise<CatalogueImport> {
    return apiFetch('/api/catalogue-imports/shopify', catalogueImportSchema, {
      method: 'POST',
      body: { shop } satisfies StoreImportRequest,
      fallbackMessage: IMPORT_FAILED_MESSAGE,
    });
  },

  /** 'Update in Shopify': the selection's products from the store, their changed fields only. */
  updateInStore(request: StoreUpdateRequest): Promise<StoreUpdateReply> {
    return apiFetch('/api/catalogue-imports/shopify/update', storeUpdateReplySchema, {
      method: 'POST',
      body: request,
      // Hundreds of products, one call each, paced to the store's rate limit.
      timeoutMs: 5 * 60_000,
      fallbackMessage: STORE_UPDATE_MESSAGES.failed,
    });
  },

  progress(id: string): Promise<CatalogueImport> {
    return apiFetch(`/api/catalogue-imports/${encodeURIComponent(id)}`, catalogueImportSchema, {
      fallbackMessage: IMPORT_FAILED_MESSAGE,
    });
  },
};
