import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderRoutes, stubFetch } from '#web/features/auth/test-utils';
import LandingRoute from '../landing';
import LandingGeneratedRoute from '../landing-generated';
import AccountConfirmationRoute from './account-confirmation';
import SignupRoute from './signup';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  { path: '/auth/signup', element: <SignupRoute /> },
  { path: '/auth/account-confirmation', element: <AccountConfirmationRoute /> },
  { path: '/', element: <LandingRoute /> },
  { path: '/landing-generated', element: <LandingGeneratedRoute /> },
];

async function fill(
  user: ReturnType<typeof renderRoutes>['user'],
  { email = 'new@shop.com', password = 'Secret123', confirm = '' } = {},
) {
  confirm ||= password;
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up screen', () => {
  it('shows the requirements checklist only while the password field has focus', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/auth/signup');
    const list = () => screen.queryByRole('list', { name: 'Password requirements' });
    expect(list()).toBeNull();
    await user.click(screen.getByLabelText('Password'));
    expect(list()).toBeTruthy();
    await user.click(screen.getByLabelText('Confirm Password'));
    expect(list()).toBeNull();
  });

  it('rejects weak and mismatched passwords without calling the server', async () => {
    const fetch = stubFetch({});
    const { user } = renderRoutes(routes, '/auth/signup');
    await fill(user, { password: 'secret', confirm: 'secrets' });
    expect(await screen.findByText('Password must meet all requirements')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    // Only the auth API matters here; the page footer may fetch public settings.
    expect(bodiesSentTo(fetch, '/api/auth/')).toEqual([]);
  });

  it('goes to the check-your-email screen with the address', async () => {
    const fetch = stubFetch({ 'POST /api/auth/sign-up/email': { body: { user: null } } });
    const { user, router } = renderRoutes(routes, '/auth/signup');
    await fill(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/account-confirmation');
    expect(screen.getByText('new@shop.com')).toBeTruthy();
    expect(bodiesSentTo(fetch, '/api/auth/sign-up/email')).toEqual([
      { email: 'new@shop.com', password: 'Secret123', name: 'new' },
    ]);
  });

  it('shows the sign-up network message', async () => {
    stubFetch({ 'POST /api/auth/sign-up/email': new TypeError('Failed to fetch') });
    const { user } = renderRoutes(routes, '/auth/signup');
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error occurred. Please try again',
    );
  });

  it('marks the email field when the address is already registered', async () => {
    stubFetch({
      'POST /api/auth/sign-up/email': {
        status: 400,
        body: { message: 'Email already registered' },
      },
    });
    const { user } = renderRoutes(routes, '/auth/signup');
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists',
    );
    expect(screen.getByText('This email is already registered')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('falls back to the default message', async () => {
    stubFetch({ 'POST /api/auth/sign-up/email': { status: 403, body: {} } });
    const { user } = renderRoutes(routes, '/auth/signup');
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred. Please try again',
    );
  });

  it('shows the form in the centre of the landing layout: header, hero gallery, footer', async () => {
    stubFetch({});
    renderRoutes(routes, '/auth/signup');
    const main = screen.getByRole('main');
    const card = within(main).getByRole('region', { name: 'Create your account' });
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByLabelText('Email')));
    // The site header (jsdom also counts the card's own <header> as a banner).
    const siteHeader = screen.getAllByRole('banner')[0]!;
    expect(within(siteHeader).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(
      within(main).getByRole('heading', { name: 'Example listings drafted from product photos' }),
    ).toBeTruthy();
    expect(within(main).getByRole('button', { name: 'Pause gallery' })).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }));
    // One h1, the form's; the gallery's heading follows it.
    const headings = screen.getAllByRole('heading').map((h) => `${h.tagName} ${h.textContent}`);
    expect(headings.filter((h) => h.startsWith('H1'))).toEqual(['H1 Create your account']);
    expect(headings.slice(0, 2)).toEqual([
      'H1 Create your account',
      'H2 Example listings drafted from product photos',
    ]);
  });

  it('closes to / when the visitor came from the landing page', async () => {
    stubFetch({});
    const { user, router } = renderRoutes(routes, '/');
    await user.click(screen.getAllByRole('link', { name: 'Create account' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('closes to / when opened directly, even with /landing-generated as the referrer', async () => {
    stubFetch({});
    // A page load's referrer says nothing about the in-app history to go back to.
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('http://localhost/landing-generated');
    const { user, router } = renderRoutes(routes, '/auth/signup');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it.each(['banner', 'main', 'contentinfo'] as const)(
    'closes back one page when the visitor followed a sign-up link in /landing-generated (%s)',
    async (area) => {
      stubFetch({});
      const { user, router } = renderRoutes(routes, '/landing-generated');
      const links = within(screen.getAllByRole(area)[0]!).getAllByRole('link', {
        name: 'Create account',
      });
      await user.click(links[0]!);
      await user.click(await screen.findByRole('button', { name: 'Close' }));
      expect(router.state.location.pathname).toBe('/landing-generated');
      expect(router.state.historyAction).toBe('POP');
    },
  );
});
