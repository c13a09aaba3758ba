/** The library screen's calls (routes listed in src/domain/library.ts), each reply parsed there. */
import type { CatalogueGap } from '#domain/catalogue-gaps';
import type { ExportPlatform } from '#domain/export-common';
import {
  bulkReplySchema,
  libraryGapsSchema,
  libraryPageSchema,
  type BulkReply,
  type BulkRequest,
  type LibraryGaps,
  type LibraryPage,
  type LibrarySelection,
} from '#domain/library';
import type { Product } from '#domain/products';
import { apiFetch } from '#web/lib/api-client';
import { apiFetchWithProducts } from '#web/lib/product-replies';

export const LOAD_FAILED_MESSAGE = 'Failed to load your library';
export const BULK_FAILED_MESSAGE = 'Failed to update your products';

export const libraryApi = {
  /** The page after `cursor` (null: the first), or the one starting at `{ offset }`. */
  page(
    term: string,
    gap: CatalogueGap | null,
    from: string | null | { offset: number },
    signal?: AbortSignal,
  ): Promise<LibraryPage> {
    const params = new URLSearchParams();
    if (term) params.set('q', term);
    if (gap) params.set('gap', gap);
    if (typeof from === 'string') params.set('cursor', from);
    else if (from !== null) params.set('offset', String(from.offset));
    const query = params.toString();
    return apiFetchWithProducts(`/api/library${query ? `?${query}` : ''}`, libraryPageSchema, {
      fallbackMessage: LOAD_FAILED_MESSAGE,
      ...(signal ? { signal } : {}),
    });
  },

  /** Every product a search and gap match, in the library's order, a page at a time. */
  async allResults(term: string, gap: CatalogueGap | null): Promise<Product[]> {
    const products: Product[] = [];
    let cursor: string | null = null;
    do {
      const page = await libraryApi.page(term, gap, cursor);
      products.push(...page.products);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return products;
  },

  gaps(term: string, signal?: AbortSignal): Promise<LibraryGaps> {
    const query = term ? `?${new URLSearchParams({ q: term })}` : '';
    return apiFetch(`/api/library/gaps${query}`, libraryGapsSchema, {
      fallbackMessage: LOAD_FAILED_MESSAGE,
      ...(signal ? { signal } : {}),
    });
  },

  bulk(request: BulkRequest): Promise<BulkReply> {
    return apiFetch('/api/library/bulk', bulkReplySchema, {
      method: 'POST',
      body: request,
      // A bulk action over thousands of products (regenerating text) takes its time.
      timeoutMs: 5 * 60_000,
      fallbackMessage: BULK_FAILED_MESSAGE,
    });
  },
};

/**
 * The CSV of a selection: every result of a search (blank: the whole library), with its gap, by
 * address; ticked ids in a POST body (a thousand ids would not fit in an address).
 */
export function libraryExportRequest(
  platform: ExportPlatform,
  selection: LibrarySelection,
): { url: string; body?: { selection: LibrarySelection } } {
  const url = `/api/library/export/${platform}`;
  if (selection.kind === 'ids') return { url, body: { selection } };
  const params = new URLSearchParams();
  if (selection.q) params.set('q', selection.q);
  if (selection.gap) params.set('gap', selection.gap);
  const query = params.toString();
  return { url: query ? `${url}?${query}` : url };
}
