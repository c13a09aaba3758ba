/**
 * The two stand-ins for Shopify (the fake over HTTP, the sandbox store) answer productSet as
 * Shopify does (ADR 031): a new product without a handle gets its title's, auto-incremented when
 * taken ("potion", "potion-1"; Shopify's handle docs); a handle given in the input must be free
 * (HANDLE_NOT_UNIQUE, since API 2025-01); a blank title is refused ("Title can't be blank").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PRODUCT_SET } from '#server/shopify/admin/product-set.js';
import { account } from '../products/support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { connectedSeller } from './publish-support.js';
import { connectSandbox } from './support.js';

const input = (title: string, handle?: string) => ({
  title,
  ...(handle ? { handle } : {}),
  status: 'DRAFT',
  productOptions: [{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] }],
  variants: [{ optionValues: [{ optionName: 'Title', name: 'Default Title' }], price: '1.00' }],
});

type ProductSetAnswer = z.infer<typeof PRODUCT_SET.data>['productSet'];

describe.each(['fake Shopify', 'sandbox store'] as const)('%s: productSet as Shopify', (kind) => {
  let fake: FakeShopify | undefined;
  let h: TestApp;
  let productSet: (variables: Record<string, unknown>) => Promise<ProductSetAnswer>;

  beforeAll(async () => {
    if (kind === 'fake Shopify') fake = await startFakeShopify();
    h = await startTestApp(fake ? { env: fake.env } : {});
    const label = `rules-${kind === 'fake Shopify' ? 'fake' : 'sandbox'}`;
    const { a, shop, storeId } = fake
      ? await connectedSeller(h, fake, label)
      : await (async () => {
          const seller = await account(h, label);
          const store = await connectSandbox(
            seller,
            `${label}-${randomUUID().slice(0, 8)}.myshopify.com`,
          );
          return { a: seller, ...store };
        })();
    const access = await h.shopify.service.storeAccess(a.id, storeId);
    productSet = async (variables) => {
      const reply = await h.shopify.gateway.graphql(
        shop,
        access.accessToken,
        PRODUCT_SET.document,
        variables,
      );
      expect(reply.status).toBe(200);
      return PRODUCT_SET.data.parse((reply.body as { data: unknown }).data).productSet;
    };
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('a duplicate title without a handle: the handle is auto-incremented, never refused', async () => {
    const handles = [];
    for (let i = 0; i < 3; i++) {
      const { product, userErrors } = await productSet({ input: input('Potion') });
      expect(userErrors).toEqual([]);
      handles.push(product!.handle);
    }
    expect(handles).toEqual(['potion', 'potion-1', 'potion-2']);
  });

  it('a handle given in the input that another product holds is refused', async () => {
    await productSet({ input: input('Elixir', 'elixir') });
    expect(await productSet({ input: input('Other elixir', 'elixir') })).toEqual({
      product: null,
      userErrors: [
        {
          field: ['input', 'handle'],
          message: "Handle 'elixir' already in use. Please provide a new handle.",
          code: 'HANDLE_NOT_UNIQUE',
        },
      ],
    });
    // Upserting by that handle updates its product instead.
    const upsert = await productSet({
      identifier: { handle: 'elixir' },
      input: input('Elixir, renamed', 'elixir'),
    });
    expect(upsert.userErrors).toEqual([]);
    expect(upsert.product!.handle).toBe('elixir');
  });

  it.each(['', '   '])('a blank title (%j) is refused with Shopify’s error', async (title) => {
    expect(await productSet({ input: input(title) })).toEqual({
      product: null,
      userErrors: [
        { field: ['input', 'title'], message: "Title can't be blank", code: 'INVALID_PRODUCT' },
      ],
    });
  });

  it('an unknown product id is refused', async () => {
    const answer = await productSet({
      identifier: { id: 'gid://shopify/Product/1' },
      input: input('Ghost'),
    });
    expect(answer.product).toBeNull();
    expect(answer.userErrors.map((error) => error.code)).toEqual(['PRODUCT_DOES_NOT_EXIST']);
  });
});
