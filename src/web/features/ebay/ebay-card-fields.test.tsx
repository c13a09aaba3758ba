import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '#domain/test-support/product';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch } from '#web/test-support/stub-fetch';
import { EbayCardFields } from './ebay-card-fields';
import { aspectsReply, connection } from './test-support';
import { useEbayCategoryChoice } from './use-ebay';

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  toast.remove();
  useEbayCategoryChoice.setState({ chosen: {} });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ASPECTS = 'GET /api/ebay/products/p1/aspects';

function renderFields(
  product: Product,
  state: 'none' | 'connected' = 'connected',
  saved: Product = product,
) {
  const fetch = stubFetch({
    'GET /api/ebay/connection': { body: connection(state) },
    [ASPECTS]: (_body, url) => ({
      body: aspectsReply(new URL(url, 'http://x').searchParams.get('categoryId') ?? '2993'),
    }),
  });
  const onAttributesChange = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <EbayCardFields
            product={product}
            readOnly={false}
            onAttributesChange={onAttributesChange}
            savedProduct={async () => saved}
          />
        ),
      },
    ],
    '/',
  );
  const group = () => screen.findByRole('group', { name: 'eBay' });
  return { ...view, fetch, onAttributesChange, group };
}

const belt = (overrides: Partial<Product> = {}) =>
  makeProduct({ title: 'Brown Leather Belt', condition: 'used', ...overrides });

describe('the card’s eBay fields', () => {
  it('asks for eBay’s required item specifics and saves a value the seller gives', async () => {
    const { user, group, onAttributesChange } = renderFields(belt());
    const specifics = await screen.findByRole('list', { name: 'eBay’s required item specifics' });
    expect(within(await group()).getByText('eBay needs: Brand, Department')).toBeTruthy();
    // Only the required ones: Color is optional.
    expect(within(specifics).getAllByRole('listitem')).toHaveLength(2);

    const brand = within(specifics).getByRole('combobox', { name: 'Brand' });
    expect(brand.getAttribute('aria-required')).toBe('true');
    await user.type(brand, 'Fossil{Enter}');
    expect(onAttributesChange).toHaveBeenLastCalledWith([{ name: 'Brand', value: 'Fossil' }]);
    // Department takes only eBay's values.
    const department = within(specifics).getByRole('combobox', { name: 'Department' });
    expect(
      within(department)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Men', 'Women']);
    await user.selectOptions(department, 'Women');
    expect(onAttributesChange).toHaveBeenLastCalledWith([{ name: 'Department', value: 'Women' }]);
  });

  it('shows what Listsmith knows as chips the seller can change, and says when eBay has all', async () => {
    const product = belt({
      attributes: { colors: [], brand: 'Fossil', material: null, size: null },
      confirmedAttributes: [{ name: 'Department', value: 'Men' }],
    });
    const { user, group, onAttributesChange } = renderFields(product);
    expect(await within(await group()).findByText('Ready for eBay')).toBeTruthy();
    // Brand from the label, Department the seller's.
    expect(
      within(await group()).getByRole('button', { name: 'Change Brand: Fossil' }),
    ).toBeTruthy();
    await user.click(within(await group()).getByRole('button', { name: 'Change Department: Men' }));
    const department = within(await group()).getByRole('combobox', { name: 'Department' });
    expect(document.activeElement).toBe(department);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(
      within(await group()).getByRole('button', { name: 'Change Department: Men' }),
    );
    await user.click(within(await group()).getByRole('button', { name: 'Change Department: Men' }));
    await user.selectOptions(
      within(await group()).getByRole('combobox', { name: 'Department' }),
      'Women',
    );
    expect(onAttributesChange).toHaveBeenLastCalledWith([{ name: 'Department', value: 'Women' }]);
  });

  it('leaves out what the readiness chip asks already, and changes category among eBay’s suggestions', async () => {
    const { user, fetch, group } = renderFields(
      belt({ condition: null, price: { ...belt().price, suggested: null } }),
    );
    expect(
      await within(await group()).findByText('eBay needs: condition, Brand, Department'),
    ).toBeTruthy();
    await user.selectOptions(
      within(await group()).getByRole('combobox', { name: 'Category' }),
      'Other',
    );
    expect(await within(await group()).findByText('eBay needs: condition')).toBeTruthy();
    expect(within(await group()).queryByRole('list')).toBeNull();
    await waitFor(() =>
      expect(
        fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('aspects')),
      ).toEqual(['/api/ebay/products/p1/aspects', '/api/ebay/products/p1/aspects?categoryId=99']),
    );
  });

  it('publishes this product as the server saved it, not as the card showed it before', async () => {
    const filled = [
      { name: 'Brand', value: 'Fossil' },
      { name: 'Department', value: 'Men' },
    ];
    // Confirming Brand had the server draft the unedited name again.
    const { user, group } = renderFields(
      belt({ confirmedAttributes: filled }),
      'connected',
      belt({ title: 'Fossil Leather Belt', confirmedAttributes: filled }),
    );
    await user.click(await within(await group()).findByRole('button', { name: 'Publish to eBay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish to eBay' });
    const list = await within(dialog).findByRole('list', { name: 'Products for eBay' });
    expect(list.textContent).toContain('Fossil Leather Belt');
  });

  it('shows nothing and asks eBay nothing for a seller without eBay', async () => {
    const { fetch } = renderFields(belt(), 'none');
    await waitFor(() => expect(callsTo(fetch, 'GET /api/ebay/connection')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'eBay' })).toBeNull();
    expect(callsTo(fetch, ASPECTS)).toEqual([]);
  });
});
