import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  callsTo,
  isolateLibraryTests,
  libraryGaps,
  libraryPage,
  makeProduct,
  renderLibrary,
  stubFetch,
} from './test-support';

isolateLibraryTests();

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp', description: words(40) });
const bare = makeProduct({ id: 'p2', title: 'Old mug', description: '', tags: [] });
const counts = { 'no-description': 12, 'no-tags': 3 };

/** The filters, once their counts are in (asked for after the list's first page). */
async function filters() {
  return within(await screen.findByRole('group', { name: 'Show products lacking' }));
}

describe('library: the audit’s gap filters', () => {
  it('shows the gaps the library has with their counts, and each card’s gaps', async () => {
    stubFetch({
      'GET /api/library/gaps': libraryGaps(counts),
      'GET /api/library': libraryPage([lamp, bare], { duplicateTitleIds: ['p1'] }),
    });
    renderLibrary();

    await screen.findByRole('article', { name: 'Old mug' });
    expect((await filters()).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'No description · 12',
      'No tags · 3',
    ]);
    const chips = (name: string) =>
      within(screen.getByRole('article', { name })).getByTestId('gap-chips').textContent;
    expect(chips('Old mug')).toBe('Lacks:No descriptionNo tags');
    expect(chips('Brass Desk Lamp')).toBe('Lacks:Duplicate title');
  });

  it('asks for the counts once the list’s first page is in, never beside it', async () => {
    let answer: () => void = () => undefined;
    const mock = stubFetch({
      'GET /api/library/gaps': libraryGaps(counts),
      'GET /api/library': () =>
        new Promise((resolve) => {
          answer = () => resolve(libraryPage([lamp]));
        }),
    });
    renderLibrary();
    const urls = () => mock.mock.calls.map(([input]) => String(input));
    await waitFor(() => expect(urls()).toContain('/api/library'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls()).not.toContain('/api/library/gaps');

    answer();
    await filters();
    expect(urls().filter((url) => url === '/api/library/gaps')).toHaveLength(1);
  });

  it('filters by one gap at a time, kept in the address; pressing it again shows all', async () => {
    const mock = stubFetch({
      'GET /api/library/gaps': libraryGaps(counts),
      'GET /api/library?gap=no-description': libraryPage([bare], { total: 12 }),
      'GET /api/library': libraryPage([lamp, bare]),
    });
    const { user, router } = renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    const button = (await filters()).getByRole('button', { name: 'No description · 12' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    // From the keyboard: Tab to it, Enter.
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?gap=no-description'));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: 'Old mug' })).toBeTruthy();
    const pressed = (await filters()).getByRole('button', { name: 'No description · 12' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement).toBe(pressed);

    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
    expect(callsTo(mock, 'GET /api/library?gap=no-description')).toHaveLength(1);
  });

  it('a reload keeps the gap and the search, and downloads take both', async () => {
    const mock = stubFetch({
      'GET /api/library/gaps?q=mug': libraryGaps(counts),
      'GET /api/library?q=mug&gap=no-tags': libraryPage([bare]),
    });
    const { user, downloads } = renderLibrary('/library?q=mug&gap=no-tags');

    await screen.findByRole('article', { name: 'Old mug' });
    expect(
      (await filters()).getByRole('button', { name: 'No tags · 3' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(callsTo(mock, 'GET /api/library?q=mug&gap=no-tags')).toHaveLength(1);
    expect(screen.getByText('1 product matching “mug” with no tags')).toBeTruthy();

    stubFetch({
      'POST /api/library/readiness': { body: { total: 1, ready: 1, untitled: 0 } },
    });
    await user.click(screen.getByRole('button', { name: 'Download WooCommerce CSV' }));
    await waitFor(() =>
      expect(downloads).toEqual([
        { format: 'woocommerce', url: '/api/library/export/woocommerce?q=mug&gap=no-tags' },
      ]),
    );
  });

  it('an unknown gap in the address is no filter', async () => {
    const mock = stubFetch({
      'GET /api/library/gaps': libraryGaps(counts),
      'GET /api/library': libraryPage([lamp]),
    });
    renderLibrary('/library?gap=nonsense');

    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    expect(callsTo(mock, 'GET /api/library?')).toHaveLength(0);
    expect((await filters()).getAllByRole('button').every((b) => b.ariaPressed === 'false')).toBe(
      true,
    );
  });

  it('a gap no product has says so, and offers the way back', async () => {
    stubFetch({
      'GET /api/library/gaps': libraryGaps(counts),
      'GET /api/library?gap=no-category': libraryPage([]),
      'GET /api/library': libraryPage([lamp]),
    });
    const { user, router } = renderLibrary('/library?gap=no-category');

    expect(await screen.findByText('No products with no category')).toBeTruthy();
    // The active gap stays in the row, even at zero, so it can be turned off there too.
    expect((await filters()).getByRole('button', { name: 'No category · 0' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all products' }));
    expect(await screen.findByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
