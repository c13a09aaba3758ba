import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '#domain/test-support/product';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { profileWith } from '#web/test-support/profile';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Handler, type Reply } from '#web/test-support/stub-fetch';
import { PublishButton } from './publish-dialog';

const PUBLISH = 'POST /api/shopify/publish-product';
const STORES = [
  { id: 's1', shopDomain: 'first.myshopify.com' },
  { id: 's2', shopDomain: 'second.myshopify.com' },
];

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const products = ['a', 'b', 'c'].map((id) => makeProduct({ id, title: `Product ${id}` }));

function published(product: Product): Reply {
  const adminUrl = `https://admin.shopify.com/store/second/products/${product.id}`;
  return {
    body: {
      product: {
        ...product,
        status: 'published',
        libraryAddedAt: '2026-11-25T10:00:00.000Z',
        publishedTo: { shopDomain: 'second.myshopify.com', adminUrl },
      },
      shopifyProductId: `gid://shopify/Product/${product.id}`,
      adminUrl,
      created: true,
    },
  };
}

function renderButton(
  publish: Handler,
  stores = STORES,
  list = products,
  everything?: { term: string },
) {
  const fetch = stubFetch({
    'GET /api/user/profile': { body: profileWith({ ShopifyStore: stores }) },
    [PUBLISH]: publish,
  });
  const onPublished = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/productlibrary',
        element: (
          <PublishButton
            target={{
              count: list.length,
              load: async () => list,
              ...(everything && { everything }),
            }}
            onPublished={onPublished}
          />
        ),
      },
    ],
    '/productlibrary',
  );
  return { ...view, fetch, onPublished };
}

/** The Shopify channel; the flow itself is tested in #web/components/store-channel. */
describe('the Shopify publish dialog', () => {
  it('publishes one product at a time to the chosen store and status, then says so', async () => {
    const { user, fetch, onPublished } = renderButton((body) =>
      published(products.find((p) => p.id === (body as { productId: string }).productId)!),
    );
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('radio', { name: 'second.myshopify.com' }));
    await user.click(within(dialog).getByRole('radio', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    expect(
      await screen.findByText('Products has been published to shopify successfully!'),
    ).toBeTruthy();
    expect(callsTo(fetch, PUBLISH)).toEqual(
      ['a', 'b', 'c'].map((productId) => ({ storeId: 's2', productId, status: 'active' })),
    );
    expect(onPublished).toHaveBeenCalledTimes(3);
    expect(within(dialog).getAllByRole('link', { name: 'View in Shopify admin' })).toHaveLength(3);
    // The library card links to each: the dialog closes itself.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
  });

  it('without a connected store, offers the store-connect dialog', async () => {
    const { user } = renderButton(() => ({ status: 500 }), []);
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Connect a Shopify store' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Connect your Shopify store' })).toBeTruthy();
  });

  it('asks ‘Publish all 47 products?’ with the real count when nothing was ticked', async () => {
    const many = Array.from({ length: 47 }, (_, i) =>
      makeProduct({ id: `m${i}`, title: `Product ${i}` }),
    );
    const { user } = renderButton(() => published(many[0]!), STORES, many, { term: '' });
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    expect(await screen.findByRole('dialog', { name: 'Publish all 47 products?' })).toBeTruthy();
    cleanup();

    renderButton(() => published(many[0]!), STORES, many.slice(0, 2), { term: 'vase' });
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    expect(
      await screen.findByRole('dialog', { name: 'Publish all 2 products matching “vase”?' }),
    ).toBeTruthy();
  });
});
