import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

const board = makeProduct({
  title: 'Serving board',
  description: 'Cut from solid oak.',
  seoTitle: '',
  suggestions: [
    {
      field: 'description',
      value: 'A solid oak serving board, oiled by hand.',
      evidence: { confidence: 1, sources: ['your description: "Cut from solid oak"'] },
    },
    { field: 'seoTitle', value: 'Solid Oak Serving Board' },
  ],
});

function renderCard(product: Product, answer: Product) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products: [product] } },
    'GET /api/user/profile': { body: freeProfile },
    [`POST /api/product/${product.id}/suggestions`]: { body: answer },
  });
  return { fetch, ...renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />) };
}

describe('Improve’s suggestions on the card', () => {
  it('shows each field now and suggested, with what it rests on', async () => {
    renderCard(board, board);
    const card = await screen.findByRole('article', { name: 'Serving board' });
    const panel = within(card).getByRole('region', { name: 'Suggested improvements' });
    expect(within(panel).getByText('2 suggested changes')).toBeTruthy();
    const description = within(panel).getAllByRole('listitem')[0]!;
    expect(description.textContent).toContain('NowCut from solid oak.');
    expect(description.textContent).toContain('NewA solid oak serving board, oiled by hand.');
    expect(description.textContent).toContain('Why: Your description: "Cut from solid oak"');
    const seo = within(panel).getAllByRole('listitem')[1]!;
    expect(seo.textContent).toContain('NowEmpty');
  });

  it('accepts one field from the keyboard, and the card follows the saved product', async () => {
    const accepted = makeProduct({
      ...board,
      description: 'A solid oak serving board, oiled by hand.',
      suggestions: [{ field: 'seoTitle', value: 'Solid Oak Serving Board' }],
    });
    const { fetch, user } = renderCard(board, accepted);
    const card = await screen.findByRole('article', { name: 'Serving board' });
    within(card).getByRole('button', { name: 'Accept the suggested description' }).focus();
    await user.keyboard('{Enter}');

    expect(await within(card).findByText('1 suggested change')).toBeTruthy();
    expect(callsTo(fetch, 'POST /api/product/p1/suggestions')).toEqual([
      { accept: ['description'], reject: [] },
    ]);
    expect(within(card).getByLabelText<HTMLTextAreaElement>('Product description').value).toBe(
      'A solid oak serving board, oiled by hand.',
    );
  });

  it('rejects all at once; with none left the panel goes', async () => {
    const { fetch, user } = renderCard(board, makeProduct({ ...board, suggestions: [] }));
    const card = await screen.findByRole('article', { name: 'Serving board' });
    await user.click(within(card).getByRole('button', { name: 'Reject all' }));
    expect(callsTo(fetch, 'POST /api/product/p1/suggestions')).toEqual([
      { accept: [], reject: ['description', 'seoTitle'] },
    ]);
    await waitFor(() =>
      expect(within(card).queryByRole('region', { name: 'Suggested improvements' })).toBeNull(),
    );
  });
});
