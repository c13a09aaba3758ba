import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { photo, productWithPhotos } from '#web/test-support/photos';
import { ReviewScreen } from './review-screen';
import { callsTo, freeProfile, isolateReviewTests, renderScreen, stubFetch } from './test-support';

isolateReviewTests();

const photos = [photo(1, 'front.jpg'), photo(2, 'back.jpg'), photo(3, 'base.jpg')];
const mug = productWithPhotos(photos, { title: 'Stoneware Mug' });

function shown(dialog: HTMLElement): string | null {
  return within(dialog).getByRole('img').getAttribute('src');
}

describe('the lightbox', () => {
  it('steps through every photo with the buttons and the arrow keys; Escape gives focus back', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [mug] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });
    const enlarge = within(card).getByRole('button', { name: 'Enlarge photos (3)' });

    await user.click(enlarge);
    const dialog = await screen.findByRole('dialog', { name: 'Stoneware Mug' });
    expect(shown(dialog)).toBe(photos[0]!.url);
    expect(within(dialog).getByText('Photo 1 of 3')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(shown(dialog)).toBe(photos[1]!.url);
    expect(within(dialog).getByText('Photo 2 of 3')).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(shown(dialog)).toBe(photos[2]!.url);
    // Round from the last to the first, and back.
    await user.keyboard('{ArrowRight}');
    expect(shown(dialog)).toBe(photos[0]!.url);
    await user.keyboard('{ArrowLeft}');
    expect(shown(dialog)).toBe(photos[2]!.url);
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(shown(dialog)).toBe(photos[1]!.url);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(enlarge));
  });

  it('opens at the thumbnail clicked, and makes the shown photo the main one', async () => {
    const fetch = stubFetch({
      'GET /api/products': { body: { products: [mug] } },
      'GET /api/user/profile': { body: freeProfile },
      'PUT /api/product/p1/photos': {
        body: {
          product: productWithPhotos([photos[2]!, photos[0]!, photos[1]!], { title: mug.title }),
        },
      },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });

    await user.click(within(card).getByRole('button', { name: 'Photo 3 of 3: base.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stoneware Mug' });
    expect(shown(dialog)).toBe(photos[2]!.url);
    await user.click(within(dialog).getByRole('button', { name: 'Make main photo' }));

    await waitFor(() =>
      expect(callsTo(fetch, 'PUT /api/product/p1/photos')).toEqual([
        { imageIds: [photos[2]!.imageId, photos[0]!.imageId, photos[1]!.imageId] },
      ]),
    );
    // Still showing the same photo, now first.
    expect(shown(dialog)).toBe(photos[2]!.url);
    expect(within(dialog).getByText('Photo 1 of 3')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Make main photo' })).toBeNull();
  });

  it('a single photo opens without steps', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [productWithPhotos([photos[0]!])] } },
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    await user.click(await screen.findByRole('button', { name: 'Enlarge image' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Next photo' })).toBeNull();
  });
});
