import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SELLER_SETTINGS, type SellerSettings } from '#domain/seller-settings';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch } from '#web/test-support/stub-fetch';
import { PriceEndingsCard } from './price-endings-card';

beforeEach(stubBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  return renderRoutes([{ path: '/account', element: <PriceEndingsCard /> }], '/account');
}

const radio = (name: RegExp) => screen.getByRole<HTMLInputElement>('radio', { name });

/** A settings endpoint that stores what is PUT, or fails each PUT while `failing` is set. */
function settingsServer(initial: SellerSettings) {
  const server = { stored: initial, failing: false };
  const fetch = stubFetch({
    'GET /api/user/settings': () => ({ body: server.stored }),
    'PUT /api/user/settings': (body) => {
      if (server.failing) return { status: 500, body: { error: 'Database unavailable' } };
      server.stored = { ...server.stored, ...(body as Partial<SellerSettings>) };
      return { body: server.stored };
    },
  });
  return { server, fetch };
}

describe('price endings on the account page', () => {
  it('shows the saved ending with an example of each, and saves a new one at once', async () => {
    const { server, fetch } = settingsServer({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
    const { user } = renderCard();
    await waitFor(() => expect(radio(/^\.99/).checked).toBe(true));
    expect(screen.getByRole('group', { name: 'Price endings' })).toBeTruthy();
    expect(radio(/^\.99/).labels?.[0]?.textContent).toBe('.99$21.99');
    expect(radio(/^\.95/).labels?.[0]?.textContent).toBe('.95$21.95');
    expect(radio(/^Whole dollars/).labels?.[0]?.textContent).toBe('Whole dollars$22');

    await user.click(radio(/^\.95/));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(callsTo(fetch, 'PUT /api/user/settings')).toEqual([{ priceEnding: '.95' }]);
    expect(server.stored).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.95' });
    expect(radio(/^\.95/).checked).toBe(true);
  });

  it('is chosen with the arrow keys, each choice saved', async () => {
    const { server, fetch } = settingsServer({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
    const { user } = renderCard();
    await waitFor(() => expect(radio(/^\.99/).checked).toBe(true));
    await user.tab();
    expect(document.activeElement).toBe(radio(/^\.99/));
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(server.stored).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: 'whole' }),
    );
    expect(callsTo(fetch, 'PUT /api/user/settings')).toEqual([
      { priceEnding: '.95' },
      { priceEnding: 'whole' },
    ]);
    expect(radio(/^Whole dollars/).checked).toBe(true);
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('says when a choice was not saved and shows the saved one again', async () => {
    const { server } = settingsServer({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
    server.failing = true;
    const { user } = renderCard();
    await waitFor(() => expect(radio(/^\.99/).checked).toBe(true));

    await user.click(radio(/^Whole dollars/));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your choice was not saved: Database unavailable',
    );
    expect(radio(/^\.99/).checked).toBe(true);
    expect(screen.queryByText('Saved')).toBeNull();
    expect(server.stored).toEqual({ ...DEFAULT_SELLER_SETTINGS, priceEnding: '.99' });
  });
});
