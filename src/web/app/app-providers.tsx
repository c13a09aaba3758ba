import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { prefetchFirstScreen } from '../lib/first-screen';
import { createAppQueryClient } from '../lib/query-client';
import AppToaster from '../lib/toast';

// One cache for the whole visit: it outlives this frame while the landing page is shown.
const queryClient = createAppQueryClient();
prefetchFirstScreen(queryClient, window.location.pathname);

/**
 * What every screen but the landing page's first load needs: the query cache and the toaster.
 * It loads with the first such screen, so `/` ships neither TanStack Query nor the toast library
 * (ADR 017). As a layout route it frames its child routes; around children, it frames those.
 */
export default function AppProviders({ children }: { children?: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children ?? <Outlet />}
      <AppToaster />
    </QueryClientProvider>
  );
}
