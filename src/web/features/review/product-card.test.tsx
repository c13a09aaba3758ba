import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { PHOTO_MISSING } from '#domain/product-photos';
import { RequireAuth } from '#web/app/guards';
import { unsavedEditStorageKey } from './autosave-store';
import { GUIDANCE_HEADING } from './guidance-list';
import { KIND_QUESTION } from './kind-question';
import { PRICE_TOOLTIP } from './price-field';
import { ReviewScreen } from './review-screen';
import { REPEATED_FAILURE_MESSAGE } from './use-product-actions';
import {
  callsTo,
  freeProfile,
  makeProduct,
  renderScreen,
  isolateReviewTests,
  stubFetch,
} from './test-support';

isolateReviewTests();

const screenElement = <ReviewScreen renderUploader={() => <p>Uploader</p>} />;

function listOf(...products: Product[]) {
  return { body: { products } };
}

describe('product card', () => {
  it('shows a ready product: image, name, description, price with its range, category', async () => {
    stubFetch({
      'GET /api/products': listOf(
        makeProduct({
          category: {
            id: 'gid://shopify/TaxonomyCategory/lb-13',
            fullName: 'Luggage & Bags > Backpacks',
            confidence: 0.3,
          },
        }),
      ),
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(screenElement);

    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    const image = within(card).getByRole('img');
    expect(image.getAttribute('alt')).toBe('Olive canvas backpack on a white background');
    expect(image.getAttribute('src')).toBe('/api/images/i1/thumb.webp');
    expect(within(card).getByLabelText<HTMLInputElement>('Product name').value).toBe(
      'Waxed Canvas Backpack',
    );
    expect(within(card).getByLabelText<HTMLTextAreaElement>('Product description').value).toBe(
      'A roomy backpack in olive waxed canvas.',
    );
    expect(within(card).getByLabelText<HTMLInputElement>('Price').value).toBe('48');
    // The range and its basis are one click away, not printed under the price.
    expect(within(card).queryByText(/comparable canvas backpacks/)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Price range' })).toBeTruthy();
    expect(within(card).getByText('Luggage & Bags > Backpacks')).toBeTruthy();
    expect(within(card).getByRole('group', { name: KIND_QUESTION })).toBeTruthy();

    await user.hover(within(card).getByRole('button', { name: 'About the suggested price' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe(PRICE_TOOLTIP);

    await user.click(within(card).getByRole('button', { name: 'Enlarge image' }));
    const lightbox = await screen.findByRole('dialog', { name: 'Waxed Canvas Backpack' });
    expect(within(lightbox).getByRole('img').getAttribute('src')).toBe(
      '/api/images/i1/display.jpg',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the seller guidance in its own area, apart from the listing fields', async () => {
    stubFetch({
      'GET /api/products': listOf(
        makeProduct({
          title: '',
          description: 'In red and black, as pictured.',
          fileName: 'IMG_0042.jpg',
          guidance: [
            { kind: 'name-product', text: 'Say what this product is.' },
            { kind: 'add-size', text: 'Add the dimensions.' },
          ],
        }),
        makeProduct({ id: 'p2', title: 'Finished Mug', guidance: [] }),
      ),
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(screenElement);

    // An unnamed product keeps an empty name field; the card is named by its file.
    const card = await screen.findByRole('article', { name: 'IMG_0042.jpg' });
    expect(within(card).getByLabelText<HTMLInputElement>('Product name').value).toBe('');
    const guidance = within(card).getByRole('group', { name: GUIDANCE_HEADING });
    expect(
      within(guidance)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Add the dimensions.']);
    // The name is asked outright by 'What is this product?', not listed a second time.
    expect(within(guidance).queryByText('Say what this product is.')).toBeNull();
    expect(within(card).getByLabelText<HTMLTextAreaElement>('Product description').value).toBe(
      'In red and black, as pictured.',
    );
    const finished = screen.getByRole('article', { name: 'Finished Mug' });
    expect(within(finished).queryByRole('group', { name: GUIDANCE_HEADING })).toBeNull();
  });

  it('sends one debounced PATCH for a burst of typing', async () => {
    const fetch = stubFetch({
      'GET /api/products': listOf(makeProduct()),
      'GET /api/user/profile': { body: freeProfile },
      'PATCH /api/product/p1': (body) => ({
        body: makeProduct({ ...(body as Partial<Product>) }),
      }),
    });
    const { user } = renderScreen(screenElement);
    const title = await screen.findByLabelText<HTMLInputElement>('Product name');
    await user.clear(title);
    await user.type(title, 'Olive Backpack');

    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([]);
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeTruthy();
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ title: 'Olive Backpack' }]);
    expect(localStorage.getItem(unsavedEditStorageKey('p1'))).toBeNull();
  });

  it(
    'sends the seller to sign-in when a save is refused with 401, keeps the edit and sends it again after a reload',
    { timeout: 15_000 },
    async () => {
      const expiredFetch = stubFetch({
        'GET /api/auth/get-session': {
          body: {
            user: { id: 'u1', email: 'seller@shop.com', emailVerified: true },
            session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
          },
        },
        'GET /api/products': listOf(makeProduct()),
        'GET /api/user/profile': { body: freeProfile },
        'PATCH /api/product/p1': { status: 401, body: { message: 'Unauthorized' } },
      });
      const first = renderScreen(<RequireAuth>{screenElement}</RequireAuth>, {
        extraRoutes: [{ path: '/auth/signin', element: <p>Sign-in page</p> }],
      });
      const title = await screen.findByLabelText<HTMLInputElement>('Product name');
      await first.user.clear(title);
      await first.user.type(title, 'Olive Backpack');

      expect(await screen.findByText('Sign-in page', {}, { timeout: 3000 })).toBeTruthy();
      expect(first.router.state.location.search).toBe('?redirectTo=%2Fproductlibrary');
      expect(JSON.parse(localStorage.getItem(unsavedEditStorageKey('p1')) ?? 'null')).toEqual({
        title: 'Olive Backpack',
      });
      // Leaving the screen tries once more; still refused, so the edit stays stored.
      await waitFor(() => expect(callsTo(expiredFetch, 'PATCH /api/product/p1')).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(localStorage.getItem(unsavedEditStorageKey('p1'))).not.toBeNull();
      first.unmount();

      // A new page load: the server still has the old title; the session is valid again.
      const fetch = stubFetch({
        'GET /api/products': listOf(makeProduct()),
        'GET /api/user/profile': { body: freeProfile },
        'PATCH /api/product/p1': (body) => ({
          body: makeProduct({ ...(body as Partial<Product>) }),
        }),
      });
      renderScreen(screenElement);
      expect(await screen.findByDisplayValue('Olive Backpack')).toBeTruthy();
      await waitFor(() =>
        expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ title: 'Olive Backpack' }]),
      );
      await waitFor(() => expect(localStorage.getItem(unsavedEditStorageKey('p1'))).toBeNull());
    },
  );

  it('copies with a toast naming the field', async () => {
    stubFetch({
      'GET /api/products': listOf(makeProduct()),
      'GET /api/user/profile': { body: freeProfile },
    });
    const { user } = renderScreen(screenElement);
    await user.click(await screen.findByRole('button', { name: 'Copy product name' }));
    expect(await screen.findByText('Product name copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('Waxed Canvas Backpack');

    await user.click(screen.getByRole('button', { name: 'Copy product description' }));
    expect(await screen.findByText('Product description copied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy price' }));
    expect(await screen.findByText('Price copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('48');
  });

  it('keeps only digits and dots in the price and saves the parsed number', async () => {
    const fetch = stubFetch({
      'GET /api/products': listOf(makeProduct()),
      'GET /api/user/profile': { body: freeProfile },
      'PATCH /api/product/p1': (body) => ({
        body: makeProduct({
          price: { suggested: (body as { price: number }).price, low: 35, high: 60, basis: 'x' },
        }),
      }),
    });
    const { user } = renderScreen(screenElement);
    const price = await screen.findByLabelText<HTMLInputElement>('Price');
    await user.clear(price);
    await user.type(price, '$1a2.5x');
    expect(price.value).toBe('12.5');
    await waitFor(
      () => expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ price: 12.5 }]),
      {
        timeout: 3000,
      },
    );

    await user.clear(price);
    await user.type(price, 'abc');
    expect(price.value).toBe('');
    await waitFor(
      () => expect(callsTo(fetch, 'PATCH /api/product/p1').at(-1)).toEqual({ price: 0 }),
      {
        timeout: 3000,
      },
    );
  });

  it('regenerates a field with a loading state and shows the repeated-failure message', async () => {
    let release: (reply: { status: number; body: unknown }) => void = () => undefined;
    const fetch = stubFetch({
      'GET /api/products': listOf(makeProduct()),
      'GET /api/user/profile': { body: freeProfile },
      'POST /api/product/regenerate-product-detail': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });
    const { user } = renderScreen(screenElement);
    const title = await screen.findByLabelText<HTMLInputElement>('Product name');
    const regenerate = screen.getByRole('button', { name: 'Regenerate product name' });

    await user.click(regenerate);
    await waitFor(() => expect(regenerate.getAttribute('aria-busy')).toBe('true'));
    expect(title.readOnly).toBe(true);
    release({ status: 503, body: { message: 'The AI service is busy. Please try again.' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The AI service is busy. Please try again.',
    );
    expect(title.readOnly).toBe(false);

    await user.click(regenerate);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    release({ status: 500, body: {} });
    expect((await screen.findByRole('alert')).textContent).toBe(REPEATED_FAILURE_MESSAGE);
    expect(callsTo(fetch, 'POST /api/product/regenerate-product-detail')[0]).toEqual({
      productId: 'p1',
      field: 'title',
      title: 'Waxed Canvas Backpack',
      description: 'A roomy backpack in olive waxed canvas.',
    });

    await user.click(regenerate);
    release({
      status: 200,
      body: {
        result: 'Olive Waxed Canvas Rucksack',
        product: makeProduct({ title: 'Olive Waxed Canvas Rucksack' }),
      },
    });
    expect(await screen.findByDisplayValue('Olive Waxed Canvas Rucksack')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says on the card that the photo is missing, every time regenerate is tried', async () => {
    stubFetch({
      'GET /api/products': listOf(makeProduct()),
      'GET /api/user/profile': { body: freeProfile },
      'POST /api/product/regenerate-product-detail': {
        status: 409,
        body: { error: PHOTO_MISSING.message, code: PHOTO_MISSING.code },
      },
    });
    const { user } = renderScreen(screenElement);
    const regenerate = await screen.findByRole('button', { name: 'Regenerate product name' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(regenerate);
      expect((await screen.findByRole('alert')).textContent).toBe(PHOTO_MISSING.message);
    }
  });

  it('deletes only after confirmation, and puts the card back when the server refuses', async () => {
    let refuse = true;
    const fetch = stubFetch({
      'GET /api/products': listOf(makeProduct(), makeProduct({ id: 'p2', title: 'Straw Hat' })),
      'GET /api/user/profile': { body: freeProfile },
      'DELETE /api/product/p1': () =>
        refuse ? { status: 500, body: { message: 'Failed to delete product' } } : { status: 204 },
    });
    const { user } = renderScreen(screenElement);
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });

    await user.click(within(card).getByRole('button', { name: 'Delete product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, 'DELETE /api/product/p1')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Delete product' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete product')).toBeTruthy();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual([
      'Waxed Canvas Backpack',
      'Straw Hat',
    ]);

    refuse = false;
    await user.click(
      within(screen.getByRole('article', { name: 'Waxed Canvas Backpack' })).getByRole('button', {
        name: 'Delete product',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Waxed Canvas Backpack' })).toBeNull(),
    );
    expect(callsTo(fetch, 'DELETE /api/product/p1')).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Straw Hat' })).toBeTruthy();
  });
});
