/** Renders routes inside the app's providers (query client, tooltips, toaster), as the app does. */
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createAppQueryClient } from '#web/lib/query-client';

export function renderRoutes(
  routes: RouteObject[],
  initialEntry: string | { pathname: string; search?: string; state?: unknown },
) {
  const queryClient = createAppQueryClient({
    queries: { retry: false },
    mutations: { retry: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RadixTooltip.Provider>
        <RouterProvider router={router} />
        <Toaster />
      </RadixTooltip.Provider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router, user };
}
