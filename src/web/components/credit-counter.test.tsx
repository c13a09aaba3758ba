import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { profileWith } from '#web/test-support/profile';
import { renderRoutes } from '#web/test-support/render-routes';
import { stubFetch } from '#web/test-support/stub-fetch';
import { CreditCounter } from './credit-counter';

beforeEach(() => stubBrowserApis());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCounter() {
  renderRoutes([{ path: '/', element: <CreditCounter /> }], '/');
}

describe('credit counter', () => {
  it('shows the profile’s credits', async () => {
    stubFetch({ 'GET /api/user/profile': { body: profileWith({ fixedCredits: 2 }) } });
    renderCounter();
    expect((await screen.findByTestId('credit-counter')).textContent).toBe('2 credits');
    expect(screen.getByTestId('credit-breakdown').textContent).toBe('2 free');
  });

  it('adds up to what the purchase page said: 3 free used, 10 bought is 10 credits', async () => {
    const credits = { free: 0, monthly: 0, purchased: 10, total: 10 };
    stubFetch({ 'GET /api/user/profile': { body: profileWith({ fixedCredits: 10, credits }) } });
    renderCounter();
    expect((await screen.findByTestId('credit-counter')).textContent).toBe('10 credits');
    expect(screen.getByTestId('credit-breakdown').textContent).toBe('10 purchased');
  });

  it('names premium’s monthly credits beside free and purchased ones', async () => {
    const credits = { free: 1, monthly: 42, purchased: 10, total: 53 };
    stubFetch({
      'GET /api/user/profile': {
        body: profileWith({
          planName: 'Premium',
          fixedCredits: 11,
          subscriptionCredits: 42,
          credits,
        }),
      },
    });
    renderCounter();
    expect((await screen.findByTestId('credit-counter')).textContent).toBe('53 credits');
    expect(screen.getByTestId('credit-breakdown').textContent).toBe(
      '42 of 50 monthly · 1 free · 10 purchased',
    );
  });

  it('shows the profile failure for a reply that is not the contract, not wrong figures', async () => {
    // Credits as text would add up as text ('2' + 0 = '20').
    stubFetch({
      'GET /api/user/profile': { body: { ...profileWith(), fixedCredits: '2' } },
    });
    renderCounter();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch user profile');
    expect(screen.queryByTestId('credit-counter')).toBeNull();
  });
});
