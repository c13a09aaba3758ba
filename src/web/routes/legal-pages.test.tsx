import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test-support/render-routes';
import { stubFetch } from '../test-support/stub-fetch';
import PrivacyRoute from './privacy';
import TermsRoute from './terms';

beforeEach(() => {
  // jsdom has none; the table of contents watches which section is in view with one.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(): void {}
      disconnect(): void {}
    },
  );
  window.scrollTo = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/privacy', element: <PrivacyRoute /> },
  { path: '/terms', element: <TermsRoute /> },
];

function withSupportEmail(supportEmail: string) {
  stubFetch({ 'GET /api/public-config': { body: { supportEmail } } });
}

describe('legal pages (Markdown rendered at build time)', () => {
  it('shows the terms with their numbered sections, anchors and facts filled in', async () => {
    withSupportEmail('help@shop.example');
    const { container } = renderRoutes(routes, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(document.title).toBe('Terms of Service | Listsmith');
    // The landing page's FAQ links to this anchor.
    const yourContent = container.querySelector('section#your-content');
    expect(yourContent?.querySelector('h2')?.textContent).toBe('10.Your content');
    expect(container.querySelector('section#plans-and-credits')?.textContent).toContain(
      '10 credits for $7',
    );
    expect(container.textContent).not.toContain('{{');
    await waitFor(() =>
      expect(
        screen.getAllByRole('link', { name: 'help@shop.example' })[0]?.getAttribute('href'),
      ).toBe('mailto:help@shop.example'),
    );
  });

  it('reads the support address the server wrote into the page, asking the API nothing', () => {
    const fetchStub = stubFetch({});
    const meta = document.createElement('meta');
    meta.name = 'listsmith:support-email';
    meta.content = 'desk@shop.example';
    document.head.append(meta);
    try {
      renderRoutes(routes, '/privacy');
      expect(
        screen.getAllByRole('link', { name: 'desk@shop.example' })[0]?.getAttribute('href'),
      ).toBe('mailto:desk@shop.example');
      expect(fetchStub).not.toHaveBeenCalled();
    } finally {
      meta.remove();
    }
  });

  it('follows a link to another page of the app without reloading it', async () => {
    withSupportEmail('support@listsmith.app');
    const { router, user } = renderRoutes(routes, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    const inText = screen
      .getAllByRole('link', { name: 'Terms of Service' })
      .find((link) => link.closest('article'));
    await user.click(inText!);
    expect(router.state.location.pathname).toBe('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
  });
});
