import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { photo, productWithPhotos } from '#web/test-support/photos';
import { ReviewScreen } from './review-screen';
import { callsTo, freeProfile, isolateReviewTests, renderScreen, stubFetch } from './test-support';

isolateReviewTests();

const front = photo(1, 'front.jpg');
const back = photo(2, 'back.jpg');
const base = photo(3, 'base.jpg');
const mug = productWithPhotos([front, back, base], { title: 'Stoneware Mug' });

function stubWithReorder() {
  return stubFetch({
    'GET /api/products': { body: { products: [mug] } },
    'GET /api/user/profile': { body: freeProfile },
    'PUT /api/product/p1/photos': (body) => {
      const { imageIds } = body as { imageIds: string[] };
      const byId = new Map([front, back, base].map((each) => [each.imageId, each]));
      return {
        body: {
          product: productWithPhotos(
            imageIds.map((id) => byId.get(id)!),
            { title: mug.title },
          ),
        },
      };
    },
  });
}

function thumbnails(card: HTMLElement): string[] {
  const strip = within(card).getByRole('list', { name: 'Photos' });
  return within(strip)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? '');
}

function mainImage(card: HTMLElement): string | null {
  return within(card).getByAltText(mug.altText).getAttribute('src');
}

describe('the photo strip', () => {
  it('shows every photo, main first, and a single photo without a strip', async () => {
    stubFetch({
      'GET /api/products': {
        body: { products: [mug, productWithPhotos([photo(4)], { id: 'p2', title: 'Lamp' })] },
      },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/products/photo-groups': { body: { groups: [] } },
    });
    renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });
    expect(thumbnails(card)).toEqual([
      'Photo 1 of 3 (main): front.jpg',
      'Photo 2 of 3: back.jpg',
      'Photo 3 of 3: base.jpg',
    ]);
    expect(mainImage(card)).toBe(front.thumbUrl);
    const lamp = screen.getByRole('article', { name: 'Lamp' });
    expect(within(lamp).queryByRole('list', { name: 'Photos' })).toBeNull();
  });

  it('moves a focused photo with the arrow keys; Home makes it the main photo', async () => {
    const fetch = stubWithReorder();
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });

    within(card).getByRole('button', { name: 'Photo 2 of 3: back.jpg' }).focus();
    await user.keyboard('{ArrowRight}');
    // Shown before the server answers, saved in that order, and the moved photo keeps the focus.
    await waitFor(() => expect(thumbnails(card)[2]).toBe('Photo 3 of 3: back.jpg'));
    await waitFor(() =>
      expect(callsTo(fetch, 'PUT /api/product/p1/photos')).toEqual([
        { imageIds: [front.imageId, base.imageId, back.imageId] },
      ]),
    );
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Photo 3 of 3: back.jpg');
    expect(screen.getByText('back.jpg moved to position 3 of 3.')).toBeTruthy();

    await user.keyboard('{Home}');
    await waitFor(() => expect(thumbnails(card)[0]).toBe('Photo 1 of 3 (main): back.jpg'));
    await waitFor(() => expect(mainImage(card)).toBe(back.thumbUrl));
    expect(callsTo(fetch, 'PUT /api/product/p1/photos').at(-1)).toEqual({
      imageIds: [back.imageId, front.imageId, base.imageId],
    });
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Photo 1 of 3 (main): back.jpg',
    );
  });

  it('moves a photo dragged onto another place', async () => {
    const fetch = stubWithReorder();
    renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });
    const items = within(within(card).getByRole('list', { name: 'Photos' })).getAllByRole(
      'listitem',
    );

    fireEvent.dragStart(items[2]!);
    fireEvent.dragOver(items[0]!);
    fireEvent.drop(items[0]!);
    fireEvent.dragEnd(items[2]!);

    await waitFor(() => expect(thumbnails(card)[0]).toBe('Photo 1 of 3 (main): base.jpg'));
    await waitFor(() =>
      expect(callsTo(fetch, 'PUT /api/product/p1/photos')).toEqual([
        { imageIds: [base.imageId, front.imageId, back.imageId] },
      ]),
    );
    await waitFor(() => expect(mainImage(card)).toBe(base.thumbUrl));
  });

  it('puts the order back and says so when the server refuses it', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [mug] } },
      'GET /api/user/profile': { body: freeProfile },
      'PUT /api/product/p1/photos': { status: 400, body: { error: 'Unknown photo.' } },
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => null} />);
    const card = await screen.findByRole('article', { name: 'Stoneware Mug' });
    within(card).getByRole('button', { name: 'Photo 1 of 3 (main): front.jpg' }).focus();
    await user.keyboard('{End}');
    expect(await screen.findByText('Unknown photo.')).toBeTruthy();
    await waitFor(() => expect(thumbnails(card)[0]).toBe('Photo 1 of 3 (main): front.jpg'));
  });
});
