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
    expect((await screen.findByTestId('credit-counter')).textContent).toBe('2 / 3');
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
