// First: Zod's settings, before any module parses with it.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DesktopOnly } from './app/desktop-only';
import { AppRoutes } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DesktopOnly>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </DesktopOnly>
  </StrictMode>,
);

registerServiceWorker();
