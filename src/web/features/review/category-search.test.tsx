import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { CHANGE_CATEGORY_HEADING } from './category-field';
import { CATEGORY_SEARCH_LABEL, CATEGORY_SEARCH_PLACEHOLDER } from './category-search';
import { ReviewScreen } from './review-screen';
import {
  callsTo,
  FakeEventSource,
  freeProfile,
  makeProduct,
  renderScreen,
  isolateReviewTests,
  stubFetch,
} from './test-support';
import type { Handler, Reply } from '#web/test-support/stub-fetch';

isolateReviewTests();

const LIGHTERS = {
  id: 'gid://shopify/TaxonomyCategory/hw-4-5',
  fullName: 'Hardware > Tools > Lighters & Matches',
};
const WATER_BOTTLES = {
  id: 'gid://shopify/TaxonomyCategory/hg-11-3-11',
  fullName: 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
};
const SPRAY_BOTTLES = {
  id: 'gid://shopify/TaxonomyCategory/hg-8-9-2-3',
  fullName:
    'Home & Garden > Household Appliance Accessories > Laundry Appliance Accessories > Iron Accessories > Water Spray Bottles',
};

/** Two water bottles the analyzer filed, confidently and wrongly, under lighters. */
const confidentlyWrong = makeProduct({
  title: 'Two Water Bottles',
  category: { ...LIGHTERS, confidence: 0.97 },
  categoryAlternatives: [],
  evidence: { category: { confidence: 0.97, sources: ['looks like: lighter (97%)'] } },
});

function confirmedAs(category: { id: string; fullName: string }): Product {
  return makeProduct({
    ...confidentlyWrong,
    category: { ...category, confidence: 1 },
    categoryAlternatives: [{ ...LIGHTERS, confidence: 0.97 }],
    evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
  });
}

function renderCard(search: Reply | Handler, product = confidentlyWrong) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products: [product] } },
    'GET /api/user/profile': { body: freeProfile },
    'GET /api/taxonomy/categories': search,
    'PATCH /api/product/p1': (body) => ({
      body: confirmedAs(
        (body as { categoryId: string }).categoryId === WATER_BOTTLES.id
          ? WATER_BOTTLES
          : SPRAY_BOTTLES,
      ),
    }),
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

const bottles: Reply = { body: { categories: [WATER_BOTTLES, SPRAY_BOTTLES] } };

async function openChange(user: ReturnType<typeof renderCard>['user']) {
  const card = await screen.findByRole('article', { name: 'Two Water Bottles' });
  await user.click(within(card).getByRole('button', { name: 'Change category' }));
  return { card, form: within(card).getByRole('group', { name: CHANGE_CATEGORY_HEADING }) };
}

function searchCalls(fetch: ReturnType<typeof renderCard>['fetch']): string[] {
  return fetch.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/taxonomy/categories?'));
}

