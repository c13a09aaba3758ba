/** Test-only: renders a component with a query client, a memory router and a faked profile. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Product } from '#domain/products';
import { makeProduct as makeReadyProduct } from '#domain/test-support/product';
import type { Profile } from '#domain/api/profile';
import { cancelUpload, useUploadStore } from '../upload-store';

export { profileWith } from '#web/test-support/profile';

/** Answers GET /api/user/profile with `profile`; any other fetch fails the test. */
export function stubProfileFetch(profile: Profile) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url !== '/api/user/profile') throw new Error(`Unexpected fetch: ${url}`);
    return new Response(JSON.stringify(profile), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function renderWithProviders(element: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/account', element: <p>Account page</p> },
    ],
    { initialEntries: ['/'] },
  );
  // The browser's file picker honours `accept`; the tests must reach the rules behind it.
  const user = userEvent.setup({ applyAccept: false });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, router };
}

/** A product just uploaded: pending, nothing drafted yet. */
export function makeProduct(id: string, fileName: string): Product {
  return makeReadyProduct({
    id,
    title: '',
    description: '',
    price: { suggested: null, low: null, high: null, basis: null },
    category: null,
    tags: [],
    altText: '',
    seoTitle: '',
    seoDescription: '',
    imageUrl: `/api/images/${id}/display.jpg`,
    thumbnailUrl: `/api/images/${id}/thumb.webp`,
    images: [`/api/images/${id}/display.jpg`],
    fileName,
    generation: { state: 'pending' },
  });
}

/** A file of the given size without allocating it (the rules only read `size`). */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The app's one upload outlives a test's render: stop it and forget what it said. */
export async function resetUpload(): Promise<void> {
  cancelUpload();
  await vi.waitFor(() => {
    if (useUploadStore.getState().run) throw new Error('the upload is still running');
  });
  useUploadStore.setState({ run: null, problem: null, notice: null, outcome: null });
}
