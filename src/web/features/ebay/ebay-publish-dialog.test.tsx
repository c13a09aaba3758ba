import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EBAY_MESSAGES, type EbayPublishRequest } from '#domain/api/ebay';
import { makeProduct } from '#domain/test-support/product';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Reply } from '#web/test-support/stub-fetch';
import { EbayPublishButton } from './ebay-publish-dialog';
import { aspectsReply, connection } from './test-support';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const PUBLISH = 'POST /api/ebay/publish-product';
const LONG =
  'Genuine Brown Leather Belt with Antique Brass Buckle for Men and Women, Casual and Dress Wear';
const ready = (id: string, title: string, suggested = 39.99) =>
  makeProduct({
    id,
    title,
    condition: 'used',
    price: { ...makeProduct().price, suggested },
    confirmedAttributes: [
      { name: 'Brand', value: 'Fossil' },
      { name: 'Department', value: 'Men' },
    ],
  });

function published(product: Product, status: EbayPublishRequest['status']): Reply {
  return {
    body: {
      product: { ...product, status: 'published' },
      sku: product.id,
      offerId: `o-${product.id}`,
      listingId: status === 'live' ? `l-${product.id}` : null,
      status,
      listingUrl: `/sandbox/ebay/listings#sku-${product.id}`,
      created: true,
    },
  };
}

function renderButton(
  products: Product[],
  {
    state = 'connected',
    publish,
  }: {
    state?: Parameters<typeof connection>[0];
    publish?: (request: EbayPublishRequest) => Reply;
  } = {},
) {
  const fetch = stubFetch({
    'GET /api/ebay/connection': { body: connection(state, true) },
    'GET /api/ebay/products/': { body: aspectsReply() },
    [PUBLISH]: (body) => {
      const request = body as EbayPublishRequest;
      return (
        publish?.(request) ??
        published(
          products.find((p) => p.id === request.productId)!,
          request.status,
        )
      );
    },
  });
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <EbayPublishButton target={{ count: products.length, load: async () => products }} />
        ),
      },
    ],
    '/',
  );
  const open = async () => {
    await view.user.click(await screen.findByRole('button', { name: 'Publish to eBay' }));
    return screen.findByRole('dialog', { name: 'Publish to eBay' });
  };
  return { ...view, fetch, open };
}

describe('the eBay publish dialog', () => {
  it('shows what goes, publishes as a draft by default, then lists it now', async () => {
    const { user, fetch, open } = renderButton([ready('a', LONG)]);
    let dialog = await open();
    const list = await within(dialog).findByRole('list', { name: 'Products for eBay' });
    expect(within(dialog).getByRole('radio', { name: /Publish as draft/ })).toHaveProperty(
      'checked',
      true,
    );
    // eBay's 80-character title, said to be cut; the price exactly as the card shows it.
    expect(list.textContent).toContain(
      'Genuine Brown Leather Belt with Antique Brass Buckle for Men and Women, Casual',
    );
    expect(list.textContent).not.toContain('Dress Wear');
    expect(within(list).getByText(/^Cut to eBay’s 80 characters/)).toBeTruthy();
    expect(within(list).getByText('$39.99')).toBeTruthy();
    expect(within(list).getByText('Belts')).toBeTruthy();
    expect(within(dialog).getByText(/eBay downloads the photos from Listsmith/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Publish as draft' }));
    expect(await within(dialog).findByText('1 product saved on eBay as a draft.')).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'View in the sandbox eBay' }).getAttribute('href'),
    ).toBe('/sandbox/ebay/listings#sku-a');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    dialog = await open();
    await user.click(await within(dialog).findByRole('radio', { name: /List now/ }));
    // The quantity eBay shows as available: a whole number, else nothing can be sent.
    const quantity = within(dialog).getByRole('spinbutton', { name: 'Quantity available' });
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(within(dialog).getByText('Enter a whole number from 1 to 10,000.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'List now' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'List now' }));
    expect(await within(dialog).findByText('1 product listed on eBay.')).toBeTruthy();
    expect(callsTo(fetch, PUBLISH)).toEqual([
      { productId: 'a', categoryId: '2993', status: 'draft', quantity: 1 },
      { productId: 'a', categoryId: '2993', status: 'live', quantity: 3 },
    ]);
  });

  it('asks first while eBay needs something, lists what is missing and sends nothing', async () => {
    const lacking = makeProduct({ id: 'b', title: 'Tan Belt', condition: null });
    const { fetch, open } = renderButton([lacking]);
    const dialog = await open();
    expect(
      await within(dialog).findByText(
        /^eBay needs before “Tan Belt” can be listed: condition, Brand, Department\. Nothing is sent/,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Publish as draft' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(callsTo(fetch, PUBLISH)).toEqual([]);
  });

  it('sends only the products eBay has everything for, and stops with eBay’s words', async () => {
    const products = [
      ready('a', 'Brown Belt'),
      makeProduct({ id: 'b', title: 'Tan Belt' }),
      ready('c', 'Black Belt'),
    ];
    const refusal = 'eBay did not accept “Black Belt”: The item specific Size is invalid.';
    const { user, fetch, open } = renderButton(products, {
      publish: (request) =>
        request.productId === 'c'
          ? { status: 422, body: { error: refusal, code: 'ebay-refused' } }
          : published(products[0]!, 'draft'),
    });
    const dialog = await open();
    expect(
      await within(dialog).findByText(/^1 of 3 products lack what eBay requires/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish as draft' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(callsTo(fetch, PUBLISH).map((body) => (body as EbayPublishRequest).productId)).toEqual([
      'a',
      'c',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('button', { name: 'Publish as draft' })).toBeTruthy();
  });

  it('sends the seller to choose policies first, or to connect again', async () => {
    const { open } = renderButton([ready('a', 'Brown Belt')], { state: 'no-settings' });
    let dialog = await open();
    expect(within(dialog).getByText(EBAY_MESSAGES.chooseSettings)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: 'Choose them in Account Settings' })
        .getAttribute('href'),
    ).toBe('/account#ebay');
    cleanup();

    const again = renderButton([ready('a', 'Brown Belt')], { state: 'reconnect' });
    dialog = await again.open();
    expect(within(dialog).getByText(EBAY_MESSAGES.reconnect)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Connect eBay again' })).toBeTruthy();
    await waitFor(() => expect(callsTo(again.fetch, 'GET /api/ebay/products/')).toEqual([]));
  });

  it('is not offered to a seller without eBay', async () => {
    const { fetch } = renderButton([ready('a', 'Brown Belt')], { state: 'none' });
    await waitFor(() => expect(callsTo(fetch, 'GET /api/ebay/connection')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Publish to eBay' })).toBeNull();
  });
});
