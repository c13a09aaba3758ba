import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '#domain/products';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  freeProfile,
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from './test-support';

isolateReviewTests();

const ready = makeProduct();
const unnamed = makeProduct({ id: 'p2', title: '', fileName: 'mug.jpg' });
const unsure = makeProduct({
  id: 'p3',
  title: 'Straw Sun Hat',
  category: { id: 'gid://shopify/TaxonomyCategory/aa-2', fullName: 'Hats', confidence: 0.3 },
  price: { suggested: 0, low: null, high: null, basis: null },
});

function showScreen(products: Product[]) {
  const fetch = stubFetch({
    'GET /api/products/export/shopify': new Response('Handle,Title\n', {
      headers: { 'content-disposition': 'attachment; filename="listsmith-shopify.csv"' },
    }),
    'GET /api/products': { body: { products } },
    'GET /api/user/profile': { body: freeProfile },
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

const exportCalls = (fetch: ReturnType<typeof stubFetch>) =>
  callsTo(fetch, 'GET /api/products/export/shopify').length;

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow a download link; the click itself is what the browser would act on.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('readiness on the review screen', () => {
  it('shows each card’s status chip and the header count', async () => {
    showScreen([ready, unnamed, unsure]);
    const readyCard = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(within(readyCard).getByText('Ready')).toBeTruthy();
    const unnamedCard = screen.getByRole('article', { name: 'mug.jpg' });
    expect(within(unnamedCard).getByText('Needs: a name')).toBeTruthy();
    const unsureCard = screen.getByRole('article', { name: 'Straw Sun Hat' });
    expect(within(unsureCard).getByText('Needs: a sure category, a price')).toBeTruthy();
    expect(screen.getByText('1 of 3 ready to publish')).toBeTruthy();
  });

  it('updates the chip and the count as the seller types a name', async () => {
    const { user } = showScreen([ready, unnamed]);
    const card = await screen.findByRole('article', { name: 'mug.jpg' });
    expect(screen.getByText('1 of 2 ready to publish')).toBeTruthy();
    await user.type(within(card).getByLabelText('Product name'), 'Speckled Mug');
    const named = await screen.findByRole('article', { name: 'Speckled Mug' });
    expect(within(named).getByText('Ready')).toBeTruthy();
    expect(screen.getByText('2 of 2 ready to publish')).toBeTruthy();
  });
});

describe('downloading while products need attention', () => {
  it('downloads at once when every product is ready', async () => {
    const { fetch, user } = showScreen([ready]);
    await user.click(await screen.findByRole('button', { name: 'Download Shopify CSV' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(exportCalls(fetch)).toBe(1));
  });

  it('asks first, and Cancel downloads nothing', async () => {
    const { fetch, user } = showScreen([ready, unnamed, unsure]);
    const shopify = await screen.findByRole('button', { name: 'Download Shopify CSV' });
    await user.click(shopify);
    const dialog = await screen.findByRole('dialog', {
      name: '2 of 3 products still need attention. Download anyway?',
    });
    // The file never holds a product without a name, and the seller is told before.
    expect(
      within(dialog).getByText('1 product has no name, so it is left out of the file.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(exportCalls(fetch)).toBe(0);
  });

  it('downloads every product after Download anyway', async () => {
    const { fetch, user } = showScreen([ready, unnamed]);
    await user.click(await screen.findByRole('button', { name: 'Download Shopify CSV' }));
    const dialog = await screen.findByRole('dialog', {
      name: '1 of 2 products still needs attention. Download anyway?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Download anyway' }));
    await waitFor(() => expect(exportCalls(fetch)).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('works from the keyboard: focus starts on Cancel, Escape closes, Tab and Enter download', async () => {
    const { fetch, user } = showScreen([ready, unnamed]);
    const shopify = await screen.findByRole('button', { name: 'Download Shopify CSV' });
    shopify.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(exportCalls(fetch)).toBe(0);

    shopify.focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog');
    await user.tab();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Download anyway' }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(exportCalls(fetch)).toBe(1));
  });
});
