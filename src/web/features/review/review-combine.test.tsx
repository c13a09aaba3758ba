import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { CombineResponse } from '#domain/api/product-photos';
import { COMBINE_LABEL } from '#web/components/combine-button';
import { photo, productWithPhotos } from '#web/test-support/photos';
import { profileWith } from '#web/test-support/profile';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  FakeEventSource,
  isolateReviewTests,
  renderScreen,
  stubFetch,
} from './test-support';

isolateReviewTests();
// Toasts live in a store of their own, which would carry one test's message into the next.
afterEach(() => toast.remove());

const front = productWithPhotos([photo(1, 'front.jpg')], { id: 'p1', title: 'Stoneware Mug' });
const back = productWithPhotos([photo(2, 'back.jpg')], { id: 'p2', title: 'Mug Label' });
const base = productWithPhotos([photo(3, 'base.jpg')], { id: 'p3', title: 'Mug Base' });
const lamp = productWithPhotos([photo(4, 'lamp.jpg')], { id: 'p4', title: 'Desk Lamp' });
const combined = productWithPhotos(
  [photo(1, 'front.jpg'), photo(2, 'back.jpg'), photo(3, 'base.jpg')],
  {
    id: 'p1',
    title: 'Stoneware Mug',
  },
);

const reply: CombineResponse = {
  product: combined,
  removedProductIds: ['p2', 'p3'],
  refundedCredits: 2,
};

/** The review list, a profile that gains the refund once combined, and the combine route. */
function stubReview(groups: { id: string; productIds: string[] }[]) {
  let combinedYet = false;
  return stubFetch({
    'GET /api/products/photo-groups': { body: { groups } },
    'GET /api/products': () => ({
      body: { products: combinedYet ? [combined, lamp] : [front, back, base, lamp] },
    }),
    'GET /api/user/profile': () => ({ body: profileWith({ fixedCredits: combinedYet ? 2 : 0 }) }),
    'POST /api/products/combine': () => {
      combinedYet = true;
      return { body: reply };
    },
    'POST /api/products/photo-groups/dismiss': { status: 204 },
  });
}

function combineButton() {
  return screen.getByRole('button', { name: COMBINE_LABEL });
}

describe('combining drafts on the review screen', () => {
  it('offers a suggested group; Combine makes one product and gives the credits back', async () => {
    const fetch = stubReview([{ id: 'g1', productIds: ['p1', 'p2', 'p3'] }]);
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);

    const banner = await screen.findByRole('region', {
      name: 'These 3 photos look like one product. Combine?',
    });
    // Suggested, never combined by itself.
    expect(callsTo(fetch, 'POST /api/products/combine')).toEqual([]);
    await user.click(within(banner).getByRole('button', { name: 'Combine' }));

    expect(await screen.findByText('Combined into one product. 2 credits returned.')).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/products/combine')).toEqual([
      { productIds: ['p1', 'p2', 'p3'] },
    ]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Mug Label' })).toBeNull());
    expect(screen.queryByRole('article', { name: 'Mug Base' })).toBeNull();
    const card = screen.getByRole('article', { name: 'Stoneware Mug' });
    expect(
      within(within(card).getByRole('list', { name: 'Photos' })).getAllByRole('button'),
    ).toHaveLength(3);
    // The credits are asked for again, so the counter shows the refund.
    await waitFor(() =>
      expect(callsTo(fetch, 'GET /api/user/profile').length).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /look like one product/ })).toBeNull(),
    );
  });

  it('dismisses a suggestion in one click', async () => {
    const fetch = stubReview([{ id: 'g1', productIds: ['p1', 'p2'] }]);
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const banner = await screen.findByRole('region', {
      name: 'These 2 photos look like one product. Combine?',
    });
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /look like one product/ })).toBeNull(),
    );
    expect(callsTo(fetch, 'POST /api/products/photo-groups/dismiss')).toEqual([
      { productIds: ['p1', 'p2'] },
    ]);
    expect(callsTo(fetch, 'POST /api/products/combine')).toEqual([]);
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('ticks no lone draft; each card gets its tick once a second draft is ready', async () => {
    const pending = { ...back, generation: { state: 'pending' as const } };
    stubFetch({
      'GET /api/products/photo-groups': { body: { groups: [] } },
      'GET /api/products': { body: { products: [front, pending] } },
      'GET /api/user/profile': { body: profileWith() },
    });
    renderScreen(<ReviewScreen renderUploader={() => null} />);
    await screen.findByRole('article', { name: 'Stoneware Mug' });
    expect(screen.queryByRole('checkbox', { name: /^Select/ })).toBeNull();

    FakeEventSource.instances[0]!.emit('product', { type: 'product', product: back });
    expect(await screen.findByRole('checkbox', { name: 'Select Mug Label' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' })).toBeTruthy();
  });

  it('combines the ticked cards in the order ticked, once two are ticked', async () => {
    const fetch = stubReview([]);
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    await screen.findByRole('article', { name: 'Mug Base' });

    // Nothing ticked: the bar holds the review's own actions only.
    expect(screen.queryByRole('button', { name: 'Combine into one product' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Stoneware Mug' }));
    // One ticked: the button says why it is off, and does nothing.
    expect(combineButton().getAttribute('aria-disabled')).toBe('true');
    await user.hover(combineButton());
    expect((await screen.findByRole('tooltip')).textContent).toContain(
      'Select two or more products',
    );
    await user.click(combineButton());
    expect(screen.getByText('1 selected')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Select Mug Base' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Mug Label' }));
    expect(combineButton().getAttribute('aria-disabled')).toBeNull();
    await user.click(combineButton());

    await screen.findByText('Combined into one product. 2 credits returned.');
    expect(callsTo(fetch, 'POST /api/products/combine')).toEqual([
      { productIds: ['p1', 'p3', 'p2'] },
    ]);
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());
    expect(screen.queryByRole('button', { name: 'Combine into one product' })).toBeNull();
  });

  it('says why a combination was refused, and keeps the cards', async () => {
    stubFetch({
      'GET /api/products/photo-groups': { body: { groups: [] } },
      'GET /api/products': { body: { products: [front, back] } },
      'GET /api/user/profile': { body: profileWith() },
      'POST /api/products/combine': {
        status: 400,
        body: { error: 'A product can have at most 24 photos.' },
      },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select Stoneware Mug' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Mug Label' }));
    await user.click(combineButton());
    expect(await screen.findByText('A product can have at most 24 photos.')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });
});
