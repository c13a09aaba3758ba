import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CombineResponse } from '#domain/api/product-photos';
import type { BulkReply } from '#domain/library';
import { COMBINE_LABEL } from '#web/components/combine-button';
import {
  callsTo,
  isolateLibraryTests,
  libraryPage,
  makeProduct,
  renderLibrary,
  stubFetch,
} from './test-support';

isolateLibraryTests();

const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp' });
const mug = makeProduct({ id: 'p2', title: 'Stoneware Mug' });
const OTHER_IMAGE = '00000000-0000-4000-8000-000000000002';

function bar() {
  return screen.getByRole('region', { name: 'Library actions' });
}

describe('library selection and bulk actions', () => {
  it('deletes the ticked products after a confirmation, then reports each one', async () => {
    let loads = 0;
    const reply: BulkReply = {
      results: [
        { id: 'p1', title: 'Brass Desk Lamp', outcome: 'done', message: 'Deleted.' },
        {
          id: 'p2',
          title: 'Stoneware Mug',
          outcome: 'failed',
          message: 'It could not be deleted. Please try again.',
        },
      ],
    };
    const mock = stubFetch({
      'GET /api/library': () => {
        loads += 1;
        return libraryPage(loads === 1 ? [lamp, mug] : [mug]);
      },
      'POST /api/library/bulk': { body: reply },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user, flushEdits, onDeleted } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    expect(within(bar()).getByRole('status').textContent).toBe('All 2 products in your library');
    // Nothing selected: no bulk action to take.
    expect(within(bar()).queryByRole('button', { name: 'Delete' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    expect(within(bar()).getByRole('status').textContent).toBe('2 selected');

    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 2 products?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 products' }));

    const report = await screen.findByRole('dialog', { name: 'Delete: what happened' });
    expect(callsTo(mock, 'POST /api/library/bulk')).toEqual([
      { selection: { kind: 'ids', ids: ['p1', 'p2'] }, action: { type: 'delete' } },
    ]);
    expect(flushEdits).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalledWith(['p1']);
    expect(report.textContent).toContain('1 done · 0 skipped · 1 failed');
    const lines = within(report).getAllByRole('listitem');
    expect(lines[0]!.textContent).toContain('Brass Desk Lamp');
    expect(lines[0]!.textContent).toContain('Done');
    expect(lines[1]!.textContent).toContain('It could not be deleted. Please try again.');
    expect(lines[1]!.textContent).toContain('Failed');

    // The list is read again and the selection is cleared.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull(),
    );
    await user.click(within(report).getByRole('button', { name: 'Done' }));
    expect(within(bar()).getByRole('status').textContent).toBe('All 1 product in your library');
  });

  it('selects every result of a search, more than are loaded, and sets their status', async () => {
    const mock = stubFetch({
      'GET /api/library': libraryPage([lamp, mug], { nextCursor: 'c2', total: 120 }),
      'POST /api/library/bulk': {
        body: {
          results: [{ id: 'p1', title: 'Brass Desk Lamp', outcome: 'done', message: 'Archived.' }],
        },
      },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user } = renderLibrary('/library?q=brass');
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    expect(within(bar()).getByRole('status').textContent).toBe('120 products matching “brass”');

    await user.click(within(bar()).getByRole('button', { name: 'Select the 2 shown' }));
    expect(within(bar()).getByRole('status').textContent).toBe('2 selected');
    await user.click(within(bar()).getByRole('button', { name: 'Select all 120 results' }));
    expect(within(bar()).getByRole('status').textContent).toBe(
      'All 120 products matching “brass” selected',
    );
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Stoneware Mug' }).checked,
    ).toBe(true);

    await user.click(within(bar()).getByRole('button', { name: 'Set status' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Set the status of 120 products',
    });
    await user.click(within(dialog).getByRole('radio', { name: /Archived/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Set to Archived' }));

    await screen.findByRole('dialog', { name: 'Set status: what happened' });
    expect(callsTo(mock, 'POST /api/library/bulk')).toEqual([
      {
        selection: { kind: 'search', q: 'brass' },
        action: { type: 'set-status', status: 'archived' },
      },
    ]);
  });

  it('unticking one of every result keeps the other loaded ones', async () => {
    stubFetch({ 'GET /api/library': libraryPage([lamp, mug], { nextCursor: 'c2', total: 50 }) });
    const { user } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.click(within(bar()).getByRole('button', { name: 'Select all 50 products' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    expect(within(bar()).getByRole('status').textContent).toBe('1 selected');
  });

  it('regenerating text says that edited fields are kept', async () => {
    const mock = stubFetch({
      'GET /api/library': libraryPage([lamp]),
      'POST /api/library/bulk': {
        body: {
          results: [
            {
              id: 'p1',
              title: 'Brass Desk Lamp',
              outcome: 'skipped',
              message: 'You edited the title and the description, so they were kept.',
            },
          ],
        },
      },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user } = renderLibrary();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    await user.click(within(bar()).getByRole('button', { name: 'Regenerate text' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate text for 1 product?' });
    expect(dialog.textContent).toContain('Any field you edited yourself is kept');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate text' }));

    const report = await screen.findByRole('dialog', { name: 'Regenerate text: what happened' });
    expect(report.textContent).toContain('Skipped');
    expect(report.textContent).toContain('so they were kept');
    expect(callsTo(mock, 'POST /api/library/bulk')).toEqual([
      { selection: { kind: 'ids', ids: ['p1'] }, action: { type: 'regenerate' } },
    ]);
  });

  it('a refused bulk action shows the server’s message and keeps the selection', async () => {
    stubFetch({
      'GET /api/library': libraryPage([lamp]),
      'POST /api/library/bulk': { status: 403, body: { error: 'Your library is read-only.' } },
    });
    const { user } = renderLibrary();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 1 product' }));

    expect(await screen.findByText('Your library is read-only.')).toBeTruthy();
    // The question stays, to try again or cancel; the selection is as it was.
    expect(screen.getByRole('dialog', { name: 'Delete 1 product?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(bar()).getByRole('status').textContent).toBe('1 selected');
  });

  it('downloads the whole library, the search, or the selection', async () => {
    stubFetch({
      'GET /api/library': libraryPage([lamp, mug], { total: 2 }),
      'POST /api/library/readiness': { body: { total: 2, ready: 2, untitled: 0 } },
    });
    const { user, downloads, router } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.click(within(bar()).getByRole('button', { name: 'Download Shopify CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    await user.click(within(bar()).getByRole('button', { name: 'Download Squarespace CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    await router.navigate('/library?q=brass lamp');
    await screen.findByText('2 products matching “brass lamp”');
    await user.click(within(bar()).getByRole('button', { name: 'Download Shopify CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(3));
    expect(downloads).toEqual([
      { format: 'shopify', url: '/api/library/export/shopify' },
      {
        format: 'squarespace',
        url: '/api/library/export/squarespace',
        body: { selection: { kind: 'ids', ids: ['p2'] } },
      },
      { format: 'shopify', url: '/api/library/export/shopify?q=brass+lamp' },
    ]);
  });

  it('a read-only library: a banner to subscribe again, cards locked, downloads only', async () => {
    stubFetch({
      'GET /api/library': libraryPage([lamp], {
        access: { mode: 'read-only', deleteAfter: '2026-12-25T12:00:00.000Z' },
      }),
      'POST /api/library/readiness': { body: { total: 1, ready: 1, untitled: 0 } },
    });
    const { user, downloads } = renderLibrary();
    const card = await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    expect(within(card).getByText('Read-only card')).toBeTruthy();
    const banner = screen.getByText(/Your library is read-only until December 25, 2026/);
    expect(banner.textContent).toContain('Subscribe again to keep editing.');
    expect(screen.getByRole('button', { name: 'Subscribe again' })).toBeTruthy();

    await user.click(within(card).getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    expect(within(bar()).getByRole('status').textContent).toBe('1 selected');
    for (const name of ['Delete', 'Set status', 'Regenerate text']) {
      expect(within(bar()).queryByRole('button', { name })).toBeNull();
    }
    await user.click(within(bar()).getByRole('button', { name: 'Download Shopify CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads).toEqual([
      {
        format: 'shopify',
        url: '/api/library/export/shopify',
        body: { selection: { kind: 'ids', ids: ['p1'] } },
      },
    ]);
  });

  it('combines the ticked products into the first one ticked, and the credits come back', async () => {
    const combined = makeProduct({
      id: 'p2',
      title: 'Stoneware Mug',
      photos: [...mug.photos, ...lamp.photos.map((each) => ({ ...each, imageId: OTHER_IMAGE }))],
    });
    const reply: CombineResponse = {
      product: combined,
      removedProductIds: ['p1'],
      refundedCredits: 1,
    };
    const mock = stubFetch({
      'GET /api/library': libraryPage([lamp, mug]),
      'POST /api/products/combine': { body: reply },
      'GET /api/user/profile': { status: 401, body: { error: 'Not signed in' } },
    });
    const { user, flushEdits, onDeleted } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    const combine = within(bar()).getByRole('button', { name: COMBINE_LABEL });
    expect(combine.getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    expect(combine.getAttribute('aria-disabled')).toBeNull();
    await user.click(combine);

    expect(await screen.findByText('Combined into one product. 1 credit returned.')).toBeTruthy();
    expect(callsTo(mock, 'POST /api/products/combine')).toEqual([{ productIds: ['p2', 'p1'] }]);
    expect(flushEdits).toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalledWith(['p1']);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull(),
    );
    expect(within(bar()).getByRole('status').textContent).toBe('All 1 product in your library');
  });
});
