import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#domain/products';
import { makeProduct } from '#domain/test-support/product';
import { fetchProductList, productsQueryKey, removeProduct, upsertProducts } from './products';

const at = (id: string, createdAt: string): Product => makeProduct({ id, createdAt });

function listAfter(current: Product[], ...writes: Product[][]): string[] {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productsQueryKey, current);
  for (const products of writes) upsertProducts(queryClient, products);
  return (queryClient.getQueryData<Product[]>(productsQueryKey) ?? []).map((p) => p.id);
}

describe('upsertProducts', () => {
  const older = at('old', '2026-01-01T00:00:00.000Z');
  const upload = '2026-02-01T00:00:00.000Z';

  it('puts a new upload on top, in its order, and replaces known products where they stand', () => {
    const replaced = { ...older, title: 'Renamed' };
    expect(listAfter([older], [at('a', upload), at('b', upload), replaced])).toEqual([
      'a',
      'b',
      'old',
    ]);
  });

  it('puts the later photos of an upload the list shows after its last product', () => {
    expect(
      listAfter([at('a', upload), older], [at('b', upload)], [at('c', upload), at('d', upload)]),
    ).toEqual(['a', 'b', 'c', 'd', 'old']);
  });
});

describe('fetchProductList', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Each call of fetch answers when the test hands it a list. */
  function deferredServer() {
    const answers: ((products: Product[]) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answers.push((products) =>
              resolve(
                Response.json({ products }, { headers: { 'content-type': 'application/json' } }),
              ),
            );
          }),
      ),
    );
    return answers;
  }

  const pending = (id: string) => makeProduct({ id, generation: { state: 'pending' } });
  const ids = (products: Product[]) =>
    products.map((product) => `${product.id}:${product.generation.state}`);

  it('keeps what was written while it was in flight over an answer read before', async () => {
    const answers = deferredServer();
    const queryClient = new QueryClient();
    queryClient.setQueryData(productsQueryKey, [pending('a'), pending('b')]);
    const fetched = queryClient.fetchQuery({
      queryKey: productsQueryKey,
      queryFn: fetchProductList,
    });
    await vi.waitFor(() => expect(answers).toHaveLength(1));

    upsertProducts(queryClient, [makeProduct({ id: 'a' })]);
    removeProduct(queryClient, 'b');
    answers[0]!([pending('a'), pending('b'), pending('c')]);

    expect(ids(await fetched)).toEqual(['a:ready', 'c:pending']);
    expect(ids(queryClient.getQueryData<Product[]>(productsQueryKey)!)).toEqual([
      'a:ready',
      'c:pending',
    ]);
  });

  it('forgets those writes once it has answered', async () => {
    const answers = deferredServer();
    const queryClient = new QueryClient();
    const first = queryClient.fetchQuery({ queryKey: productsQueryKey, queryFn: fetchProductList });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    upsertProducts(queryClient, [makeProduct({ id: 'a' })]);
    answers[0]!([pending('a')]);
    await first;

    const second = queryClient.fetchQuery({
      queryKey: productsQueryKey,
      queryFn: fetchProductList,
      staleTime: 0,
    });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!([pending('a')]);
    expect(ids(await second)).toEqual(['a:pending']);
  });
});
