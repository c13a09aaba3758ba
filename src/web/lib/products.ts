/**
 * The seller's draft products as server state. The review screen, the upload flow and the
 * /create redirect all read the same cached list; server-sent events and uploads write into it.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { productListResponseSchema, type Product } from '#domain/products';
import { apiFetch } from './api-client';

export const productsQueryKey = ['products'] as const;

export async function fetchProducts(): Promise<Product[]> {
  const reply = await apiFetch('/api/products', productListResponseSchema, {
    fallbackMessage: 'Failed to load your products',
  });
  return reply.products;
}

export function useProducts(enabled = true) {
  return useQuery({ queryKey: productsQueryKey, queryFn: fetchProducts, enabled });
}

/**
 * Writes products into the cached list: one already there is replaced where it stands, a new
 * one goes to the top (the list is newest first, and new uploads appear on top). A new one of an
 * upload the list already shows (the same upload time: its later photos, sent in later requests
 * or announced one by one) goes after that upload's last product, so the upload keeps its order.
 */
export function upsertProducts(queryClient: QueryClient, products: readonly Product[]): void {
  queryClient.setQueryData<Product[]>(productsQueryKey, (current = []) => {
    const incoming = new Map(products.map((product) => [product.id, product]));
    const list = current.map((product) => {
      const replacement = incoming.get(product.id);
      if (!replacement) return product;
      incoming.delete(product.id);
      return replacement;
    });
    const onTop: Product[] = [];
    for (const product of incoming.values()) {
      const sameUpload = list.findLastIndex((known) => known.createdAt === product.createdAt);
      if (sameUpload === -1) onTop.push(product);
      else list.splice(sameUpload + 1, 0, product);
    }
    return [...onTop, ...list];
  });
}

export function removeProduct(queryClient: QueryClient, id: string): void {
  queryClient.setQueryData<Product[]>(productsQueryKey, (current = []) =>
    current.filter((product) => product.id !== id),
  );
}
