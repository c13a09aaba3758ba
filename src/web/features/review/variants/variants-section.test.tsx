import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import type { Profile } from '#domain/api/profile';
import type { Product } from '#domain/products';
import {
  NO_VARIANTS,
  setPriceForValue,
  updateRow,
  VARIANT_MESSAGES,
  withOptions,
  type ProductVariants,
} from '#domain/variants';
import { profileQueryKey } from '#web/lib/profile';
import { profileWith } from '#web/test-support/profile';
import { renderRoutes } from '#web/test-support/render-routes';
import { ReviewScreen } from '../review-screen';
import {
  callsTo,
  freeProfile,
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from '../test-support';
import { VARIANTS_HINT, VARIANTS_PREMIUM_NOTE, VariantsSection } from './variants-section';

isolateReviewTests();

const screenElement = <ReviewScreen renderUploader={() => <p>Uploader</p>} />;
const premiumProfile = profileWith({ planName: 'Premium', subscriptionCredits: 50 });
const sized = withOptions(NO_VARIANTS, [
  { name: 'Size', values: ['S', 'M', 'XL'] },
  { name: 'Color', values: ['Olive'] },
]);

function stubServer(product: Product, profile = premiumProfile) {
  return stubFetch({
    'GET /api/products': { body: { products: [product] } },
    'GET /api/user/profile': { body: profile },
    'GET /api/taxonomy/categories': {
      body: {
        attributes: [
          { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
          { name: 'Color', values: ['Black', 'Olive'] },
          { name: 'Brand', values: [] },
        ],
      },
    },
    'PATCH /api/product/p1': (body) => ({ body: { ...product, ...(body as Partial<Product>) } }),
  });
}

/**
 * Waits until the last PATCH sent `expected`: under load, autosave may send the edits in more
 * than one request, the last one holding them all.
 */
async function expectLastSent(fetch: ReturnType<typeof stubFetch>, expected: ProductVariants) {
  await waitFor(
    () => {
      const calls = callsTo(fetch, 'PATCH /api/product/p1') as { variants?: ProductVariants }[];
      expect(calls.at(-1)?.variants).toEqual(expected);
    },
    { timeout: 5000 },
  );
}

async function openVariants(name: string) {
  const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
  const summary = await within(card).findByText(name);
  return { card, summary };
}

describe('variants on the product card', () => {
  it('renders again when the plan changes, not when a credit is spent', async () => {
    const fetch = stubServer(makeProduct({ variants: sized }));
    let renders = 0;
    const { queryClient } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <Profiler id="variants" onRender={() => (renders += 1)}>
              <VariantsSection product={makeProduct({ variants: sized })} onChange={() => {}} />
            </Profiler>
          ),
        },
      ],
      '/',
    );
    await screen.findByText('Variants (3 variants)');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Remove/ })).not.toEqual([]));
    // Settled: the taxonomy's attributes are in and drawn.
    await waitFor(() => expect(callsTo(fetch, 'GET /api/taxonomy/categories')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const before = renders;
    // The cache tells its observers in a task of its own (lib/query-client.ts).
    const setProfile = (profile: Profile) =>
      act(async () => {
        queryClient.setQueryData(profileQueryKey, profile);
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    // Each draft that arrives spends a credit, and the profile is fetched again (a hundred cards).
    await setProfile({ ...premiumProfile, subscriptionCredits: 49 });
    expect(renders).toBe(before);
    await setProfile(freeProfile);
    expect(renders).toBeGreaterThan(before);
    expect(await screen.findByText(VARIANTS_PREMIUM_NOTE)).toBeTruthy();
  });

  it('is not offered on the free plan', async () => {
    const fetch = stubServer(makeProduct(), freeProfile);
    renderScreen(screenElement);
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    await waitFor(() => expect(callsTo(fetch, 'GET /api/user/profile')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(card).queryByText(/^Variants/)).toBeNull();
    expect(within(card).queryByLabelText('Option name')).toBeNull();
  });

  it('shows a free seller’s existing variants read-only', async () => {
    stubServer(makeProduct({ variants: sized }), freeProfile);
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants (3 variants)');
    await user.click(summary);
    expect(within(card).getByText(VARIANTS_PREMIUM_NOTE)).toBeTruthy();
    expect(within(card).getByText('S, M, XL')).toBeTruthy();
    expect(within(card).queryByLabelText('Option name')).toBeNull();
  });

  it('adds an option and its values with the keyboard, offering the taxonomy’s values', async () => {
    const fetch = stubServer(makeProduct());
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants');
    summary.focus();
    await user.keyboard('{Enter}');
    expect(within(card).getByText(VARIANTS_HINT)).toBeTruthy();

    await user.type(within(card).getByLabelText('Option name'), 'Size');
    await user.tab();
    await user.keyboard('S{Enter}');
    const addValue = await within(card).findByLabelText('Add a value to Size');
    const listId = addValue.getAttribute('list')!;
    const offered = [...document.getElementById(listId)!.querySelectorAll('option')].map(
      (option) => option.value,
    );
    expect(offered).toEqual(['XS', 'M', 'L', 'XL']);
    await user.type(addValue, 'Tall {Enter}');

    await expectLastSent(
      fetch,
      withOptions(NO_VARIANTS, [{ name: 'Size', values: ['S', 'Tall'] }]),
    );
    expect(within(card).getByRole('rowheader', { name: 'Tall' })).toBeTruthy();
    expect(await within(card).findByText('Variants (2 variants)')).toBeTruthy();
  });

  it('says why an option cannot be added and sends nothing', async () => {
    const fetch = stubServer(makeProduct({ variants: sized }));
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants (3 variants)');
    await user.click(summary);

    await user.type(within(card).getByLabelText('Option name'), 'size');
    await user.type(within(card).getByLabelText('First value'), 'L');
    await user.click(within(card).getByRole('button', { name: 'Add option' }));
    expect(within(card).getByRole('alert').textContent).toBe(VARIANT_MESSAGES.duplicateOption);

    await user.type(within(card).getByLabelText('Add a value to Size'), 'm{Enter}');
    expect(within(card).getByText(VARIANT_MESSAGES.duplicateValue).getAttribute('role')).toBe(
      'alert',
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([]);
  });

  it('sets the price of every row with one value, and edits one row', async () => {
    const fetch = stubServer(makeProduct({ variants: sized }));
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants (3 variants)');
    await user.click(summary);

    await user.selectOptions(within(card).getByLabelText('Set a price for every'), 'Size: XL');
    await user.type(within(card).getByLabelText('Price for every Size: XL'), '54.5');
    await user.click(within(card).getByRole('button', { name: 'Set price for Size: XL' }));
    await user.type(within(card).getByLabelText('SKU for S / Olive'), 'BAG-S{Enter}');

    const expected = updateRow(setPriceForValue(sized, 0, 'XL', 54.5), 0, { sku: 'BAG-S' });
    await expectLastSent(fetch, expected);
    expect(within(card).getByLabelText<HTMLInputElement>('Price for XL / Olive').value).toBe(
      '54.50',
    );
    // A row without its own price shows the product's as a placeholder.
    expect(within(card).getByLabelText<HTMLInputElement>('Price for M / Olive').placeholder).toBe(
      '48',
    );
  });

  it('refuses a barcode with a wrong check digit, saving only a valid one', async () => {
    const fetch = stubServer(makeProduct({ variants: sized }));
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants (3 variants)');
    await user.click(summary);

    const barcode = within(card).getByLabelText('Barcode for M / Olive');
    await user.type(barcode, '4006381333932');
    await user.tab();
    expect(within(card).getByText(VARIANT_MESSAGES.invalidBarcode)).toBeTruthy();
    expect(barcode.getAttribute('aria-invalid')).toBe('true');

    await user.clear(barcode);
    await user.type(barcode, '4006381 333931{Enter}');
    expect(within(card).queryByText(VARIANT_MESSAGES.invalidBarcode)).toBeNull();
    await expectLastSent(fetch, updateRow(sized, 1, { barcode: '4006381333931' }));
  });

  it('removes a value and an option, keeping what the remaining rows hold', async () => {
    const priced = updateRow(sized, 0, { price: 40, sku: 'BAG-S' });
    const fetch = stubServer(makeProduct({ variants: priced }));
    const { user } = renderScreen(screenElement);
    const { card, summary } = await openVariants('Variants (3 variants)');
    await user.click(summary);

    await user.click(within(card).getByRole('button', { name: 'Remove Size: M' }));
    await user.click(within(card).getByRole('button', { name: 'Remove option Color' }));
    await expectLastSent(fetch, {
      options: [{ name: 'Size', values: ['S', 'XL'] }],
      rows: [
        { values: ['S'], price: 40, sku: 'BAG-S', barcode: null },
        { values: ['XL'], price: null, sku: '', barcode: null },
      ],
    });
  });
});
