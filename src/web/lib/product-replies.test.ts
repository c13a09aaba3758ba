import { afterEach, describe, expect, it, vi } from 'vitest';
import { libraryPageSchema } from '#domain/library';
import { productListResponseSchema } from '#domain/products';
import { makeProduct } from '#domain/test-support/product';
import { ApiError, INVALID_REPLY } from './api-client';
import { apiFetchWithProducts } from './product-replies';

function reply(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetchWithProducts', () => {
  const products = Array.from({ length: 30 }, (_, i) => makeProduct({ id: `p${i}` }));

  it('gives the reply as its schema parses it, products and the rest', async () => {
    const page = {
      products,
      nextCursor: 'c1',
      total: 31,
      access: { mode: 'editable' },
      duplicateTitleIds: [],
    };
    reply({ ...page, secret: 'dropped' });
    const parsed = await apiFetchWithProducts('/api/library', libraryPageSchema);
    expect(parsed).toStrictEqual(libraryPageSchema.parse(page));
    expect(parsed).not.toHaveProperty('secret');
  });

  it('fills a product field the server left out with its default, as the schema does', async () => {
    const { suggestions: _left, ...withoutSuggestions } = products[0]!;
    reply({ products: [withoutSuggestions] });
    const parsed = await apiFetchWithProducts('/api/products', productListResponseSchema);
    expect(parsed.products[0]!.suggestions).toStrictEqual([]);
  });

  it('fails as an invalid reply when one product breaks the contract', async () => {
    reply({ products: [...products.slice(0, 5), { ...products[5], title: 42 }] });
    const error = await apiFetchWithProducts('/api/products', productListResponseSchema, {
      fallbackMessage: 'Failed to load your products',
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: INVALID_REPLY,
      message: 'Failed to load your products',
    });
  });

  it('fails as an invalid reply when the rest breaks the contract', async () => {
    reply({ products, nextCursor: 5, total: 30, access: { mode: 'editable' } });
    const error = await apiFetchWithProducts('/api/library', libraryPageSchema).catch(
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ status: 502, code: INVALID_REPLY });
  });

  it('gives the same reply again, unchecked, when the text is the same as the last', async () => {
    const body = { products: products.slice(0, 3) };
    reply(body);
    const first = await apiFetchWithProducts('/api/products', productListResponseSchema);
    reply(body);
    const again = await apiFetchWithProducts('/api/products', productListResponseSchema);
    expect(again).toBe(first);

    reply({ products: [{ ...products[0], title: 'Renamed' }, ...products.slice(1, 3)] });
    const changed = await apiFetchWithProducts('/api/products', productListResponseSchema);
    expect(changed).not.toBe(first);
    expect(changed.products[0]!.title).toBe('Renamed');
    expect(changed.products[1]).toStrictEqual(first.products[1]);
  });
});
