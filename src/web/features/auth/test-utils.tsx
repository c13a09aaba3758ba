import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/** Test-only: renders routes in a memory router with a fresh query client. */
export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; search?: string; state?: unknown },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}

type Reply = { status?: number; body?: unknown } | Error;
type Handler = (body: unknown, url: string) => Reply;

/**
 * Stubs `globalThis.fetch`: each key is a path prefix ("POST /api/auth/sign-in/email"); unmatched
 * calls fail the test loudly. Returns the mock so tests can inspect calls.
 */
export function stubFetch(handlers: Record<string, Reply | Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = init?.method ?? 'GET';
    const key = Object.keys(handlers).find((k) => `${method} ${url}`.startsWith(k));
    if (!key) throw new Error(`Unexpected fetch: ${method} ${url}`);
    const entry = handlers[key]!;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = typeof entry === 'function' ? entry(body, url) : entry;
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON bodies sent to one path. */
export function bodiesSentTo(mock: ReturnType<typeof stubFetch>, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input]) => String(input).startsWith(path))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

export const signedInSession = {
  user: { id: 'u1', email: 'seller@shop.com', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};
