import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { RequireAuth } from '#web/app/guards';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch } from '#web/test-support/stub-fetch';
import { apiFetch } from './api-client';
import { createAppQueryClient } from './query-client';
import { sessionQueryKey } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = {
  user: { id: 'u1', email: 'seller@shop.com', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};
const unauthorized = { status: 401, body: { error: 'Unauthorized' } };
const itemsSchema = z.object({ items: z.array(z.string()) });

/** A screen that reads with a query and writes with a mutation, as every signed-in screen does. */
function ItemsScreen() {
  const items = useQuery({
    queryKey: ['items'],
    queryFn: () => apiFetch('/api/items', itemsSchema),
  });
  const save = useMutation({
    mutationFn: () => apiFetch('/api/items', itemsSchema, { method: 'POST', body: {} }),
  });
  return (
    <>
      <p>{items.data ? `Items: ${items.data.items.join(', ')}` : 'Loading items'}</p>
      <button type="button" onClick={() => save.mutate()}>
        Save
      </button>
    </>
  );
}

const routes = [
  {
    path: '/library',
    element: (
      <RequireAuth>
        <ItemsScreen />
      </RequireAuth>
    ),
  },
  { path: '/auth/signin', element: <p>Sign-in page</p> },
];

describe('a 401 anywhere', () => {
  it('from a mutation sends the seller to sign-in, remembering the screen', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: signedIn },
      'GET /api/items': { body: { items: ['lamp'] } },
      'POST /api/items': unauthorized,
    });
    const { user, router, queryClient } = renderRoutes(routes, '/library?q=brass#top');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    // Items may render first; the click's answer is what moves the seller.
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/signin');
    expect(router.state.location.search).toBe(
      `?redirectTo=${encodeURIComponent('/library?q=brass#top')}`,
    );
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('from a query sends the seller to sign-in at once, without the usual retries', async () => {
    const fetch = stubFetch({
      'GET /api/auth/get-session': { body: signedIn },
      'GET /api/items': unauthorized,
    });
    // The app's own cache, retries included (renderRoutes turns them off).
    const router = createMemoryRouter(routes, { initialEntries: ['/library'] });
    render(
      <QueryClientProvider client={createAppQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(router.state.location.search).toBe('?redirectTo=%2Flibrary');
    expect(callsTo(fetch, 'GET /api/items')).toHaveLength(1);
  });

  it('while nobody is signed in is the call’s own answer: nothing else changes', async () => {
    stubFetch({
      'GET /api/auth/get-session': { body: null },
      'POST /api/items': unauthorized,
    });
    function GuestForm() {
      const attempt = useMutation({
        mutationFn: () => apiFetch('/api/items', itemsSchema, { method: 'POST', body: {} }),
      });
      return (
        <>
          <button type="button" onClick={() => attempt.mutate()}>
            Try
          </button>
          {attempt.isError && <p role="alert">{attempt.error.message}</p>}
        </>
      );
    }
    const { user, router, queryClient } = renderRoutes(
      [{ path: '/auth/signin', element: <GuestForm /> }],
      '/auth/signin?redirectTo=%2Faccount',
    );
    queryClient.setQueryData(['items'], { items: ['kept'] });
    await user.click(screen.getByRole('button', { name: 'Try' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unauthorized');
    await waitFor(() => expect(router.state.location.search).toBe('?redirectTo=%2Faccount'));
    expect(queryClient.getQueryData(['items'])).toEqual({ items: ['kept'] });
  });
});
