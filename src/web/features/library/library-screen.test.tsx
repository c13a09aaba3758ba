import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  FakeIntersectionObserver,
  isolateLibraryTests,
  libraryPage,
  makeProduct,
  renderLibrary,
  stubFetch,
} from './test-support';

isolateLibraryTests();

const lamp = makeProduct({ id: 'p1', title: 'Brass Desk Lamp' });
const mug = makeProduct({ id: 'p2', title: 'Stoneware Mug' });
const scarf = makeProduct({ id: 'p3', title: 'Wool Scarf' });

function libraryUrls(mock: ReturnType<typeof stubFetch>): string[] {
  return mock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/library?') || url === '/api/library');
}

describe('library screen', () => {
  it('shows two skeleton cards while the first page loads', async () => {
    let answer: (value: unknown) => void = () => undefined;
    stubFetch({
      'GET /api/library': () =>
        new Promise((resolve) => {
          answer = () => resolve(libraryPage([lamp]));
        }),
    });
    renderLibrary();

    expect(screen.getByRole('heading', { name: 'Product Library' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search product library' })).toBeTruthy();
    expect(screen.getAllByTestId('library-skeleton')).toHaveLength(2);
    answer(undefined);
    expect(await screen.findByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
    expect(screen.queryByTestId('library-skeleton')).toBeNull();
  });

  it('an empty library offers Create Product and no download bar', async () => {
    stubFetch({ 'GET /api/library': libraryPage([]) });
    renderLibrary();

    expect(await screen.findByText('No products yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Product' }).getAttribute('href')).toBe(
      '/create',
    );
    expect(screen.queryByRole('button', { name: 'Download Shopify CSV' })).toBeNull();
  });

  it('a search without results says so with the term, and can be cleared', async () => {
    const mock = stubFetch({
      'GET /api/library?q=zzz': libraryPage([]),
      'GET /api/library': libraryPage([lamp]),
    });
    const { user, router } = renderLibrary('/library?q=zzz');

    expect(await screen.findByText('No products found matching "zzz"')).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search product library' }).value,
    ).toBe('zzz');
    expect(screen.queryByRole('button', { name: 'Download Shopify CSV' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(libraryUrls(mock)).toEqual(['/api/library?q=zzz', '/api/library']);
  });

  it('asks for each term as it is typed, draws only the term in the box, keeps it in the address', async () => {
    // 'm' and 'mu' answer only when the test says so: after 'mug', typed past.
    const held: (() => void)[] = [];
    const holdUntilReleased = (products: (typeof lamp)[]) => () =>
      new Promise<ReturnType<typeof libraryPage>>((resolve) => {
        held.push(() => resolve(libraryPage(products)));
      });
    const mock = stubFetch({
      'GET /api/library?q=mug': libraryPage([mug]),
      'GET /api/library?q=mu': holdUntilReleased([mug]),
      'GET /api/library?q=m': holdUntilReleased([lamp, mug]),
      'GET /api/library': libraryPage([lamp, mug]),
    });
    const { user, router } = renderLibrary('/library');
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });

    await user.type(screen.getByRole('searchbox', { name: 'Search product library' }), 'mug');
    await waitFor(() => expect(router.state.location.search).toBe('?q=mug'));
    expect(screen.getByRole('article', { name: 'Stoneware Mug' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull();
    expect(libraryUrls(mock)).toEqual([
      '/api/library',
      '/api/library?q=m',
      '/api/library?q=mu',
      '/api/library?q=mug',
    ]);

    // The answers for terms typed past change nothing.
    held.forEach((release) => release());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?q=mug');
    expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Stoneware Mug' })).toBeTruthy();
  });

  it('shows a failure with Retry, and loads on retry', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/library': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: 'The library is unavailable right now.' } }
          : libraryPage([lamp]);
      },
    });
    const { user } = renderLibrary();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The library is unavailable right now.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
  });

  it('a free seller is offered Premium instead of a library', async () => {
    stubFetch({
      'GET /api/library': {
        status: 403,
        body: { error: 'The library is part of Premium.', code: 'premium-required' },
      },
    });
    renderLibrary();

    expect(await screen.findByText('Keep every product in your library')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const mock = stubFetch({
      'GET /api/library?cursor=c2': libraryPage([scarf], { total: 3 }),
      'GET /api/library': libraryPage([lamp, mug], { nextCursor: 'c2', total: 3 }),
    });
    renderLibrary();
    await screen.findByRole('article', { name: 'Stoneware Mug' });
    expect(screen.queryByRole('article', { name: 'Wool Scarf' })).toBeNull();

    await FakeIntersectionObserver.show(screen.getByTestId('library-sentinel'));

    expect(await screen.findByRole('article', { name: 'Wool Scarf' })).toBeTruthy();
    expect(libraryUrls(mock)).toEqual(['/api/library', '/api/library?cursor=c2']);
    // The last page: no end marker to watch any more.
    expect(screen.queryByTestId('library-sentinel')).toBeNull();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-posinset'))).toEqual(['1', '2', '3']);
    expect(items[0]!.getAttribute('aria-setsize')).toBe('3');
  });

  it('is as tall as its total, and loads a page jumped to at its offset', async () => {
    const mock = stubFetch({
      'GET /api/library?offset=100': libraryPage([scarf], { total: 120 }),
      'GET /api/library?cursor=c2': libraryPage([mug], { total: 120 }),
      'GET /api/library': libraryPage([lamp], { nextCursor: 'c2', total: 120 }),
    });
    renderLibrary();
    await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    // Pages of 50: the rest of the second one, and the third's 20, hold their height.
    const toCome = screen.getAllByTestId('library-page-to-come');
    expect(toCome.map((block) => block.style.height)).toEqual(['1149rem', '459rem']);
    // They ask for their pages themselves: no end marker after them.
    expect(screen.queryByTestId('library-sentinel')).toBeNull();

    // End: the last page comes near first, and is asked for at its offset.
    await FakeIntersectionObserver.show(toCome[1]!);
    const last = await screen.findByRole('article', { name: 'Wool Scarf' });
    expect(libraryUrls(mock)).toEqual(['/api/library', '/api/library?offset=100']);
    const item = last.closest('[role="listitem"]')!;
    expect(item.getAttribute('aria-posinset')).toBe('101');
    expect(item.getAttribute('aria-setsize')).toBe('120');

    // The page after the loaded ones comes by its cursor, as scrolling down loads it.
    await FakeIntersectionObserver.show(screen.getAllByTestId('library-page-to-come')[0]!);
    expect(await screen.findByRole('article', { name: 'Stoneware Mug' })).toBeTruthy();
    expect(libraryUrls(mock)).toEqual([
      '/api/library',
      '/api/library?offset=100',
      '/api/library?cursor=c2',
    ]);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-posinset'))).toEqual(['1', '2', '101']);
  });

  it('keeps pages far from the screen as empty space of the same height', async () => {
    stubFetch({ 'GET /api/library': libraryPage([lamp, mug]) });
    renderLibrary();
    const card = await screen.findByRole('article', { name: 'Brass Desk Lamp' });
    const page = card.parentElement!.parentElement!;

    await FakeIntersectionObserver.show(page, false);
    expect(screen.queryByRole('article', { name: 'Brass Desk Lamp' })).toBeNull();

    await FakeIntersectionObserver.show(page, true);
    expect(screen.getByRole('article', { name: 'Brass Desk Lamp' })).toBeTruthy();
  });
});
