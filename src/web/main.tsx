import { QueryClientProvider } from '@tanstack/react-query';
import * as Tooltip from '@radix-ui/react-tooltip';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { DesktopOnly } from './app/desktop-only';
import { router } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import { createAppQueryClient } from './lib/query-client';
import { AppToaster } from './lib/toast';
import './styles.css';

const queryClient = createAppQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Tooltip.Provider>
        <DesktopOnly>
          <RouterProvider router={router} />
        </DesktopOnly>
        <AppToaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  </StrictMode>,
);

registerServiceWorker();
