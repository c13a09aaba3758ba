/** Writes of the review screen into the shared products cache (src/web/lib/products.ts). */
import type { QueryClient } from '@tanstack/react-query';
import type { Product, ProductPatch } from '#domain/products';
import { productsQueryKey } from '#web/lib/products';
import { applyPatch } from './autosave-store';

function updateList(queryClient: QueryClient, update: (products: Product[]) => Product[]): void {
  queryClient.setQueryData<Product[]>(productsQueryKey, (current) =>
    current ? update(current) : current,
  );
}

/** Replaces a product where it stands; one no longer in the list (deleted) stays gone. */
export function replaceCachedProduct(queryClient: QueryClient, product: Product): void {
  updateList(queryClient, (products) =>
    products.map((existing) => (existing.id === product.id ? product : existing)),
  );
}

export function applyEditToCache(queryClient: QueryClient, id: string, patch: ProductPatch): void {
  updateList(queryClient, (products) =>
    products.map((product) => (product.id === id ? applyPatch(product, patch) : product)),
  );
}

/** Puts back a product whose deletion failed, at the place it had. */
export function restoreCachedProduct(
  queryClient: QueryClient,
  product: Product,
  index: number,
): void {
  updateList(queryClient, (products) => {
    if (products.some((existing) => existing.id === product.id)) return products;
    const restored = [...products];
    restored.splice(Math.min(index, restored.length), 0, product);
    return restored;
  });
}

export function cachedProducts(queryClient: QueryClient): Product[] {
  return queryClient.getQueryData<Product[]>(productsQueryKey) ?? [];
}
