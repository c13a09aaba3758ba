import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '#domain/products';
import { profileWith } from '#web/test-support/profile';
import {
  callsTo,
  FakeEventSource,
  freeProfile,
  makeProduct,
  renderScreen,
  isolateReviewTests,
  stubFetch,
} from '../features/review/test-support';
import { catalog } from '../features/billing/test-support';
import { checkoutOrigin, pageNavigation } from '../lib/billing';
import ProductReviewRoute from './product-review';

isolateReviewTests();

const pending = (id: string, fileName: string): Product =>
  makeProduct({
    id,
    fileName,
    title: '',
    description: '',
    price: { suggested: null, low: null, high: null, basis: null },
    category: null,
    generation: { state: 'pending' },
  });

const failed = (id: string, code: string): Product =>
  makeProduct({
    id,
    fileName: `${id}.jpg`,
    generation: {
      state: 'failed',
      code,
      message: 'The AI service is not available right now.',
      retryable: true,
    },
  });

describe('review screen (/productlibrary)', () => {
  it('shows real progress and updates the list from server-sent events', async () => {
    let profileFetches = 0;
    stubFetch({
      'GET /api/products': {
        body: { products: [pending('p2', 'hat.jpg'), makeProduct()] },
      },
      'GET /api/user/profile': () => {
        profileFetches += 1;
        return { body: freeProfile };
      },
    });
    renderScreen(<ProductReviewRoute />);

    expect(
      await screen.findByRole('heading', { name: "Let's review your product library" }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Listsmith is working on creating a detailed product library'),
    ).toBeTruthy();
    expect(screen.getByText('1 of 2 ready')).toBeTruthy();
    const pendingCard = screen.getByRole('article', { name: 'hat.jpg' });
    expect(within(pendingCard).getByRole('status').textContent).toBe('Generating…');

    const [source] = FakeEventSource.instances;
    expect(source?.url).toBe('/api/products/events');
    await waitFor(() => expect(profileFetches).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const profileFetchesBefore = profileFetches;
    source!.emit('product', {
      type: 'product',
      product: makeProduct({ id: 'p2', title: 'Straw Sun Hat', fileName: 'hat.jpg' }),
    });

    const readyCard = await screen.findByRole('article', { name: 'Straw Sun Hat' });
    expect(within(readyCard).getByLabelText<HTMLInputElement>('Product name').value).toBe(
      'Straw Sun Hat',
    );
    // The header follows in the render after the card's (ADR 029).
    await waitFor(() => expect(screen.queryByText(/is working on creating/)).toBeNull());
    // The finished product spent its credit: the counter is refreshed.
    await waitFor(() => expect(profileFetches).toBe(profileFetchesBefore + 1));

    // Malformed data is ignored; a deletion elsewhere removes the card.
    source!.emit('product', { type: 'product', product: { id: 'p2' } });
    source!.emit('product-deleted', { type: 'product-deleted', id: 'p1' });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Waxed Canvas Backpack' })).toBeNull(),
    );
    expect(screen.getByRole('article', { name: 'Straw Sun Hat' })).toBeTruthy();
  });

  it('refetches the list when the event stream (re)connects', async () => {
    const fetch = stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(<ProductReviewRoute />);
    await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(callsTo(fetch, 'GET /api/products')).toHaveLength(1);
    FakeEventSource.instances[0]!.open();
    await waitFor(() => expect(callsTo(fetch, 'GET /api/products')).toHaveLength(2));
  });

  it('keeps a draft an event finished while the list was refetched on connecting', async () => {
    let listFetches = 0;
    let answerRefetch: () => void = () => {};
    stubFetch({
      'GET /api/products': () => {
        listFetches += 1;
        const stale = { body: { products: [pending('p2', 'hat.jpg')] } };
        // The refetch was read on the server before the draft finished; its answer comes after.
        return listFetches === 1
          ? stale
          : new Promise((resolve) => (answerRefetch = () => resolve(stale)));
      },
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(<ProductReviewRoute />);
    await screen.findByRole('article', { name: 'hat.jpg' });
    const source = FakeEventSource.instances[0]!;
    source.open();
    await waitFor(() => expect(listFetches).toBe(2));
    source.emit('product', {
      type: 'product',
      product: makeProduct({ id: 'p2', title: 'Straw Sun Hat', fileName: 'hat.jpg' }),
    });
    await screen.findByRole('article', { name: 'Straw Sun Hat' });
    await act(async () => answerRefetch());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'hat.jpg' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Straw Sun Hat' })).toBeTruthy();
  });

  it('shows the AI-unavailable screen when every product failed for provider reasons', async () => {
    const fetch = stubFetch({
      'GET /api/products': {
        body: { products: [failed('p1', 'vision-unavailable'), failed('p2', 'vision-timeout')] },
      },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/public-config': { body: { supportEmail: 'help@listsmith.test' } },
      'POST /api/product/p1/retry': { body: pending('p1', 'p1.jpg') },
      'POST /api/product/p2/retry': { body: pending('p2', 'p2.jpg') },
    });
    const { user } = renderScreen(<ProductReviewRoute />);

    expect(await screen.findByRole('heading', { name: 'AI Generation Unavailable' })).toBeTruthy();
    // The credits came back with the failures: the counter is read again, not left stale.
    await waitFor(() => expect(callsTo(fetch, 'GET /api/user/profile').length).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
        'mailto:help@listsmith.test',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('0 of 2 ready')).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/product/p1/retry')).toHaveLength(1);
    expect(callsTo(fetch, 'POST /api/product/p2/retry')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'AI Generation Unavailable' })).toBeNull();
  });

  it('shows the retry failure on the AI-unavailable screen', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [failed('p1', 'vision-rate-limited')] } },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/public-config': { body: { supportEmail: 'help@listsmith.test' } },
      'POST /api/product/p1/retry': {
        status: 402,
        body: { message: "You don't have enough credits for this upload." },
      },
    });
    const { user } = renderScreen(<ProductReviewRoute />);
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "You don't have enough credits for this upload.",
    );
  });

  it('keeps the list when a failure is about the photo, with Retry on every failed card', async () => {
    stubFetch({
      'GET /api/products': {
        body: {
          products: [
            makeProduct({
              id: 'p1',
              fileName: 'blurry.jpg',
              generation: {
                state: 'failed',
                code: 'vision-refused',
                message: 'We could not recognise a product in this photo.',
                retryable: false,
              },
            }),
            failed('p2', 'vision-timeout'),
          ],
        },
      },
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(<ProductReviewRoute />);
    const photoProblem = await screen.findByRole('article', { name: 'blurry.jpg' });
    expect(
      within(photoProblem).getByText('We could not recognise a product in this photo.'),
    ).toBeTruthy();
    expect(within(photoProblem).getByRole('button', { name: 'Retry' })).toBeTruthy();
    const providerProblem = screen.getByRole('article', { name: 'p2.jpg' });
    expect(within(providerProblem).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'AI Generation Unavailable' })).toBeNull();
  });

  it('goes to /create when there is nothing to review', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    const { router } = renderScreen(<ProductReviewRoute />);
    expect(await screen.findByText('Create page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/create');
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/products': () =>
        fail
          ? { status: 500, body: { message: 'Failed to load your products' } }
          : { body: { products: [makeProduct()] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(<ProductReviewRoute />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load your products',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Waxed Canvas Backpack' })).toBeTruthy();
  });

  it('disables Add More Images without credits and opens the uploader dialog with them', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': { body: profileWith({ fixedCredits: 0 }) },
    });
    const first = renderScreen(<ProductReviewRoute />);
    await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    const disabledAdd = await screen.findByRole('button', { name: 'Add More Images' });
    expect(disabledAdd.getAttribute('aria-disabled')).toBe('true');
    // Still reachable by keyboard so the tooltip can say why, but it does nothing.
    act(() => disabledAdd.focus());
    expect(document.activeElement).toBe(disabledAdd);
    expect((await screen.findByRole('tooltip')).textContent).toContain('You have no credits left');
    await first.user.click(disabledAdd);
    expect(screen.queryByRole('dialog', { name: 'Add More Images' })).toBeNull();
    first.unmount();

    stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(<ProductReviewRoute />);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Add More Images' }).hasAttribute('aria-disabled'),
      ).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Add More Images' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add More Images' });
    expect(within(dialog).getByText('New products appear at the top of your list.')).toBeTruthy();
  });

  it('offers Premium behind Save to Library and disables downloads until a product is ready', async () => {
    const fetch = stubFetch({
      'GET /api/products': { body: { products: [pending('p1', 'mug.jpg')] } },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/billing/catalog': { body: catalog },
      'POST /api/stripe/create-checkout-session': {
        body: { sessionId: 'cs_1', url: '/sandbox/checkout/cs_1' },
      },
    });
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = renderScreen(<ProductReviewRoute />);
    const shopify = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Download Shopify CSV',
    });
    expect(shopify.disabled).toBe(true);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Download Squarespace CSV' }).disabled,
    ).toBe(true);

    await user.click(await screen.findByRole('button', { name: /Save to Library/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium' });
    expect(within(dialog).getByText('$25/month for 50 credits every month.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Premium' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`${window.location.origin}/sandbox/checkout/cs_1`),
    );
    expect(callsTo(fetch, 'POST /api/stripe/create-checkout-session')).toEqual([
      { priceId: catalog.premium.priceId },
    ]);
    // The success view will know the upgrade came from here, and go on to the library.
    expect(checkoutOrigin('cs_1')).toBe('review');
    assign.mockRestore();
  });

  it('a premium seller finishes the review: saved to the library, which opens', async () => {
    let finished = false;
    const fetch = stubFetch({
      'GET /api/products': () => ({ body: { products: finished ? [] : [makeProduct()] } }),
      'GET /api/user/profile': {
        body: profileWith({ planName: 'Premium', subscriptionCredits: 50 }),
      },
      'POST /api/products/review/finish': () => {
        finished = true;
        return { body: { saved: 1 } };
      },
    });
    const { user, router } = renderScreen(<ProductReviewRoute />, {
      extraRoutes: [{ path: '/library', element: <p>Library page</p> }],
    });
    await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(screen.queryByRole('button', { name: /Save to Library/ })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Finish review' }));

    expect(await screen.findByText('Library page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/library');
    expect(await screen.findByText('Products saved to library')).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/products/review/finish')).toHaveLength(1);
  });

  it('a failed finish says so and stays on the review', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': {
        body: profileWith({ planName: 'Premium', subscriptionCredits: 50 }),
      },
      'POST /api/products/review/finish': { status: 500, body: {} },
    });
    const { user, router } = renderScreen(<ProductReviewRoute />);
    await user.click(await screen.findByRole('button', { name: 'Finish review' }));

    expect(await screen.findByText('Failed to save your products to the library')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/productlibrary');
  });
});
