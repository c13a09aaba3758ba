import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibraryPage } from '#domain/library';
import type { StoreUpdateReply } from '#domain/store-update';
import { makeProduct } from '#domain/test-support/product';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { profileWith } from '#web/test-support/profile';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Reply } from '#web/test-support/stub-fetch';
import type { Selection } from './selection';
import { LibraryStoreUpdate, StoreUpdateReport } from './store-update';

const SHOP = 'alder-grove.myshopify.com';
const UPDATE = 'POST /api/catalogue-imports/shopify/update';
const source = { kind: 'shopify-store', shop: SHOP } as const;
const PRODUCTS = [
  makeProduct({ id: 'p1', title: 'Stoneware Mug', source }),
  makeProduct({ id: 'p2', title: 'Leather Belt', source }),
  makeProduct({ id: 'p3', title: 'Plain Cap', source }),
  makeProduct({ id: 'p4', title: 'Drafted Vase' }),
];
const PAGE: LibraryPage = {
  products: PRODUCTS,
  nextCursor: null,
  total: PRODUCTS.length,
  access: { mode: 'editable' },
  duplicateTitleIds: [],
};

const REPLY: StoreUpdateReply = {
  shop: SHOP,
  results: [
    {
      productId: 'p1',
      title: 'Stoneware Mug',
      outcome: 'updated',
      fields: ['description'],
      message: null,
    },
    { productId: 'p2', title: 'Leather Belt', outcome: 'up-to-date', fields: [], message: null },
    {
      productId: 'p3',
      title: 'Plain Cap',
      outcome: 'deleted',
      fields: ['title'],
      message: 'Deleted in your store: it was not created again.',
    },
  ],
  counts: { updated: 1, upToDate: 1, deleted: 1, failed: 0, notSent: 0, notFromStore: 1 },
};

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderUpdate(selection: Selection, reply: Reply = { body: REPLY }, connected = [SHOP]) {
  const fetch = stubFetch({
    'GET /api/user/profile': {
      body: profileWith({
        ShopifyStore: connected.map((shopDomain, i) => ({ id: `s${i}`, shopDomain })),
      }),
    },
    [UPDATE]: reply,
  });
  const beforeUpdate = vi.fn(async () => {});
  const onUpdated = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/library',
        element: (
          <WithReport selection={selection} beforeUpdate={beforeUpdate} onUpdated={onUpdated} />
        ),
      },
    ],
    '/library',
  );
  return { ...view, fetch, beforeUpdate, onUpdated };
}

/** The control and the report, as the library screen holds them. */
function WithReport({
  selection,
  beforeUpdate,
  onUpdated,
}: {
  selection: Selection;
  beforeUpdate(): Promise<void>;
  onUpdated(): void;
}) {
  const [report, setReport] = useState<StoreUpdateReply | null>(null);
  return (
    <>
      <LibraryStoreUpdate
        selection={selection}
        pages={[PAGE]}
        beforeUpdate={beforeUpdate}
        onUpdated={(reply) => {
          setReport(reply);
          onUpdated();
        }}
      />
      <StoreUpdateReport report={report} onClose={() => setReport(null)} />
    </>
  );
}

const ticked: Selection = { kind: 'ids', ids: new Set(['p1', 'p2', 'p3', 'p4']) };

describe('Update in Shopify', () => {
  it('asks first, naming the store and the products, then reports each one', async () => {
    const { user, fetch, beforeUpdate, onUpdated } = renderUpdate(ticked);
    const button = await screen.findByRole('button', { name: 'Update in Shopify' });
    // Keyboard: focus it and press Enter.
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: `Update 3 products in ${SHOP}?`,
    });
    expect(within(dialog).getByText(/Only the fields you changed are sent\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Update in Shopify' }));

    const report = await screen.findByRole('dialog', { name: `Update in ${SHOP}: what happened` });
    expect(
      within(report).getByText('1 updated · 1 up to date · 1 deleted in your store'),
    ).toBeTruthy();
    expect(within(report).getByText('Sent: description')).toBeTruthy();
    expect(within(report).getByText('Deleted in your store')).toBeTruthy();
    expect(
      within(report).getByText(/1 selected product did not come from this store/),
    ).toBeTruthy();
    expect(callsTo(fetch, UPDATE)).toEqual([
      { shop: SHOP, selection: { kind: 'ids', ids: ['p1', 'p2', 'p3', 'p4'] } },
    ]);
    expect(beforeUpdate).toHaveBeenCalledOnce();
    expect(onUpdated).toHaveBeenCalledOnce();
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why the store refused, and stays open to try again', async () => {
    const message = `Your Shopify store ${SHOP} needs to be connected again.`;
    const { user } = renderUpdate(ticked, {
      status: 409,
      body: { error: message, code: 'store-reconnect' },
    });
    await user.click(await screen.findByRole('button', { name: 'Update in Shopify' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Update in Shopify' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: `Update 3 products in ${SHOP}?` })).toBeTruthy();
  });

  it('every result selected: the count is not known, the question names the store', async () => {
    const { user } = renderUpdate({ kind: 'search', q: '', gap: null, total: 4000 });
    await user.click(await screen.findByRole('button', { name: 'Update in Shopify' }));
    expect(
      await screen.findByRole('dialog', {
        name: `Update the selected products from ${SHOP} in your store?`,
      }),
    ).toBeTruthy();
  });

  it.each<[string, Selection, string[]]>([
    ['no store product selected', { kind: 'ids', ids: new Set(['p4']) }, [SHOP]],
    ['their store no longer connected', ticked, ['other.myshopify.com']],
  ])('is not offered with %s', async (_, selection, connected) => {
    const { fetch } = renderUpdate(selection, { body: REPLY }, connected);
    await waitFor(() => expect(callsTo(fetch, 'GET /api/user/profile')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Update in Shopify' })).toBeNull();
  });
});
