/**
 * Writes of the product card into the shared caches: the review list (src/web/lib/products.ts)
 * and the library's pages (src/web/lib/library.ts), since the same card edits both.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Product, ProductPatch } from '#domain/products';
import {
  libraryQueryKey,
  recountLibraryGaps,
  updateLibraryProducts,
  type LibraryPages,
} from '#web/lib/library';
import { productsQueryKey, updateLoadedProductList } from '#web/lib/products';
import { applyPatch } from './autosave-store';

/** A product is in one list or the other; writing both keeps the card blind to where it is. */
function updateList(queryClient: QueryClient, update: (products: Product[]) => Product[]): void {
  updateLoadedProductList(queryClient, update);
  updateLibraryProducts(queryClient, update);
}

/** Replaces a product where it stands; one no longer in the list (deleted) stays gone. */
export function replaceCachedProduct(queryClient: QueryClient, product: Product): void {
  recountLibraryGaps(queryClient);
  updateList(queryClient, (products) =>
    products.map((existing) => (existing.id === product.id ? product : existing)),
  );
}

export function applyEditToCache(queryClient: QueryClient, id: string, patch: ProductPatch): void {
  updateList(queryClient, (products) =>
    products.map((product) => (product.id === id ? applyPatch(product, patch) : product)),
  );
}

/** Puts back a product whose deletion failed, at the place it had in the review list. */
export function restoreCachedProduct(
  queryClient: QueryClient,
  product: Product,
  index: number,
): void {
  updateLoadedProductList(queryClient, (products) => {
    if (products.some((existing) => existing.id === product.id)) return products;
    const restored = [...products];
    restored.splice(Math.min(index, restored.length), 0, product);
    return restored;
  });
}

export function cachedProducts(queryClient: QueryClient): Product[] {
  return queryClient.getQueryData<Product[]>(productsQueryKey) ?? [];
}

/** The product as the caches hold it now: in the review list, else on a library page. */
export function cachedProduct(queryClient: QueryClient, id: string): Product | undefined {
  const reviewed = cachedProducts(queryClient).find((product) => product.id === id);
  if (reviewed) return reviewed;
  for (const [, data] of queryClient.getQueriesData<LibraryPages>({ queryKey: libraryQueryKey })) {
    for (const page of data?.pages ?? []) {
      const found = page.products.find((product) => product.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * A split's products into the review list: the first (the original) replaces itself where it
 * stands and the new ones follow it. A product not in the review list (a library one) is left
 * to the library's refetch.
 */
export function placeSplitProducts(queryClient: QueryClient, products: readonly Product[]): void {
  const [original, ...added] = products;
  if (!original) return;
  // A new product may have arrived already, by its server-sent event: it moves, not doubles.
  const addedIds = new Set(added.map((product) => product.id));
  updateLoadedProductList(queryClient, (current) =>
    current
      .filter((existing) => !addedIds.has(existing.id))
      .flatMap((existing) => (existing.id === original.id ? [original, ...added] : [existing])),
  );
}
