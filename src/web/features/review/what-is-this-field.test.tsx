import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import type { Handler, Reply } from '#web/test-support/stub-fetch';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  freeProfile,
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from './test-support';
import { UPDATING_LISTING, USE_MY_WORDS, WHAT_IS_THIS_LABEL } from './what-is-this-field';

isolateReviewTests();

const WATCHES = {
  id: 'gid://shopify/TaxonomyCategory/aa-6-11',
  fullName: 'Apparel & Accessories > Jewelry > Watches',
};
const SMART_WATCHES = {
  id: 'gid://shopify/TaxonomyCategory/el-5-1',
  fullName: 'Electronics > Electronics Accessories > Smart Watches',
};

const unnamed = makeProduct({
  title: '',
  fileName: 'watch.jpg',
  category: { id: 'gid://shopify/TaxonomyCategory/na', fullName: 'Uncategorized', confidence: 0.1 },
  guidance: [
    { kind: 'name-product', text: 'Say what this product is: the photo alone does not show it.' },
  ],
});

/** The server's copy once the seller named the product. */
const named: Product = makeProduct({
  title: 'Gold Wristwatch',
  fileName: 'watch.jpg',
  description: 'A gold wristwatch. Wear it yourself or give it as a gift.',
  category: { ...WATCHES, confidence: 1 },
  price: { suggested: 79.99, low: 40, high: 150, basis: 'typical US prices for Watches' },
  evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
});

function renderCard(product: Product, identify: Reply | Handler) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products: [product] } },
    'GET /api/user/profile': { body: freeProfile },
    'GET /api/taxonomy/categories': { body: { categories: [WATCHES, SMART_WATCHES] } },
    [`POST /api/product/${product.id}/identify`]: identify,
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

describe('What is this product?', () => {
  it('is asked outright when the draft has no name, and keeps the seller’s words on Enter', async () => {
    const { fetch, user } = renderCard(unnamed, { body: named });
    const card = await screen.findByRole('article', { name: 'watch.jpg' });
    const words = within(card).getByRole('textbox', { name: WHAT_IS_THIS_LABEL });

    await user.type(words, 'gold wristwatch{Enter}');

    expect(callsTo(fetch, 'POST /api/product/p1/identify')).toEqual([{ kind: 'gold wristwatch' }]);
    // The card follows the reply at once: new name, confirmed category, new price.
    const renamed = await screen.findByRole('article', { name: 'Gold Wristwatch' });
    expect(within(renamed).getByLabelText<HTMLInputElement>('Product name').value).toBe(
      'Gold Wristwatch',
    );
    expect(within(renamed).getByText(WATCHES.fullName)).toBeTruthy();
    // Named now: the question is one click away, and focus went to it.
    const again = within(renamed).getByRole('button', { name: WHAT_IS_THIS_LABEL });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(within(renamed).queryByRole('textbox', { name: WHAT_IS_THIS_LABEL })).toBeNull();
  });

  it('offers taxonomy suggestions for the words; picking one sends its category', async () => {
    const { fetch, user } = renderCard(unnamed, { body: named });
    const card = await screen.findByRole('article', { name: 'watch.jpg' });
    await user.type(within(card).getByRole('textbox', { name: WHAT_IS_THIS_LABEL }), 'watch');
    const list = await within(card).findByRole('list', { name: 'Suggested categories' });
    // The words are searched as a product's kind: its head noun finds categories too.
    expect(
      fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/taxonomy/')),
    ).toContain('/api/taxonomy/categories?q=watch&as=kind');
    // Keyboard: down into the suggestions, down again, Enter picks.
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(
      within(list).getByRole('button', {
        name: 'Smart Watches — Electronics > Electronics Accessories',
      }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(callsTo(fetch, 'POST /api/product/p1/identify')).toEqual([
        { kind: 'watch', categoryId: SMART_WATCHES.id },
      ]),
    );
  });

  it('is one click away on a named product, and Escape closes it again', async () => {
    const { user } = renderCard(makeProduct(), { body: named });
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(within(card).queryByRole('textbox', { name: WHAT_IS_THIS_LABEL })).toBeNull();
    await user.click(within(card).getByRole('button', { name: WHAT_IS_THIS_LABEL }));
    const words = within(card).getByRole('textbox', { name: WHAT_IS_THIS_LABEL });
    expect(document.activeElement).toBe(words);
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('textbox', { name: WHAT_IS_THIS_LABEL })).toBeNull();
    expect(document.activeElement).toBe(
      within(card).getByRole('button', { name: WHAT_IS_THIS_LABEL }),
    );
  });

  it('shows that it is working, then the server’s error, and lets the seller try again', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { user } = renderCard(unnamed, () => new Promise<Reply>((resolve) => (answer = resolve)));
    const card = await screen.findByRole('article', { name: 'watch.jpg' });
    const words = within(card).getByRole<HTMLInputElement>('textbox', { name: WHAT_IS_THIS_LABEL });
    await user.type(words, 'gold wristwatch');
    await user.click(within(card).getByRole('button', { name: USE_MY_WORDS }));
    expect(await within(card).findByText(UPDATING_LISTING)).toBeTruthy();
    expect(words.readOnly).toBe(true);

    answer({ status: 409, body: { error: 'The product changed meanwhile; please try again' } });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The product changed meanwhile; please try again',
    );
    expect(words.readOnly).toBe(false);
    expect(words.value).toBe('gold wristwatch');
    expect(words.getAttribute('aria-invalid')).toBe('true');
  });
});
