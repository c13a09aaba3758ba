import { cleanup, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuestOnly } from '#web/app/guards';
import { renderRoutes, signedInSession, stubFetch } from './test-utils';
import { NO_CREDITS_TITLE } from '#web/lib/no-credits-warning';
import { profileWith } from '#web/test-support/profile';
import { SignInScreen } from './sign-in-screen';

beforeEach(() => {
  // react-hot-toast asks for prefers-reduced-motion, which jsdom does not implement.
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});

afterEach(() => {
  cleanup();
  toast.remove();
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
  {
    path: '/create',
    // renderRoutes mounts the toaster, as the app layout does.
    element: <p>Create page</p>,
  },
];

async function signInWith(credits: { fixedCredits: number; subscriptionCredits: number }) {
  let signedIn = false;
  const fetch = stubFetch({
    'GET /api/auth/get-session': () => ({ body: signedIn ? signedInSession : null }),
    'POST /api/auth/sign-in/email': () => {
      signedIn = true;
      return { body: { user: { id: 'u1' } } };
    },
    'GET /api/user/profile': { body: profileWith(credits) },
  });
  const { user } = renderRoutes(routes, '/auth/signin');
  await user.type(await screen.findByLabelText('Email'), 'seller@shop.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Create page')).toBeTruthy();
  return fetch;
}

describe('sign-in with no credits left', () => {
  it(`warns '${NO_CREDITS_TITLE}' after signing in with 0 credits`, async () => {
    await signInWith({ fixedCredits: 0, subscriptionCredits: 0 });
    expect(await screen.findByText(NO_CREDITS_TITLE)).toBeTruthy();
  });

  it('does not warn when credits are left', async () => {
    const fetch = await signInWith({ fixedCredits: 1, subscriptionCredits: 0 });
    await waitFor(() =>
      expect(fetch.mock.calls.filter(([url]) => url === '/api/user/profile')).toHaveLength(1),
    );
    // Let the profile reply settle before checking that nothing was shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(NO_CREDITS_TITLE)).toBeNull();
  });
});
