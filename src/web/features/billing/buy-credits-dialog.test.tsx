import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#domain/api/profile';
import { SANDBOX_PRICE_IDS } from '#domain/billing';
import { pageNavigation } from '#web/lib/billing';
import { useBuyCredits } from '#web/lib/buy-credits';
import { BuyCreditsDialog } from './buy-credits-dialog';
import {
  callsTo,
  catalog,
  profile,
  renderBilling,
  stubBrowserApis,
  stubFetch,
} from './test-support';

const CHECKOUT = 'POST /api/stripe/create-checkout-session';

beforeEach(() => {
  stubBrowserApis();
  useBuyCredits.setState({ isOpen: true });
});

afterEach(() => {
  cleanup();
  toast.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  useBuyCredits.setState({ isOpen: false });
});

function renderDialog(
  handlers: Parameters<typeof stubFetch>[0] = {},
  planName: Profile['planName'] = 'Free',
) {
  const fetch = stubFetch({
    'GET /api/billing/catalog': { body: catalog },
    'GET /api/user/profile': { body: profile({ planName }) },
    ...handlers,
  });
  const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
  const view = renderBilling(<BuyCreditsDialog />);
  return { ...view, fetch, assign };
}

describe('Buy Credits dialog', () => {
  it('shows three packs with total price and price per credit, and no checkout button yet', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    const packs = await within(dialog).findAllByRole('radio');
    expect(packs).toHaveLength(3);
    expect(packs.map((pack) => pack.closest('label')?.textContent)).toEqual([
      '10 credits $7 $0.70 each',
      '25 credits $15 $0.60 each',
      '50 credits $27 $0.54 each Best value',
    ]);
    expect(within(dialog).queryByRole('button', { name: /^Buy \d+ credits/ })).toBeNull();
  });

  it('shows the checkout button once a pack is chosen, also with the keyboard', async () => {
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(await within(dialog).findByRole('radio', { name: /^10 credits/ }));
    expect(within(dialog).getByRole('button', { name: 'Buy 10 credits for $7' })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: /^25 credits/ }).checked,
    ).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Buy 25 credits for $15' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Buy 10 credits for $7' })).toBeNull();
  });

  it('starts the checkout of the chosen pack and goes to the checkout page, once', async () => {
    let release: (reply: { body: unknown }) => void = () => undefined;
    const { user, fetch, assign } = renderDialog({
      [CHECKOUT]: () => new Promise((resolve) => (release = resolve)),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(await within(dialog).findByRole('radio', { name: /^50 credits/ }));
    const buy = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Buy 50 credits for $27',
    });
    await user.click(buy);
    await waitFor(() => expect(buy.getAttribute('aria-busy')).toBe('true'));
    expect(buy.disabled).toBe(true);
    await user.click(buy);
    expect(callsTo(fetch, CHECKOUT)).toEqual([{ priceId: SANDBOX_PRICE_IDS['pack-50'] }]);

    release({ body: { sessionId: 'cs_1', url: '/sandbox/checkout/cs_1' } });
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${window.location.origin}/sandbox/checkout/cs_1`),
    );
    expect(assign).toHaveBeenCalledTimes(1);
    // Still busy while the browser leaves for the checkout page.
    expect(buy.disabled).toBe(true);
  });

  it('offers Premium to a free user and starts the premium checkout', async () => {
    const { user, fetch, assign } = renderDialog({
      [CHECKOUT]: { body: { sessionId: 'cs_2', url: '/sandbox/checkout/cs_2' } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    const offer = await within(dialog).findByRole('region', { name: 'Or go Premium' });
    expect(offer.textContent).toContain('$25/month');
    expect(offer.textContent).toContain('50 credits every month');
    expect(offer.textContent).toContain('Saved product library');
    expect(offer.textContent).toContain('Bulk upload of up to 100 images');
    await user.click(within(offer).getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(callsTo(fetch, CHECKOUT)).toEqual([{ priceId: SANDBOX_PRICE_IDS.premium }]);
  });

  it('tells a premium user about the monthly credits instead of offering Premium', async () => {
    renderDialog({}, 'Premium');
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    expect(
      await within(dialog).findByText(/you get 50 credits every month\. Need more this month\?/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(3);
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { error: 'Invalid priceId.' } },
      'Invalid priceId.',
    ],
    ['the default message', { status: 500 }, 'Failed to create checkout session.'],
    ['a reply without sessionId', { body: { url: '/x' } }, 'No sessionId returned from backend.'],
  ])('shows %s inside the dialog when the checkout cannot start', async (_, reply, message) => {
    const { user, assign } = renderDialog({ [CHECKOUT]: reply });
    const dialog = await screen.findByRole('dialog', { name: 'Buy Credits' });
    await user.click(await within(dialog).findByRole('radio', { name: /^10 credits/ }));
    const buy = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Buy 10 credits for $7',
    });
    await user.click(buy);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(assign).not.toHaveBeenCalled();
    // The user can try again.
    expect(buy.disabled).toBe(false);
  });
});
