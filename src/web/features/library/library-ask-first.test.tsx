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

const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp' });
const mug = makeProduct({ id: 'p2', title: 'Stoneware Mug' });
const bar = () => screen.getByRole('region', { name: 'Library actions' });
const READINESS = 'POST /api/library/readiness';

describe('library downloads ask first', () => {
  it('asks when products of the scope need attention, says how many are left out, Cancel sends nothing', async () => {
    const fetch = stubFetch({
      'GET /api/library': libraryPage([lamp, mug], { total: 47 }),
      [READINESS]: { body: { total: 47, ready: 40, untitled: 3 } },
    });
    const { user, downloads } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.click(within(bar()).getByRole('button', { name: 'Download Shopify CSV' }));
    let dialog = await screen.findByRole('dialog', {
      name: '7 of 47 products still need attention. Download anyway?',
    });
    expect(
      within(dialog).getByText('3 products have no name, so they are left out of the file.'),
    ).toBeTruthy();
    // The whole library was counted, not only the loaded page.
    expect(callsTo(fetch, READINESS)).toEqual([{ selection: { kind: 'search', q: '' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(downloads).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    await user.click(within(bar()).getByRole('button', { name: 'Download Squarespace CSV' }));
    dialog = await screen.findByRole('dialog');
    expect(callsTo(fetch, READINESS)[1]).toEqual({ selection: { kind: 'ids', ids: ['p2'] } });
    await user.click(within(dialog).getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatchObject({ format: 'squarespace' });
  });
});

describe('searching with products ticked', () => {
  it('unticks them and says so, instead of dropping them silently', async () => {
    stubFetch({ 'GET /api/library': libraryPage([lamp, mug], { total: 2 }) });
    const { user, router } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    expect(within(bar()).getByRole('button', { name: 'Publish 2' })).toBeTruthy();

    await router.navigate('/library?q=lamp');
    expect(
      await screen.findByText('Your selection of 2 products was cleared by the new search.'),
    ).toBeTruthy();
    await screen.findByText('2 products matching “lamp”');
    // Nothing ticked now: publishing would send every result, and says so.
    expect(within(bar()).getByRole('button', { name: 'Publish all 2' })).toBeTruthy();

    // Ticking again puts the notice away.
    await user.click(screen.getByRole('checkbox', { name: 'Select Brass Desk Lamp' }));
    expect(screen.queryByText(/was cleared by the new search/)).toBeNull();
  });

  it('says nothing when nothing was ticked', async () => {
    stubFetch({ 'GET /api/library': libraryPage([lamp], { total: 1 }) });
    const { router } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    await router.navigate('/library?q=lamp');
    await screen.findByText('1 product matching “lamp”');
    expect(screen.queryByText(/was cleared by the new search/)).toBeNull();
  });
});
