import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { makeProduct } from '#domain/test-support/product';
import { productsQueryKey, upsertProducts } from './products';

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
