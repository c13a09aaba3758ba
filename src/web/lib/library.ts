/**
 * The premium library's pages as server state (GET /api/library, see src/domain/library.ts).
 * Shared because the product card (review feature) edits and deletes products that the library
 * screen shows: its cache writes reach the library's pages through the helpers here.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CatalogueGap } from '#domain/catalogue-gaps';
import type { LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';

/** Every search of the library lives under this prefix, one infinite query per term and gap. */
export const libraryQueryKey = ['library'] as const;

export function librarySearchQueryKey(term: string, gap: CatalogueGap | null = null) {
  return [...libraryQueryKey, gap ? { q: term, gap } : { q: term }] as const;
}

/**
 * A page the seller jumped to, `offset` products into a search: one query per page, held as a
 * one-page {@link LibraryPages} under the search's key, so the helpers below update it too.
 */
export function libraryJumpQueryKey(term: string, gap: CatalogueGap | null, offset: number) {
  return [...librarySearchQueryKey(term, gap), 'at', offset] as const;
}

/**
 * The audit's counts per search term. Not under {@link libraryQueryKey}: the helpers below
 * rewrite every query there as pages of products.
 */
export const libraryGapsQueryKey = ['library-gaps'] as const;

export function libraryGapsSearchQueryKey(term: string) {
  return [...libraryGapsQueryKey, { q: term }] as const;
}

/** A product changed or went: the counts shown are fetched again (none is while none is shown). */
export function recountLibraryGaps(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: libraryGapsQueryKey });
}

export type LibraryPages = InfiniteData<LibraryPage, string | null>;

/** Rewrites the products of every cached library page (each search, each page). */
export function updateLibraryProducts(
  queryClient: QueryClient,
  update: (products: Product[]) => Product[],
): void {
  queryClient.setQueriesData<LibraryPages>({ queryKey: libraryQueryKey }, (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, products: update(page.products) })) }
      : data,
  );
}

/** Drops a product from every cached search that holds it, one fewer in that search's total. */
export function removeFromLibrary(queryClient: QueryClient, id: string): void {
  recountLibraryGaps(queryClient);
  queryClient.setQueriesData<LibraryPages>({ queryKey: libraryQueryKey }, (data) => {
    const held = data?.pages.some((page) => page.products.some((product) => product.id === id));
    if (!data || !held) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        products: page.products.filter((product) => product.id !== id),
        total: Math.max(0, page.total - 1),
      })),
    };
  });
}

/**
 * After a change the cache cannot mirror (a failed delete, a bulk action): every search starts
 * again from its first page. Invalidating would refetch each loaded page in turn, which for a
 * seller who scrolled through thousands of products is hundreds of requests.
 */
export function refreshLibrary(queryClient: QueryClient): Promise<void> {
  recountLibraryGaps(queryClient);
  return queryClient.resetQueries({ queryKey: libraryQueryKey });
}
