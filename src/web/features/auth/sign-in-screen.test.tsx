import { onlineManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuestOnly } from '#web/app/guards';
import { bodiesSentTo, renderRoutes, signedInSession, stubFetch } from './test-utils';
import { SignInScreen } from './sign-in-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/auth/signin',
    element: (
      <GuestOnly>
        <SignInScreen />
      </GuestOnly>
    ),
  },
  { path: '/auth/signup', element: <p>Sign-up page</p> },
  { path: '/create', element: <p>Create page</p> },
  { path: '/library', element: <p>Library page</p> },
  { path: '/', element: <p>Home page</p> },
];

async function fillAndSubmit(user: ReturnType<typeof renderRoutes>['user'], password = 'wrong') {
  await user.type(await screen.findByLabelText('Email'), 'seller@shop.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in screen', () => {
  it('says the connection is down at once when the browser is offline', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/sign-in/email': () => new TypeError('Failed to fetch'),
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await screen.findByLabelText('Email');
    // The connection drops while the form is open.
    onlineManager.setOnline(false);
    try {
      await fillAndSubmit(user);
      const banner = await screen.findByRole('alert');
      expect(banner.textContent).toBe('Unable to connect. Please check your internet connection');
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('shows "Invalid email or password" in a red banner on a 401', async () => {
    const fetch = stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await fillAndSubmit(user);

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Invalid email or password');
    expect(banner.className).toContain('bg-red-50');
    expect(bodiesSentTo(fetch, '/api/auth/sign-in/email')).toEqual([
      { email: 'seller@shop.com', password: 'wrong', rememberMe: true },
    ]);
  });

  it('validates before calling the server', async () => {
    const fetch = stubFetch({ 'GET /api/auth/get-session': { body: null } });
    const { user } = renderRoutes(routes, '/auth/signin');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(bodiesSentTo(fetch, '/api/auth/sign-in/email')).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('refreshes the session, drops what an earlier session cached, and goes to the remembered location', async () => {
    let signedIn = false;
    stubFetch({
      'GET /api/auth/get-session': () => ({ body: signedIn ? signedInSession : null }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { user: { id: 'u1' } } };
      },
    });
    const { user, router, queryClient } = renderRoutes(
      routes,
      '/auth/signin?redirectTo=%2Flibrary',
    );
    // Left by a session that ended in this tab (someone else's, perhaps).
    queryClient.setQueryData(['products'], [{ id: 'p-of-the-last-seller' }]);
    await fillAndSubmit(user, 'Secret123');
    expect(await screen.findByText('Library page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library');
    expect(queryClient.getQueryData(['products'])).toBeUndefined();
  });

  it('ignores an off-site redirectTo and defaults to /create', async () => {
    let signedIn = false;
    stubFetch({
      'GET /api/auth/get-session': () => ({ body: signedIn ? signedInSession : null }),
      'POST /api/auth/sign-in/email': () => {
        signedIn = true;
        return { body: { user: { id: 'u1' } } };
      },
    });
    const { user } = renderRoutes(routes, '/auth/signin?redirectTo=%2F%2Fevil.example');
    await fillAndSubmit(user, 'Secret123');
    expect(await screen.findByText('Create page')).toBeTruthy();
  });

  it('shows a green banner after email confirmation', async () => {
    stubFetch({ 'GET /api/auth/get-session': { body: null } });
    renderRoutes(routes, '/auth/signin?confirmed=1&redirectTo=%2Fcreate');
    const banner = await screen.findByText('Email confirmed. Sign in to start creating listings.');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.className).toContain('bg-emerald-50');
  });

  it('explains an unconfirmed email', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/sign-in/email': {
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      },
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please confirm your email address first.',
    );
  });

  it('maps a 429 to the too-many-attempts message', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/sign-in/email': { status: 429, body: { message: 'Too many requests' } },
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many sign in attempts. Please try again later',
    );
  });

  it('shows a server error, and stays, when the sign-in reply is not the contract', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/sign-in/email': { body: { redirect: false } },
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await fillAndSubmit(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Server error occurred. Please try again',
    );
    expect(screen.queryByText('Create page')).toBeNull();
  });

  it('sends a reset mail from the Forgot password dialog', async () => {
    const fetch = stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/auth/request-password-reset': { body: { status: true } },
    });
    const { user } = renderRoutes(routes, '/auth/signin');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const email = within(dialog).getByLabelText('Email');
    expect(document.activeElement).toBe(email);

    await user.type(email, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await within(dialog).findByText('Please enter your email address')).toBeTruthy();

    await user.clear(email);
    await user.type(email, ' seller@shop.com {Enter}');
    expect((await within(dialog).findByText(/If an account exists for/)).textContent).toContain(
      "seller@shop.com, we've sent a link to reset your password",
    );
    expect(bodiesSentTo(fetch, '/api/auth/request-password-reset')).toEqual([
      { email: 'seller@shop.com', redirectTo: '/auth/reset-password' },
    ]);

    const done = within(dialog).getByRole('button', { name: 'Back to sign in' });
    // The form that held focus is gone; focus lands on its result, not on the page.
    expect(document.activeElement).toBe(done);
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('has links to sign-up and a close button to /', async () => {
    stubFetch({ 'GET /api/auth/get-session': { body: null } });
    const { user, router } = renderRoutes(routes, '/auth/signin');
    expect(
      (await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href'),
    ).toBe('/auth/signup');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sits in the centre of the landing layout: header, hero gallery, footer', async () => {
    stubFetch({ 'GET /api/auth/get-session': { body: null } });
    renderRoutes(routes, '/auth/signin');
    const main = await screen.findByRole('main');
    const card = within(main).getByRole('region', { name: 'Welcome back' });
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByLabelText('Email')));
    // The site header (jsdom also counts the card's own <header> as a banner).
    const siteHeader = screen.getAllByRole('banner')[0]!;
    expect(within(siteHeader).getByRole('link', { name: 'Create account' })).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Pause gallery' })).toBeTruthy();
    expect(within(main).getAllByRole('img', { name: /suede loafers/i })).toHaveLength(1);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms of Service' }));
    const headings = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(headings.filter((h) => h.startsWith('H1'))).toEqual(['H1 Welcome back']);
    expect(headings[1]).toBe('H2 Example listings drafted from product photos');
  });
});
