import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldEvidence } from '#domain/listing-draft';
import type { Product } from '#domain/products';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { PriceField } from './price-field';
import { describePriceRange } from './price-range-popover';

beforeEach(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASIS =
  'typical US prices for Luggage & Bags > Backpacks, the middle half of 58 Amazon listings, 2023';

function renderField(price: Product['price'], evidence?: FieldEvidence) {
  const onChange = vi.fn();
  const view = renderRoutes(
    [
      {
        path: '/productlibrary',
        element: <PriceField price={price} evidence={evidence} onChange={onChange} />,
      },
      { path: '/about-data', element: <h1>About the data page</h1> },
    ],
    '/productlibrary',
  );
  return { ...view, onChange };
}

describe('price field', () => {
  it('shows the price point; the range and its basis wait behind "Price range"', async () => {
    const { user } = renderField(
      { suggested: 21.99, low: 12.99, high: 30, basis: BASIS },
      { confidence: 0.5, sources: ['typical US prices for Luggage & Bags > Backpacks'] },
    );
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('21.99');
    expect(screen.queryByText(/12\.99/)).toBeNull();
    expect(screen.queryByText(/Amazon listings/)).toBeNull();

    const button = screen.getByRole('button', { name: 'Price range' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const popover = await screen.findByRole('dialog', { name: 'Typical range $12.99–$30' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(popover).getByText(`Based on ${BASIS}.`)).toBeTruthy();
    expect(within(popover).getByText('Medium confidence')).toBeTruthy();
    expect(
      within(popover).getByRole('link', { name: 'Account Settings' }).getAttribute('href'),
    ).toBe('/account#price-endings');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('opens from the keyboard and links to About the data', async () => {
    const { user } = renderField({ suggested: 22, low: 15, high: 49, basis: BASIS });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Price range' }));
    await user.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: 'Typical range $15–$49' });
    await user.click(within(popover).getByRole('link', { name: 'About the data' }));
    expect(await screen.findByRole('heading', { name: 'About the data page' })).toBeTruthy();
  });

  it('has no "Price range" while there is nothing to show (still generating)', () => {
    renderField({ suggested: null, low: null, high: null, basis: null });
    expect(screen.queryByRole('button', { name: 'Price range' })).toBeNull();
  });

  it('writes the range with whole dollars kept whole', () => {
    expect(describePriceRange({ suggested: 20, low: 15, high: 49.5, basis: null })).toBe(
      '$15–$49.50',
    );
    expect(describePriceRange({ suggested: 20, low: null, high: 49.5, basis: null })).toBeNull();
  });
});
