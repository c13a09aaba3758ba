import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import type { Handler } from '#web/test-support/stub-fetch';
import { KIND_QUESTION } from './kind-question';
import { NEXT_TO_ANSWER } from './next-to-answer';
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

const HAMMERS = {
  id: 'gid://shopify/TaxonomyCategory/ha-15-20',
  fullName: 'Hardware > Tools > Hammers',
};
const PLIERS = {
  id: 'gid://shopify/TaxonomyCategory/ha-15-49',
  fullName: 'Hardware > Tools > Pliers',
};

function unsure(id: string): Product {
  return makeProduct({
    id,
    title: '',
    fileName: `${id}.jpg`,
    category: { ...HAMMERS, confidence: 0.4 },
    categoryAlternatives: [{ ...PLIERS, confidence: 0.3 }],
  });
}

const ready = makeProduct({ id: 'ok', title: 'Waxed Canvas Backpack' });

/** The server names the product as asked, with the category confirmed. */
const identify: Handler = (body, url) => {
  const id = url.split('/').at(-2)!;
  const { kind, categoryId } = body as { kind: string; categoryId: string };
  const category = [HAMMERS, PLIERS].find((c) => c.id === categoryId)!;
  return {
    body: makeProduct({
      id,
      title: kind,
      fileName: `${id}.jpg`,
      category: { ...category, confidence: 1 },
      evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
    }),
  };
};

function renderList(products: Product[]) {
  const routes: Record<string, Handler | { body: unknown }> = {
    'GET /api/products': { body: { products } },
    'GET /api/user/profile': { body: freeProfile },
  };
  for (const product of products) routes[`POST /api/product/${product.id}/identify`] = identify;
  const fetch = stubFetch(routes);
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

const firstKindOf = (name: string) =>
  within(
    within(screen.getByRole('article', { name })).getByRole('group', { name: KIND_QUESTION }),
  ).getAllByRole('button')[0];

describe('the review header counts what is left to do', () => {
  it('says ‘n of m ready to publish’ and jumps to the next card that needs an answer', async () => {
    const { user } = renderList([unsure('a'), ready, unsure('b')]);
    await screen.findByRole('article', { name: 'a.jpg' });
    expect(screen.getByText('1 of 3 ready to publish')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const next = screen.getByRole('button', { name: new RegExp(NEXT_TO_ANSWER) });
    expect(next.getAttribute('aria-keyshortcuts')).toBe('Alt+N');
    await user.click(next);
    expect(document.activeElement).toBe(firstKindOf('a.jpg'));
    await user.keyboard('{Alt>}n{/Alt}');
    expect(document.activeElement).toBe(firstKindOf('b.jpg'));
    // Round again from the last one.
    await user.keyboard('{Alt>}n{/Alt}');
    expect(document.activeElement).toBe(firstKindOf('a.jpg'));
  }, 15_000);

  it('lets the seller answer every unsure card from the keyboard alone', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const { fetch, user } = renderList(ids.map(unsure));
    await screen.findByRole('article', { name: 'a.jpg' });
    expect(screen.getByText('0 of 5 ready to publish')).toBeTruthy();

    for (const [index, id] of ids.entries()) {
      await user.keyboard('{Alt>}n{/Alt}');
      expect(document.activeElement).toBe(firstKindOf(`${id}.jpg`));
      // The second kind for every other card: Tab, then Enter.
      if (index % 2 === 1) await user.tab();
      await user.keyboard('{Enter}');
      // Named now: the card goes by its new title.
      await waitFor(() => expect(screen.queryByRole('article', { name: `${id}.jpg` })).toBeNull());
      await waitFor(() =>
        expect(screen.getByText(`${index + 1} of 5 ready to publish`)).toBeTruthy(),
      );
    }
    expect(callsTo(fetch, 'POST /api/product/c/identify')).toEqual([
      { kind: 'Hammer', categoryId: HAMMERS.id },
    ]);
    expect(callsTo(fetch, 'POST /api/product/d/identify')).toEqual([
      { kind: 'Pliers', categoryId: PLIERS.id },
    ]);
    // Nothing left to answer: the button goes.
    expect(screen.queryByRole('button', { name: new RegExp(NEXT_TO_ANSWER) })).toBeNull();
  }, 30_000);
});
