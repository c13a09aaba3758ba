import { cleanup, screen, within } from '@testing-library/react';
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

describe('the publish dialog', () => {
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
  });

  it('stops at the first failure and shows the server’s words in a red note', async () => {
    const { user, fetch } = renderButton((body) =>
      (body as { productId: string }).productId === 'b'
        ? { status: 422, body: { error: 'Shopify did not accept “Product b”: Title is too long' } }
        : published(products[0]!),
    );
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('button', { name: 'Publish' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Shopify did not accept “Product b”: Title is too long');
    expect(callsTo(fetch, PUBLISH)).toHaveLength(2);
    const rows = within(within(dialog).getByRole('list', { name: 'Products' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Published'),
      expect.stringContaining('Failed'),
      expect.stringContaining('Not sent'),
    ]);
  });

  it('says the spec’s texts when the network fails or nothing is there to publish', async () => {
    const { user } = renderButton(() => new Error('offline'));
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('button', { name: 'Publish' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to publish one or more products.',
    );
    expect(
      await screen.findByText('An error occurred while publishing products. Please try again.'),
    ).toBeTruthy();
    cleanup();

    const empty = renderButton(() => ({ status: 500 }), STORES, []);
    await empty.user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const second = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await empty.user.click(await within(second).findByRole('button', { name: 'Publish' }));
    expect((await within(second).findByRole('alert')).textContent).toBe('No products to publish.');
    expect(callsTo(empty.fetch, PUBLISH)).toEqual([]);
  });

  it('asks first, as the CSV download does, when some products need attention', async () => {
    const unsure = { ...products[0]!.category!, confidence: 0.3 };
    const list = [
      products[0]!,
      makeProduct({
        id: 'b',
        title: 'Product b',
        price: { ...products[1]!.price, suggested: null },
      }),
      makeProduct({ id: 'c', title: 'Product c', category: unsure }),
    ];
    const { user, fetch } = renderButton(
      (body) => published(list.find((p) => p.id === (body as { productId: string }).productId)!),
      STORES,
      list,
    );
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('button', { name: 'Publish' }));

    expect(
      await within(dialog).findByText('2 of 3 products still need attention. Publish anyway?'),
    ).toBeTruthy();
    const items = within(
      within(dialog).getByRole('list', { name: 'Products that need attention' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Product bNeeds: a price',
      'Product cNeeds: a sure category',
    ]);
    // Cancel: nothing is sent, the dialog closes.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetch, PUBLISH)).toEqual([]);

    // Asked again next time; going on publishes every product.
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('button', { name: 'Publish' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Publish anyway' }));
    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    expect(
      callsTo(fetch, PUBLISH).map((call) => (call as { productId: string }).productId),
    ).toEqual(['a', 'b', 'c']);
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

  it('leaves a product without a name out, says so before and after, and sends the rest', async () => {
    const list = [products[0]!, makeProduct({ id: 'u', title: '', fileName: 'guess.jpg' })];
    const { user, fetch } = renderButton(() => published(products[0]!), STORES, list);
    await user.click(screen.getByRole('button', { name: 'Publish to Shopify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Shopify' });
    await user.click(await within(dialog).findByRole('button', { name: 'Publish' }));

    expect(
      await within(dialog).findByText('1 of 2 products still needs attention. Publish anyway?'),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('1 product has no name, so it is not sent to your store.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(
      await within(dialog).findByText(
        'Every product with a name was published. 1 product has no name, so it is not sent to your store.',
      ),
    ).toBeTruthy();
    expect(
      callsTo(fetch, PUBLISH).map((call) => (call as { productId: string }).productId),
    ).toEqual(['a']);
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
