import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueImport as ImportResult } from '#domain/catalogue-import';
import { stubBrowserApis } from '#web/test-support/browser-apis';
import { profileWith } from '#web/test-support/profile';
import { renderRoutes } from '#web/test-support/render-routes';
import { callsTo, stubFetch, type Reply } from '#web/test-support/stub-fetch';
import { CatalogueImport } from './catalogue-import';

const START = 'POST /api/catalogue-imports/shopify';
const STORES = [
  { id: 's1', shopDomain: 'first.myshopify.com' },
  { id: 's2', shopDomain: 'second.myshopify.com' },
];

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function importOf(extra: Partial<ImportResult>): ImportResult {
  return {
    id: '0b7c8f2e-1111-4222-8333-444455556666',
    fileName: 'second.myshopify.com',
    format: null,
    state: 'importing',
    created: 0,
    updated: 0,
    skipped: [],
    error: null,
    images: { pending: 0, done: 0, fetched: 0, failed: 0, failures: [] },
    createdAt: '2026-11-28T10:00:00.000Z',
    ...extra,
  };
}

function renderImport(
  stores: typeof STORES,
  progress: Reply = { body: importOf({}) },
  fileImport: Reply = { status: 400, body: { error: 'Not a file test', line: null } },
) {
  const fetch = stubFetch({
    'GET /api/user/profile': { body: profileWith({ ShopifyStore: stores }) },
    'GET /api/library': { body: { products: [] } },
    [START]: { status: 202, body: importOf({}) },
    'POST /api/catalogue-imports': fileImport,
    'GET /api/catalogue-imports/': progress,
  });
  const view = renderRoutes(
    [{ path: '/productlibrary', element: <CatalogueImport /> }],
    '/productlibrary',
  );
  return { ...view, fetch };
}

describe('Import from Shopify', () => {
  it('imports the chosen connected store and shows its progress as a file import', async () => {
    const done = importOf({
      state: 'done',
      format: 'shopify-store',
      created: 3,
      images: { pending: 0, done: 3, fetched: 2, failed: 0, failures: [] },
    });
    const { user, fetch } = renderImport(STORES, { body: done });
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    await user.selectOptions(await screen.findByLabelText('Shopify store'), 'second.myshopify.com');
    await user.click(screen.getByRole('button', { name: 'Import from Shopify' }));
    // The store is read after the answer: 'so far' until the poll finds it done.
    expect(await screen.findByText(/0 created · 0 updated · 0 skipped so far/)).toBeTruthy();
    expect(
      await screen.findByText(
        /second\.myshopify\.com \(Shopify store\): 3 created · 0 updated · 0 skipped$/,
        undefined,
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('Images: 2 fetched.')).toBeTruthy();
    expect(callsTo(fetch, START)).toEqual([{ shop: 'second.myshopify.com' }]);
  });

  it('names the one connected store, and tells why an import stopped', async () => {
    const stopped = importOf({
      state: 'done',
      format: 'shopify-store',
      created: 15,
      error: 'Shopify could not be reached. Please try again.',
    });
    const { user, fetch } = renderImport(STORES.slice(0, 1), { body: stopped });
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    expect(await screen.findByText('Or straight from first.myshopify.com:')).toBeTruthy();
    expect(screen.queryByLabelText('Shopify store')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import from Shopify' }));
    expect(
      await screen.findByText('Shopify could not be reached. Please try again.', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    expect(callsTo(fetch, START)).toEqual([{ shop: 'first.myshopify.com' }]);
  });

  it('is not offered without a connected store', async () => {
    const { user } = renderImport([]);
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    expect(await screen.findByLabelText('CSV file')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import from Shopify' })).toBeNull();
  });
});

describe('Sending a file import back', () => {
  it('offers the file in its own format, and says the store updates the same handles', async () => {
    const done = importOf({
      fileName: 'products.csv',
      format: 'shopify',
      state: 'done',
      updated: 3,
      images: { pending: 0, done: 3, fetched: 3, failed: 0, failures: [] },
    });
    const { user } = renderImport([], { body: done }, { status: 201, body: done });
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    await user.upload(
      await screen.findByLabelText('CSV file'),
      new File(['Handle,Title'], 'products.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const link = await screen.findByRole('link', {
      name: 'Download Shopify CSV to update your store',
    });
    expect(link.getAttribute('href')).toBe(`/api/catalogue-imports/${done.id}/export`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(
      screen.getByText(/updates the products with the same handle\.$/, { exact: false }),
    ).toBeTruthy();
  });

  it('is not offered for a store read through its API', async () => {
    const done = importOf({ state: 'done', format: 'shopify-store', created: 3 });
    const { user } = renderImport(STORES.slice(0, 1), { body: done });
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    await user.click(await screen.findByRole('button', { name: 'Import from Shopify' }));
    expect(
      await screen.findByText(/3 created · 0 updated · 0 skipped$/, undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /to update your store/ })).toBeNull();
  });
});

describe('Images not fetched', () => {
  it('counts every failed image, listing only the first the server sent', async () => {
    const failures = Array.from({ length: 50 }, (_, i) => ({
      line: i + 2,
      key: `p${i}`,
      productId: `id-${i}`,
      url: `https://cdn.example/p${i}.jpg`,
      reason: 'The server answered 404.',
    }));
    const done = importOf({
      state: 'done',
      format: 'shopify-store',
      created: 80,
      images: { pending: 0, done: 80, fetched: 5, failed: 75, failures },
    });
    const { user } = renderImport(STORES.slice(0, 1), { body: done });
    await user.click(screen.getByRole('button', { name: 'Import products' }));
    await user.click(await screen.findByRole('button', { name: 'Import from Shopify' }));
    expect(
      await screen.findByText('Images: 5 fetched, 75 could not be fetched.', undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Images not fetched (75)' })).toBeTruthy();
    expect(screen.getByText('…and 55 more')).toBeTruthy();
  });
});
