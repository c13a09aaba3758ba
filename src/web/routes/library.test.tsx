import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { isolateLibraryTests, libraryPage } from '../features/library/test-support';
import { callsTo, makeProduct, stubFetch } from '../features/review/test-support';
import { renderRoutes } from '#web/test-support/render-routes';
import LibraryRoute from './library';

isolateLibraryTests();

const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp' });
const mug = makeProduct({ id: 'p2', title: 'Stoneware Mug' });

function renderLibraryRoute() {
  return renderRoutes([{ path: '/library', element: <LibraryRoute /> }], '/library');
}

describe('/library with the review card', () => {
  it('edits a saved product as in review: autosaved, and the library shows the saved copy', async () => {
    const fetch = stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'PATCH /api/product/p1': (body) => ({
        body: { ...lamp, ...(body as Partial<Product>), editedFields: ['title'] },
      }),
    });
    const { user, queryClient } = renderLibraryRoute();
    const card = await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    const title = within(card).getByLabelText<HTMLInputElement>('Product name');
    await user.clear(title);
    await user.type(title, 'Solid Brass Desk Lamp');
    await user.tab();

    await waitFor(() =>
      expect(callsTo(fetch, 'PATCH /api/product/p1').at(-1)).toEqual({
        title: 'Solid Brass Desk Lamp',
      }),
    );
    await waitFor(() => {
      const cached = queryClient.getQueryData<{ pages: { products: Product[] }[] }>([
        'library',
        { q: '' },
      ]);
      expect(cached?.pages[0]?.products[0]?.title).toBe('Solid Brass Desk Lamp');
    });
    expect(screen.getByRole('article', { name: 'Solid Brass Desk Lamp' })).toBeTruthy();
  }, 15_000);

  it('deletes one product after a confirmation that names the library', async () => {
    const fetch = stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'DELETE /api/product/p1': { status: 204 },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user } = renderLibraryRoute();
    const card = await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.click(within(card).getByRole('button', { name: 'Delete product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    expect(dialog.textContent).toContain('will be removed from your library');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull(),
    );
    expect(callsTo(fetch, 'DELETE /api/product/p1')).toHaveLength(1);
    // One fewer in the count, without reading every page again.
    expect(screen.getByText('All 1 product in your library')).toBeTruthy();
  });

  it('a read-only library shows the listing without a way to change it', async () => {
    stubFetch({
      'GET /api/library': libraryPage([lamp], {
        access: { mode: 'read-only', deleteAfter: '2026-12-25T12:00:00.000Z' },
      }),
    });
    renderLibraryRoute();
    const card = await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    // Disabled through their fieldset, which the `disabled` property does not reflect.
    expect(within(card).getByLabelText('Product name').matches(':disabled')).toBe(true);
    expect(within(card).getByLabelText('Product description').matches(':disabled')).toBe(true);
    expect(within(card).queryByRole('button', { name: 'Delete product' })).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Regenerate product name' }).matches(':disabled'),
    ).toBe(true);
    // Still chosen for a download.
    expect(
      within(card).getByRole<HTMLInputElement>('checkbox', { name: 'Select Brass Desk Lamp' })
        .disabled,
    ).toBe(false);
  });
});
