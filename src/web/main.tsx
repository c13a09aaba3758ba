// First: Zod's settings, before any module parses with it.
import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { DesktopOnly } from './app/desktop-only';
import { AppRoutes, loadFirstScreen } from './app/router';
import { registerServiceWorker } from './app/service-worker-registration';
import './styles.css';

/**
 * The first render is a transition, so React renders it in slices of a few milliseconds with the
 * browser's work between them, not in one task (a review of 100 cards took ~90 ms); it commits
 * once, as before (ADR 055).
 */
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <DesktopOnly>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </DesktopOnly>
      </StrictMode>,
    ),
  );
}

// A chunk that fails to load is loaded again by the render, which shows the failure if it stays.
void loadFirstScreen().then(render, render);

registerServiceWorker();
