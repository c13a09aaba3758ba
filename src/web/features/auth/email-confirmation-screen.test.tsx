import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, signedInSession, stubFetch } from './test-utils';
import { EmailConfirmationScreen } from './email-confirmation-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <p data-testid="where">{window.location.href}</p>;
}

const routes = [
  { path: '/auth/callback', element: <EmailConfirmationScreen /> },
  { path: '/auth/signin', element: <Where /> },
  { path: '/create', element: <p>Create page</p> },
];

describe('email confirmation callback', () => {
  it('verifies the token and hands a signed-out user to sign-in with a confirmation banner', async () => {
    const fetch = stubFetch({
      'GET /api/auth/get-session': { body: null },
      'GET /api/auth/verify-email': { body: { status: true } },
    });
    const { router } = renderRoutes(routes, '/auth/callback?token=abc%2B1');
    expect(screen.getByText('Confirming your email…')).toBeTruthy();
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.search).toBe('?confirmed=1&redirectTo=%2Fcreate');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
      '/api/auth/verify-email?token=abc%2B1',
    );
  });

  it('sends a signed-in user straight to /create', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: signedInSession },
      'GET /api/auth/verify-email': { body: { status: true } },
    });
    renderRoutes(routes, '/auth/callback?token=abc');
    expect(await screen.findByText('Create page')).toBeTruthy();
  });

  it('explains an expired link and offers sign-in', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'GET /api/auth/verify-email': { status: 401, body: { code: 'TOKEN_EXPIRED' } },
    });
    const { user, router } = renderRoutes(routes, '/auth/callback?token=old');
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
    expect(screen.getByText(/send you a fresh confirmation link/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(router.state.location.pathname).toBe('/auth/signin');
  });

  it('explains an invalid link', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'GET /api/auth/verify-email': { status: 401, body: { code: 'INVALID_TOKEN' } },
    });
    renderRoutes(routes, '/auth/callback?token=bad');
    expect(await screen.findByRole('heading', { name: "This link isn't valid" })).toBeTruthy();
  });

  it('explains a link without a token and does not call the server', async () => {
    const fetch = stubFetch({ 'GET /api/auth/get-session': { body: null } });
    renderRoutes(routes, '/auth/callback');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('verify-email'))).toBe(false);
  });

  it('offers a retry after a network failure', async () => {
    let online = false;
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'GET /api/auth/verify-email': () =>
        online ? { body: { status: true } } : new TypeError('Failed to fetch'),
    });
    const { user, router } = renderRoutes(routes, '/auth/callback?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('where');
    expect(router.state.location.search).toBe('?confirmed=1&redirectTo=%2Fcreate');
  });
});
