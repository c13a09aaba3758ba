import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DesktopOnly } from './app/desktop-only';
import { AppRoutes } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import { createAppQueryClient } from './lib/query-client';
import './styles.css';

// The first page shows no toast, so the toast library loads after it instead of with it.
const AppToaster = lazy(() => import('./lib/toast'));

const queryClient = createAppQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DesktopOnly>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DesktopOnly>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
