import { cleanup, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canceledMessage, CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { PREMIUM_CARD_FLAG } from './premium-card-flag';
import { callsTo, renderBilling, stubBrowserApis, stubFetch, subscription } from './test-support';

const CANCEL = 'POST /api/billing/subscription/cancel';

beforeEach(() => {
  stubBrowserApis();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
});

describe('canceledMessage', () => {
  const ended = { cancelAtPeriodEnd: false, currentPeriodEnd: null };
  it.each([
    [0, 'Premium plan canceled. Purchase credits to continue using the service.'],
    [3, 'Premium plan canceled. You have 3 free credits available.'],
    [1, 'Premium plan canceled. You have 1 credit available.'],
    [13, 'Premium plan canceled. You have 13 credits available.'],
  ])('Premium over, %i credits left: %s', (credits, message) => {
    expect(canceledMessage({ fixedCredits: credits, ...ended })).toBe(message);
  });

  // Issue 24: 14 bought credits are not '14 free credits', and Premium has not ended yet.
  it.each([
    [
      14,
      'Premium plan canceled. Premium stays active until December 21, 2026; then you have 14 credits.',
    ],
    [
      1,
      'Premium plan canceled. Premium stays active until December 21, 2026; then you have 1 credit.',
    ],
    [
      0,
      'Premium plan canceled. Premium stays active until December 21, 2026; then purchase credits to continue using the service.',
    ],
  ])('Premium until the period ends, %i credits then: %s', (credits, message) => {
    const state = {
      fixedCredits: credits,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2026-12-21T12:00:00.000Z',
    };
    expect(canceledMessage(state)).toBe(message);
  });
});

function renderDialog(reply: Parameters<typeof stubFetch>[0][string]) {
  const fetch = stubFetch({ [CANCEL]: reply, 'GET /api/user/profile': { body: {} } });
  const onOpenChange = vi.fn();
  const view = renderBilling(
    <CancelSubscriptionDialog
      open
      onOpenChange={onOpenChange}
      periodEnd="2026-12-21T12:00:00.000Z"
    />,
  );
  return { ...view, fetch, onOpenChange };
}

describe('Cancel subscription dialog', () => {
  it('says what is lost and until when Premium stays', async () => {
    renderDialog({ body: subscription({ cancelAtPeriodEnd: true }) });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    expect(dialog.textContent).toContain('Premium stays active until December 21, 2026');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Your saved product library',
      'Unlimited generations',
      'Premium features and integrations',
    ]);
    expect(dialog.textContent).toContain(
      'Your library is kept read-only for 30 days after Premium ends: you can still download it, and subscribing again restores it. After that it is deleted.',
    );
    expect(dialog.textContent).toContain('Free accounts are limited to 3 free credits.');
  });

  it.each([
    [
      13,
      'Premium plan canceled. Premium stays active until December 21, 2026; then you have 13 credits.',
    ],
    [
      0,
      'Premium plan canceled. Premium stays active until December 21, 2026; then purchase credits to continue using the service.',
    ],
  ])(
    'cancels, shows the toast for %i credits left and shows the offer card again',
    async (fixedCredits, message) => {
      localStorage.setItem(PREMIUM_CARD_FLAG, 'true');
      const { user, fetch, onOpenChange } = renderDialog({
        body: subscription({ cancelAtPeriodEnd: true, fixedCredits }),
      });
      const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(callsTo(fetch, CANCEL)).toHaveLength(1);
      expect(onOpenChange).toHaveBeenCalledWith(false);
      expect(localStorage.getItem(PREMIUM_CARD_FLAG)).toBeNull();
    },
  );

  it('shows a refusal inside the dialog and keeps it open', async () => {
    localStorage.setItem(PREMIUM_CARD_FLAG, 'true');
    const { user, onOpenChange } = renderDialog({
      status: 409,
      body: { error: 'You do not have an active Premium subscription.' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You do not have an active Premium subscription.',
    );
    await waitFor(() =>
      expect(
        within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Cancel subscription' })
          .disabled,
      ).toBe(false),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(localStorage.getItem(PREMIUM_CARD_FLAG)).toBe('true');
  });
});
