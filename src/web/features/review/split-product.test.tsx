import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { photo, productWithPhotos } from '#web/test-support/photos';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  FakeEventSource,
  freeProfile,
  isolateReviewTests,
  renderScreen,
  stubFetch,
} from './test-support';

isolateReviewTests();
afterEach(() => toast.remove());

const lamp = productWithPhotos([photo(9, 'lamp.jpg')], { id: 'p0', title: 'Desk Lamp' });
const mug = productWithPhotos([photo(1, 'front.jpg'), photo(2, 'back.jpg'), photo(3, 'base.jpg')], {
  title: 'Stoneware Mug',
});
const split = [
  productWithPhotos([photo(1, 'front.jpg')], { title: 'Stoneware Mug' }),
  productWithPhotos([photo(2, 'back.jpg')], { id: 'p2', title: 'Mug Back' }),
  productWithPhotos([photo(3, 'base.jpg')], { id: 'p3', title: 'Mug Base' }),
];

function articleNames(): string[] {
  return screen.getAllByRole('article').map((article) => article.getAttribute('aria-label') ?? '');
}

describe('split', () => {
  it('asks first, then gives each photo back as a product after the original', async () => {
    const fetch = stubFetch({
      'GET /api/products/photo-groups': { body: { groups: [] } },
      'GET /api/products': { body: { products: [mug, lamp] } },
      'GET /api/user/profile': { body: freeProfile },
      'POST /api/product/p1/split': () => {
        // The new products' events may come before the answer.
        FakeEventSource.instances[0]?.emit('product', { type: 'product', product: split[2] });
        return { body: { products: split } };
      },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });

    await user.click(within(card).getByRole('button', { name: 'Split into separate products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Split into 3 products?' });
    expect(dialog.textContent).toContain('Each new product uses 1 credit (2 credits).');
    expect(callsTo(fetch, 'POST /api/product/p1/split')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Split' }));

    expect(await screen.findByText('Split into 3 products.')).toBeTruthy();
    await waitFor(() =>
      expect(articleNames()).toEqual(['Stoneware Mug', 'Mug Back', 'Mug Base', 'Desk Lamp']),
    );
    const original = screen.getByRole('article', { name: 'Stoneware Mug' });
    expect(within(original).queryByRole('list', { name: 'Photos' })).toBeNull();
    expect(
      within(original).queryByRole('button', { name: 'Split into separate products' }),
    ).toBeNull();
  });
});
