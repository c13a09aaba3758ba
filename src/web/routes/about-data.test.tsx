import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { renderRoutes } from '#web/test-support/render-routes';
import { stubFetch } from '#web/test-support/stub-fetch';
import AboutDataRoute from './about-data';

beforeEach(() => {
  stubBrowserApis();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe(): void {}
      disconnect(): void {}
    },
  );
  stubFetch({
    'GET /api/auth/get-session': { body: null },
    'GET /api/public-config': { body: { supportEmail: 'support@listsmith.test' } },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('About the data', () => {
  it('gives the price data’s ODC-By notice: name, licence, links and what was changed', async () => {
    renderRoutes([{ path: '/about-data', element: <AboutDataRoute /> }], '/about-data');
    const data = (await screen.findByRole('heading', { name: /The price data and its licence/ }))
      .parentElement!;
    expect(data.textContent).toContain(
      'Contains information from the “Amazon Products Dataset 2023 (1.4M Products)” by asaniczka, which is made available under the ODC Attribution License 1.0 (ODC-By).',
    );
    expect(within(data).getByRole('link', { name: /Amazon Products Dataset 2023/ })).toHaveProperty(
      'href',
      'https://www.kaggle.com/datasets/asaniczka/amazon-products-dataset-2023-1-4m-products',
    );
    expect(within(data).getByRole('link', { name: 'ODC Attribution License 1.0' })).toHaveProperty(
      'href',
      'https://opendatacommons.org/licenses/by/1-0/',
    );
    const changed = screen.getByRole('heading', { name: /What we changed/ }).parentElement!;
    expect(changed.textContent).toMatch(/random sample of 10,000/);
    expect(changed.textContent).toMatch(/not adjusted for inflation/);
    const categories = screen.getByRole('heading', { name: /Category names/ }).parentElement!;
    expect(categories.textContent).toMatch(
      /Shopify Standard Product Taxonomy \(release 2024-10\), © Shopify, MIT License/,
    );
  });
});
