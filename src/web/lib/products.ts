/**
 * The seller's draft products as server state. The review screen, the upload flow and the
 * /create redirect all read the same cached list; server-sent events and uploads write into it.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { productListResponseSchema, type Product } from '#domain/products';
import { apiFetchWithProducts } from './product-replies';

export const productsQueryKey = ['products'] as const;

type ListUpdate = (products: Product[] | undefined) => Product[] | undefined;

/**
 * The writes made to the cached list while a fetch of it is in flight, one journal per fetch.
 * The server may have read the list before them (a draft finished, a photo added, an edit
 * saved), so they are made again over the fetch's answer; otherwise a card would show the older
 * copy ('Generating…') until its next event.
 */
const inFlight = new WeakMap<QueryClient, Set<ListUpdate[]>>();

async function fetchProducts(): Promise<Product[]> {
  const reply = await apiFetchWithProducts('/api/products', productListResponseSchema, {
    fallbackMessage: 'Failed to load your products',
  });
  return reply.products;
}

/** The list's query function: the server's answer with the writes made since it was asked. */
export async function fetchProductList({ client }: { client: QueryClient }): Promise<Product[]> {
  const journal: ListUpdate[] = [];
  const journals = inFlight.get(client) ?? new Set();
  inFlight.set(client, journals);
  journals.add(journal);
  try {
    const products = await fetchProducts();
    return journal.reduce<Product[]>((list, update) => update(list) ?? list, products);
  } finally {
    journals.delete(journal);
  }
}

export function useProducts(enabled = true) {
  return useQuery({ queryKey: productsQueryKey, queryFn: fetchProductList, enabled });
}

/** Every write to the cached list goes through here, so a fetch in flight keeps it. */
function updateProductList(queryClient: QueryClient, update: ListUpdate): void {
  queryClient.setQueryData<Product[]>(productsQueryKey, update);
  inFlight.get(queryClient)?.forEach((journal) => journal.push(update));
}

/** Changes the cached list if it is loaded (until then it is the server's answer to give). */
export function updateLoadedProductList(
  queryClient: QueryClient,
  update: (products: Product[]) => Product[],
): void {
  updateProductList(queryClient, (current) => (current ? update(current) : current));
}

/**
 * Writes products into the cached list: one already there is replaced where it stands, a new
 * one goes to the top (the list is newest first, and new uploads appear on top). A new one of an
 * upload the list already shows (the same upload time: its later photos, sent in later requests
 * or announced one by one) goes after that upload's last product, so the upload keeps its order.
 */
export function upsertProducts(queryClient: QueryClient, products: readonly Product[]): void {
  updateProductList(queryClient, (current = []) => {
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
  updateProductList(queryClient, (current = []) => current.filter((product) => product.id !== id));
}
