import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  isolateLibraryTests,
  libraryPage,
  makeProduct,
  renderLibrary,
  stubFetch,
} from './test-support';

isolateLibraryTests();

const products = ['p1', 'p2', 'p3'].map((id) => makeProduct({ id, title: `Product ${id}` }));

describe('publishing from the library', () => {
  it('publishes the ticked products, or every product of the search, loading the pages not shown', async () => {
    const mock = stubFetch({
      'GET /api/library?cursor=c2': libraryPage([products[2]!], { total: 3 }),
      'GET /api/library': libraryPage(products.slice(0, 2), { nextCursor: 'c2', total: 3 }),
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user, published, flushEdits } = renderLibrary();
    await screen.findByRole('article', { name: 'Product p1' });
    const bar = screen.getByRole('region', { name: 'Library actions' });

    // Nothing ticked: the whole library, including the page not loaded yet.
    await user.click(within(bar).getByRole('button', { name: 'Publish all 3' }));
    await waitFor(() => expect(published).toEqual([['p1', 'p2', 'p3']]));
    expect(flushEdits).toHaveBeenCalled();
    expect(callsTo(mock, 'GET /api/library?cursor=c2')).toHaveLength(1);

    await user.click(screen.getByRole('checkbox', { name: 'Select Product p2' }));
    await user.click(within(bar).getByRole('button', { name: 'Publish 1' }));
    await waitFor(() => expect(published[1]).toEqual(['p2']));
  });
});
