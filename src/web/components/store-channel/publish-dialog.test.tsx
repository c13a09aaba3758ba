import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '#domain/test-support/product';
import type { Product } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { StorePublishButton, type ChannelStore, type PublishChannel } from './publish-dialog';

/** The flow both channels share, through a channel of its own whose publish is a mock. */

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
});

const STORES = [
  { id: 's1', label: 'first.example' },
  { id: 's2', label: 'second.example' },
];
const products = ['a', 'b', 'c'].map((id) => makeProduct({ id, title: `Product ${id}` }));

function ConnectDialog({ open }: { open: boolean }) {
  return open ? <p>Connect dialog</p> : null;
}

function renderButton({
  publish = vi.fn(async (request: { productId: string }) => ({
    product: products.find((p) => p.id === request.productId) ?? products[0]!,
    adminUrl: `https://admin.example/${request.productId}`,
  })),
  list = products,
  stores = STORES,
  closeAfterMs,
}: {
  publish?: PublishChannel['publish'];
  list?: Product[];
  stores?: ChannelStore[];
  closeAfterMs?: number;
} = {}) {
  const channel: PublishChannel = {
    name: 'Teststore',
    destination: 'your test store',
    statuses: [
      { value: 'draft', label: 'Draft', hint: 'Hidden.', word: 'draft' },
      { value: 'active', label: 'Live', hint: 'Shown.', word: 'live' },
    ],
    linkLabel: 'View in the test admin',
    doneToast: 'Sent to the test store.',
    ...(closeAfterMs === undefined ? {} : { closeAfterMs }),
    publish,
    ConnectDialog,
  };
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <StorePublishButton
            channel={channel}
            title="Publish to Teststore"
            stores={stores}
            target={{ count: list.length, load: async () => list }}
          />
        ),
      },
    ],
    '/',
  );
  return { ...view, publish };
}

async function openAndPublish(user: ReturnType<typeof renderButton>['user']) {
  await user.click(screen.getByRole('button', { name: 'Publish to Teststore' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publish to Teststore' });
  await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
  return dialog;
}

describe('the store-channel publish dialog', () => {
  it('sends each product to the chosen store and status, links each, and stays until Done', async () => {
    const { user, publish } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Publish to Teststore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Teststore' });
    expect(dialog.textContent).toContain('3 products are sent to your test store, one at a time.');
    await user.click(within(dialog).getByRole('radio', { name: 'second.example' }));
    await user.click(within(dialog).getByRole('radio', { name: /Live/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    expect(await screen.findByText('Sent to the test store.')).toBeTruthy();
    expect(dialog.textContent).toContain('To second.example as live products.');
    expect(vi.mocked(publish).mock.calls.map(([request]) => request)).toEqual(
      ['a', 'b', 'c'].map((productId) => ({ storeId: 's2', productId, status: 'active' })),
    );
    const links = within(dialog).getAllByRole('link', { name: 'View in the test admin' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['a', 'b', 'c'].map((id) => `https://admin.example/${id}`),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes itself once done when the channel says so', async () => {
    const { user } = renderButton({ closeAfterMs: 100 });
    const dialog = await openAndPublish(user);
    // Every result shows first.
    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stops at the first failure with the store’s words, then goes back to the choices', async () => {
    const { user, publish } = renderButton({
      publish: vi.fn(async (request: { productId: string }) => {
        if (request.productId === 'b') throw new ApiError(422, 'The store refused “Product b”');
        return { product: products[0]!, adminUrl: 'https://admin.example/a' };
      }),
    });
    const dialog = await openAndPublish(user);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The store refused “Product b”',
    );
    expect(publish).toHaveBeenCalledTimes(2);
    const rows = within(within(dialog).getByRole('list', { name: 'Products' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Published'),
      expect.stringContaining('Failed'),
      expect.stringContaining('Not sent'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('says the spec’s texts when the network fails or nothing is there to publish', async () => {
    const { user } = renderButton({ publish: vi.fn(async () => Promise.reject(new Error('x'))) });
    const dialog = await openAndPublish(user);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Failed to publish one or more products.',
    );
    expect(
      await screen.findByText('An error occurred while publishing products. Please try again.'),
    ).toBeTruthy();
    cleanup();

    const empty = renderButton({ list: [] });
    const second = await openAndPublish(empty.user);
    expect((await within(second).findByRole('alert')).textContent).toBe('No products to publish.');
    expect(empty.publish).not.toHaveBeenCalled();
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
    const { user, publish } = renderButton({ list });
    let dialog = await openAndPublish(user);

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
    expect(publish).not.toHaveBeenCalled();

    // Asked again next time; going on publishes every product.
    dialog = await openAndPublish(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Publish anyway' }));
    expect(await within(dialog).findByText('All products published successfully!')).toBeTruthy();
    expect(vi.mocked(publish).mock.calls.map(([request]) => request.productId)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('leaves a product without a name out, says so before and after, and sends the rest', async () => {
    const list = [products[0]!, makeProduct({ id: 'u', title: '', fileName: 'guess.jpg' })];
    const { user, publish } = renderButton({ list });
    const dialog = await openAndPublish(user);

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
    expect(vi.mocked(publish).mock.calls.map(([request]) => request.productId)).toEqual(['a']);
  });

  it('without a connected store, offers the channel’s connect dialog', async () => {
    const { user } = renderButton({ stores: [] });
    await user.click(screen.getByRole('button', { name: 'Publish to Teststore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to Teststore' });
    expect(dialog.textContent).toContain('Publishing needs a connected Teststore store.');
    await user.click(within(dialog).getByRole('button', { name: 'Connect a Teststore store' }));
    expect(await screen.findByText('Connect dialog')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
