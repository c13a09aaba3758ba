import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubFetch } from '../features/auth/test-utils';
import { installFakeXhr, onlyRequest } from '../features/upload/test-support/fake-xhr';
import {
  makeProduct,
  profileWith,
  resetUpload,
} from '../features/upload/test-support/render-uploader';
import { registerScreenPreloads } from '../lib/screen-preload';
import CreateRoute from './create';

beforeEach(() => {
  installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  cleanup();
  await resetUpload();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/create', element: <CreateRoute /> },
  { path: '/productlibrary', element: <p>Review page</p> },
  { path: '/terms', element: <p>Terms page</p> },
];

describe('/create', () => {
  it('sends a seller with drafts waiting to the review screen', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [makeProduct('p1', 'mug.png')] } },
      'GET /api/user/profile': { body: profileWith({}) },
    });
    const { router } = renderRoutes(routes, '/create');
    expect(screen.getByRole('status', { name: 'Loading your products' })).toBeTruthy();
    expect(await screen.findByText('Review page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/productlibrary');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('heading', { name: "Let's create your product library" })).toBeNull();
  });

  it('shows the heading, the drop zone and the terms link when there are no drafts', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [] } },
      'GET /api/user/profile': { body: profileWith({}) },
    });
    renderRoutes(routes, '/create');
    expect(
      await screen.findByRole('heading', { level: 1, name: "Let's create your product library" }),
    ).toBeTruthy();
    expect(
      await screen.findByRole('button', {
        name: 'Drag and drop product photos here or click to browse your files',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/terms');
  });

  it('goes to the review screen after a successful upload, its code fetched meanwhile', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [] } },
      'GET /api/user/profile': { body: profileWith({}) },
    });
    const loadReview = vi.fn(() => Promise.resolve({}));
    registerScreenPreloads({ '/productlibrary': loadReview });
    const { router, user } = renderRoutes(routes, '/create');
    await screen.findByRole('button', {
      name: 'Drag and drop product photos here or click to browse your files',
    });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [new File(['x'], 'mug.png', { type: 'image/png' })]);
    expect(loadReview).toHaveBeenCalledTimes(1);

    const results = [makeProduct('p1', 'mug.png')];
    act(() => onlyRequest().respond(202, { results, rejected: [] }));
    expect(await screen.findByText('Review page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/productlibrary');
  });

  it('still offers the upload when the draft check fails, with a way to retry it', async () => {
    let productsCalls = 0;
    stubFetch({
      'GET /api/products': () => {
        productsCalls += 1;
        return { status: 500, body: { error: 'Failed to load your products' } };
      },
      'GET /api/user/profile': { body: profileWith({}) },
    });
    const { user } = renderRoutes(routes, '/create');
    const warning = await screen.findByText('Failed to load your products');
    expect(warning.getAttribute('role')).toBe('status');
    expect(
      await screen.findByRole('button', {
        name: 'Drag and drop product photos here or click to browse your files',
      }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(productsCalls).toBe(2));
  });
});
