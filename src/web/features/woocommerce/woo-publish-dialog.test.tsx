import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WOO_MESSAGES } from '#domain/api/woocommerce';
import { makeProduct } from '#domain/test-support/product';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Reply } from '#web/test-support/stub-fetch';
import { WooPublishButton } from './woo-publish-dialog';

/** The WooCommerce channel; the flow itself is tested in #web/components/store-channel. */

const PUBLISH = 'POST /api/woocommerce/publish-product';
const STORES = [
  { id: 'w1', storeUrl: 'https://first.example' },
  { id: 'w2', storeUrl: 'https://second.example' },
];

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const products = ['a', 'b'].map((id) => makeProduct({ id, title: `Product ${id}` }));

function published(product: Product): Reply {
  return {
    body: {
      product: { ...product, status: 'published' },
      wooProductId: product.id,
      permalink: `https://second.example/product/${product.id}/`,
      adminUrl: `https://second.example/wp-admin/post.php?post=${product.id}&action=edit`,
      created: true,
    },
  };
}

function renderButton(sandbox: boolean, stores = STORES) {
  const fetch = stubFetch({
    'GET /api/woocommerce/stores': { body: { stores, sandbox } },
    [PUBLISH]: (body) =>
      published(products.find((p) => p.id === (body as { productId: string }).productId)!),
  });
  const view = renderRoutes(
    [
      {
        path: '/productlibrary',
        element: (
          <WooPublishButton target={{ count: products.length, load: async () => products }} />
        ),
      },
    ],
    '/productlibrary',
  );
  return { ...view, fetch };
}

describe('the WooCommerce publish dialog', () => {
  it('publishes to the chosen store as Published, links each to wp-admin, and stays until Done', async () => {
    const { user, fetch } = renderButton(false);
    await user.click(screen.getByRole('button', { name: 'Publish to WooCommerce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to WooCommerce' });
    expect(dialog.textContent).toContain(
      '2 products are sent to your WooCommerce store, one at a time.',
    );
    expect(within(dialog).getByText(WOO_MESSAGES.imagesNeed)).toBeTruthy();
    await user.click(await within(dialog).findByRole('radio', { name: 'https://second.example' }));
    await user.click(within(dialog).getByRole('radio', { name: /Published/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    expect(await screen.findByText(WOO_MESSAGES.toast)).toBeTruthy();
    expect(dialog.textContent).toContain('To https://second.example as published products.');
    expect(callsTo(fetch, PUBLISH)).toEqual(
      ['a', 'b'].map((productId) => ({ storeId: 'w2', productId, status: 'active' })),
    );
    expect(within(dialog).getAllByRole('link', { name: 'View in WooCommerce' })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says a sandbox store keeps everything in Listsmith', async () => {
    const { user } = renderButton(true);
    await user.click(screen.getByRole('button', { name: 'Publish to WooCommerce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to WooCommerce' });
    expect(
      await within(dialog).findByText(/^Sandbox store: nothing leaves Listsmith\./),
    ).toBeTruthy();
  });

  it('without a connected store, offers the WooCommerce connect dialog', async () => {
    const { user } = renderButton(false, []);
    await user.click(screen.getByRole('button', { name: 'Publish to WooCommerce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to WooCommerce' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Connect a WooCommerce store' }),
    );
    expect(
      await screen.findByRole('dialog', { name: 'Connect your WooCommerce store' }),
    ).toBeTruthy();
  });
});
