/**
 * The seller's draft products as server state. The review screen, the upload flow and the
 * /create redirect all read the same cached list; server-sent events and uploads write into it.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { productListResponseSchema, type Product } from '../../domain/products';
import { apiFetch } from './api-client';

export const productsQueryKey = ['products'] as const;

export async function fetchProducts(): Promise<Product[]> {
  const data = await apiFetch<unknown>('/api/products', {
    fallbackMessage: 'Failed to load your products',
  });
  return productListResponseSchema.parse(data).products;
}

export function useProducts(enabled = true) {
  return useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts, enabled });
}

/** Puts products at the top of the cached list (newest first), replacing any with the same id. */
export function upsertProducts(queryClient: QueryClient, products: readonly Product[]): void {
  queryClient.setQueryData<Product[]>(productsQueryKey, (current = []) => {
    const ids = new Set(products.map((product) => product.id));
    return [...products, ...current.filter((product) => !ids.has(product.id))];
  });
}
