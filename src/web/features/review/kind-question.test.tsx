import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import type { Handler, Reply } from '#web/test-support/stub-fetch';
import { KIND_QUESTION, SOMETHING_ELSE, suggestedKinds } from './kind-question';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  freeProfile,
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from './test-support';
import { WHAT_IS_THIS_LABEL } from './what-is-this-field';

isolateReviewTests();

const HAMMERS = {
  id: 'gid://shopify/TaxonomyCategory/ha-15-20',
  fullName: 'Hardware > Tools > Hammers',
};
const HATCHETS = {
  id: 'gid://shopify/TaxonomyCategory/ha-15-3-2',
  fullName: 'Hardware > Tools > Axes > Hatchets',
};
const KNIVES = {
  id: 'gid://shopify/TaxonomyCategory/hg-11-8-39',
  fullName: 'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives',
};
const PLIERS = {
  id: 'gid://shopify/TaxonomyCategory/ha-15-49',
  fullName: 'Hardware > Tools > Pliers',
};

/** What the calibrated analyzer leaves when unsure: no name, its best kinds to pick from. */
const unsure = makeProduct({
  title: '',
  fileName: 'tool.jpg',
  category: { ...HAMMERS, confidence: 0.42 },
  categoryAlternatives: [
    { ...HATCHETS, confidence: 0.3 },
    { ...KNIVES, confidence: 0.1 },
    { ...PLIERS, confidence: 0.05 },
  ],
});

const named: Product = makeProduct({
  title: 'Hatchet',
  fileName: 'tool.jpg',
  category: { ...HATCHETS, confidence: 1 },
  evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
});

function renderCard(products: Product[], identify: Reply | Handler) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products } },
    'GET /api/user/profile': { body: freeProfile },
    'GET /api/taxonomy/categories': { body: { categories: [] } },
    'POST /api/product/p1/identify': identify,
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

describe('the analyzer’s best kinds', () => {
  it('are its category then its alternatives, in the singular, at most three, without Uncategorized', () => {
    expect(suggestedKinds(unsure).map((kind) => kind.label)).toEqual([
      'Hammer',
      'Hatchet',
      'Kitchen Knife',
    ]);
    const uncategorized = {
      id: 'gid://shopify/TaxonomyCategory/na',
      fullName: 'Uncategorized',
      confidence: 0.2,
    };
    expect(
      suggestedKinds({
        category: uncategorized,
        categoryAlternatives: [{ ...PLIERS, confidence: 0.1 }],
      }),
    ).toEqual([{ label: 'Pliers', categoryId: PLIERS.id }]);
    expect(suggestedKinds({ category: null, categoryAlternatives: [] })).toEqual([]);
  });
});

describe('What is this? on an unsure card', () => {
  it('offers the kinds as buttons in a named group; one click re-drafts the listing as that kind', async () => {
    const { fetch, user } = renderCard([unsure], { body: named });
    const card = await screen.findByRole('article', { name: 'tool.jpg' });
    const question = within(card).getByRole('group', { name: KIND_QUESTION });
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hammer', 'Hatchet', 'Kitchen Knife', SOMETHING_ELSE]);

    await user.click(within(question).getByRole('button', { name: 'Hatchet' }));

    expect(callsTo(fetch, 'POST /api/product/p1/identify')).toEqual([
      { kind: 'Hatchet', categoryId: HATCHETS.id },
    ]);
    const renamed = await screen.findByRole('article', { name: 'Hatchet' });
    expect(within(renamed).queryByRole('group', { name: KIND_QUESTION })).toBeNull();
    // Focus stays on the card, on the way to correct the answer.
    const again = within(renamed).getByRole('button', { name: WHAT_IS_THIS_LABEL });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('works from the keyboard: Tab to a kind, Enter answers', async () => {
    const { fetch, user } = renderCard([unsure], { body: named });
    const card = await screen.findByRole('article', { name: 'tool.jpg' });
    within(card).getByRole('button', { name: 'Hammer' }).focus();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Hatchet');
    await user.keyboard('{Enter}');
    await screen.findByRole('article', { name: 'Hatchet' });
    expect(callsTo(fetch, 'POST /api/product/p1/identify')).toHaveLength(1);
  });

  it('‘Something else…’ opens the seller’s own words; Escape comes back to the kinds', async () => {
    const { fetch, user } = renderCard([unsure], { body: named });
    const card = await screen.findByRole('article', { name: 'tool.jpg' });
    await user.click(within(card).getByRole('button', { name: SOMETHING_ELSE }));
    const words = within(card).getByRole('textbox', { name: WHAT_IS_THIS_LABEL });
    await waitFor(() => expect(document.activeElement).toBe(words));

    await user.keyboard('{Escape}');
    const back = within(card).getByRole('button', { name: SOMETHING_ELSE });
    await waitFor(() => expect(document.activeElement).toBe(back));

    await user.click(back);
    await user.type(
      within(card).getByRole('textbox', { name: WHAT_IS_THIS_LABEL }),
      'tack hammer{Enter}',
    );
    expect(callsTo(fetch, 'POST /api/product/p1/identify')).toEqual([{ kind: 'tack hammer' }]);
  });

  it('says that it is working, then the server’s error, and the kinds stay to try again', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { user } = renderCard(
      [unsure],
      () => new Promise<Reply>((resolve) => (answer = resolve)),
    );
    const card = await screen.findByRole('article', { name: 'tool.jpg' });
    await user.click(within(card).getByRole('button', { name: 'Hammer' }));
    expect(await within(card).findByText('Writing the listing as Hammer…')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Hatchet' })).toHaveProperty('disabled', true);

    answer({ status: 503, body: { error: 'Drafting is busy. Please try again.' } });
    expect(await within(card).findByRole('alert')).toHaveProperty(
      'textContent',
      'Drafting is busy. Please try again.',
    );
    expect(within(card).getByRole('button', { name: 'Hatchet' })).toHaveProperty('disabled', false);
  });
});
