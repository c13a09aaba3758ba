// First: Zod's settings, before any module parses with it.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DesktopOnly } from './app/desktop-only';
import { AppRoutes, loadFirstScreen } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import './styles.css';

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DesktopOnly>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </DesktopOnly>
    </StrictMode>,
  );
}

// A chunk that fails to load is loaded again by the render, which shows the failure if it stays.
void loadFirstScreen().then(render, render);

registerServiceWorker();
