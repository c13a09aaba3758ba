import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodiesSentTo, renderRoutes, stubFetch } from './test-utils';
import { ResetPasswordScreen } from './reset-password-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const routes = [
  { path: '/auth/reset-password', element: <ResetPasswordScreen /> },
  { path: '/auth/signin', element: <p>Sign-in page</p> },
];

async function submit(
  user: ReturnType<typeof renderRoutes>['user'],
  password: string,
  confirm = password,
) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('reset password screen', () => {
  it('validates length, strength and confirmation', async () => {
    const fetch = stubFetch({});
    const { user } = renderRoutes(routes, '/auth/reset-password?token=t1');
    await submit(user, 'Ab1', 'Ab2');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'abcdefgh');
    expect(await screen.findByText('Password does not meet requirements')).toBeTruthy();
    // Only the auth API matters here; the page footer may fetch public settings.
    expect(bodiesSentTo(fetch, '/api/auth/')).toEqual([]);
  });

  it('shows the live requirements hint while the field has focus', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/auth/reset-password?token=t1');
    expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull();
    await user.click(screen.getByLabelText('New Password'));
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
  });

  it('updates the password, then redirects to sign-in after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const { user, router } = renderRoutes(routes, '/auth/reset-password?token=t1');
    await submit(user, 'NewSecret1');
    expect(await screen.findByRole('heading', { name: 'Password Updated!' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign In Now' }));
    expect(bodiesSentTo(fetch, '/api/auth/reset-password')).toEqual([
      { token: 't1', newPassword: 'NewSecret1' },
    ]);

    act(() => vi.advanceTimersByTime(2500));
    expect(router.state.location.pathname).toBe('/auth/reset-password');
    act(() => vi.advanceTimersByTime(600));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
  });

  it('schedules the redirect for exactly 3000 ms and clears it on leaving', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
    stubFetch({ 'POST /api/auth/reset-password': { body: { status: true } } });
    const { user, router } = renderRoutes(routes, '/auth/reset-password?token=t1');
    await submit(user, 'NewSecret1');
    await user.click(await screen.findByRole('button', { name: 'Sign In Now' }));
    expect(router.state.location.pathname).toBe('/auth/signin');

    const index = setTimeoutSpy.mock.calls.findIndex(([, delay]) => delay === 3000);
    expect(index).toBeGreaterThanOrEqual(0);
    const timer = setTimeoutSpy.mock.results[index]!.value;
    expect(clearTimeoutSpy).toHaveBeenCalledWith(timer);
  });

  it('explains an invalid or used link and offers a new one', async () => {
    stubFetch({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { code: 'INVALID_TOKEN', message: 'invalid token' },
      },
    });
    const { user } = renderRoutes(routes, '/auth/reset-password?token=used');
    await submit(user, 'NewSecret1');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(
      'This reset link is invalid or has expired. Please request a new one.',
    );
    await user.click(within(banner).getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });

  it('explains a missing token and offers a new link', async () => {
    stubFetch({});
    const { user } = renderRoutes(routes, '/auth/reset-password');
    expect(screen.getByRole('heading', { name: 'This reset link is incomplete' })).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Reset your password' })).toBeTruthy();
  });
});