describe('changing a confident category', () => {
  it('opens the change form from the Change button and cancels back to it', async () => {
    const { user } = renderCard(bottles);
    const card = await screen.findByRole('article', { name: 'Two Water Bottles' });
    expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull();
    const change = within(card).getByRole('button', { name: 'Change category' });
    expect(change.textContent).toBe('Change');

    // Keyboard: Enter on the focused button opens; focus moves into the form.
    change.focus();
    await user.keyboard('{Enter}');
    const form = within(card).getByRole('group', { name: CHANGE_CATEGORY_HEADING });
    expect(within(form).queryByText(/We are not sure/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Change category' })).toBeNull();
    expect(document.activeElement).toBe(within(form).getByLabelText('Category to confirm'));

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'Change category' }),
      ),
    );
  });

  it('closes on Escape; Escape in a filled search box clears it first', async () => {
    const { user } = renderCard(bottles);
    const { card, form } = await openChange(user);
    const search = within(form).getByRole('searchbox', { name: CATEGORY_SEARCH_LABEL });
    expect(search.getAttribute('placeholder')).toBe(CATEGORY_SEARCH_PLACEHOLDER);
    await user.type(search, 'wa');
    await user.keyboard('{Escape}');
    expect((search as HTMLInputElement).value).toBe('');
    expect(within(card).getByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(card).getByRole('button', { name: 'Change category' }),
      ),
    );
  });

  it('searches all categories and confirms the picked one (PATCH categoryId)', async () => {
    const { fetch, user } = renderCard(bottles);
    const { card, form } = await openChange(user);
    const search = within(form).getByRole('searchbox', { name: CATEGORY_SEARCH_LABEL });

    await user.type(search, 'w');
    await user.type(search, 'ater bottle');
    const results = await within(form).findByRole('list', { name: 'Matching categories' });
    // Debounced: one request, for the whole text.
    expect(searchCalls(fetch)).toEqual(['/api/taxonomy/categories?q=water%20bottle']);
    const options = within(results).getAllByRole('button');
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual([
      'Water Bottles — Home & Garden > Kitchen & Dining > Food & Beverage Carriers',
      'Water Spray Bottles — Home & Garden > Household Appliance Accessories > Laundry Appliance Accessories > Iron Accessories',
    ]);
    // The own name bold, the path muted.
    expect(within(options[0]!).getByText('Water Bottles').className).toContain('font-semibold');

    await user.click(options[0]!);
    const select = within(form).getByLabelText<HTMLSelectElement>('Category to confirm');
    expect(select.value).toBe(WATER_BOTTLES.id);
    expect(Array.from(select.options).map((option) => option.value)).toEqual([
      LIGHTERS.id,
      WATER_BOTTLES.id,
    ]);
    expect(document.activeElement).toBe(select);
    expect(within(form).queryByRole('list', { name: 'Matching categories' })).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull(),
    );
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: WATER_BOTTLES.id }]);
    expect(within(card).getByText(WATER_BOTTLES.fullName)).toBeTruthy();
    expect(within(card).getByText('Confirmed by you')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Change category' })).toBeTruthy();
  });

  it('closes when the server’s product event comes before the PATCH answer', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const fetch = stubFetch({
      'GET /api/products': { body: { products: [confidentlyWrong] } },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/taxonomy/categories': bottles,
      'PATCH /api/product/p1': () => new Promise<Reply>((resolve) => (answer = resolve)),
    });
    const { user } = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
    const { card, form } = await openChange(user);
    await user.type(within(form).getByRole('searchbox'), 'water bottle');
    await user.click(await within(form).findByRole('button', { name: /^Water Bottles/ }));
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo(fetch, 'PATCH /api/product/p1')).toHaveLength(1));

    // The event replaces the category (and so the form) while the PATCH is still open.
    act(() => {
      FakeEventSource.instances[0]!.emit('product', {
        type: 'product',
        product: confirmedAs(WATER_BOTTLES),
      });
    });
    // The card already shows it; the form is still open, waiting for the answer.
    await waitFor(() => expect(within(card).getByText(WATER_BOTTLES.fullName)).toBeTruthy());
    expect(within(card).getByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeTruthy();
    answer({ body: confirmedAs(WATER_BOTTLES) });
    await waitFor(() =>
      expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull(),
    );
    expect(document.activeElement).toBe(within(card).getByText(WATER_BOTTLES.fullName));
  });

  it('is usable from the keyboard: arrow keys through the results, Enter picks', async () => {
    const { fetch, user } = renderCard(bottles);
    const { form } = await openChange(user);
    await user.type(within(form).getByRole('searchbox'), 'bottle');
    await within(form).findByRole('list', { name: 'Matching categories' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Water Spray Bottles/);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(within(form).getByRole('searchbox'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const select = within(form).getByLabelText<HTMLSelectElement>('Category to confirm');
    expect(select.value).toBe(SPRAY_BOTTLES.id);
    // Enter picked; it did not submit the form.
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([]);
  });

  it('says "Searching…", then that nothing matches', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { fetch, user } = renderCard(() => new Promise<Reply>((resolve) => (answer = resolve)));
    const { form } = await openChange(user);
    await user.type(within(form).getByRole('searchbox'), 'z');
    // One character: nothing asked.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searchCalls(fetch)).toEqual([]);
    await user.type(within(form).getByRole('searchbox'), 'zqx ');
    expect(within(form).getByRole('status').textContent).toBe('Searching…');
    await waitFor(() => expect(searchCalls(fetch)).toHaveLength(1));
    answer({ body: { categories: [] } });
    await waitFor(() =>
      expect(within(form).getByRole('status').textContent).toBe('No category matches “zzqx”'),
    );
    expect(within(form).queryByRole('list')).toBeNull();
  });

  it('shows a failed search as an alert', async () => {
    const { user } = renderCard({ status: 500 });
    const { form } = await openChange(user);
    await user.type(within(form).getByRole('searchbox'), 'watch');
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Failed to search the categories',
    );
    expect(within(form).queryByRole('list')).toBeNull();
  });
});
