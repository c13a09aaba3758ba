import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { SURE_CONFIDENCE } from '#domain/readiness';
import { CHANGE_CATEGORY_HEADING, categoryOptionLabel } from './category-field';
import { KIND_QUESTION } from './kind-question';
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

isolateReviewTests();

const BACKPACKS = {
  id: 'gid://shopify/TaxonomyCategory/lb-1',
  fullName: 'Luggage & Bags > Backpacks',
};
const DUFFELS = {
  id: 'gid://shopify/TaxonomyCategory/lb-6',
  fullName: 'Luggage & Bags > Duffel Bags',
};
const TOTES = {
  id: 'gid://shopify/TaxonomyCategory/aa-5-4-13',
  fullName: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags > Tote Handbags',
};

const unsure = makeProduct({
  category: { ...BACKPACKS, confidence: 0.35 },
  categoryAlternatives: [
    { ...DUFFELS, confidence: 0.3 },
    { ...TOTES, confidence: 0.1 },
  ],
  evidence: { category: { confidence: 0.35, sources: ['looks like: backpack (35%)'] } },
});

/** What the server answers once the seller chose `category`. */
function confirmed(category: { id: string; fullName: string }): Product {
  return makeProduct({
    category: { ...category, confidence: 1 },
    categoryAlternatives: [{ ...BACKPACKS, confidence: 0.35 }],
    evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
  });
}

function renderCard(patch: Parameters<typeof stubFetch>[0][string]) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products: [unsure] } },
    'GET /api/user/profile': { body: freeProfile },
    'PATCH /api/product/p1': patch,
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

describe('the category of an unsure draft', () => {
  /** The unsure card, its category form opened from Change. */
  async function openChange(user: ReturnType<typeof renderCard>['user']) {
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    await user.click(within(card).getByRole('button', { name: 'Change category' }));
    return { card, form: within(card).getByRole('group', { name: CHANGE_CATEGORY_HEADING }) };
  }

  it('is asked once, by What is this? with its kinds; the category form waits behind Change', async () => {
    renderCard(() => ({ status: 500 }));
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(within(card).getByRole('group', { name: KIND_QUESTION })).toBeTruthy();
    expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull();
    expect(within(card).queryByText('Please confirm the category')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Change category' })).toBeTruthy();
  });

  it('offers the current category and the alternatives, and confirms the chosen one', async () => {
    const { fetch, user } = renderCard((body) => ({
      body: confirmed((body as { categoryId: string }).categoryId === DUFFELS.id ? DUFFELS : TOTES),
    }));
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    expect(within(card).getByText(BACKPACKS.fullName)).toBeTruthy();
    // The evidence waits behind 'Why?'.
    expect(within(card).queryByText(/Looks like: backpack/)).toBeNull();
    const why = within(card).getByRole('button', { name: 'Why this category?' });
    await user.click(why);
    expect(why.getAttribute('aria-expanded')).toBe('true');
    const note = within(card).getByText(/Looks like: backpack \(35%\)/);
    expect(note.textContent).toBe('Looks like: backpack (35%) · low confidence');
    expect(why.getAttribute('aria-controls')).toBe(note.id);
    expect(within(card).getByText(BACKPACKS.fullName).getAttribute('aria-describedby')).toBe(
      note.id,
    );

    const { form } = await openChange(user);
    const select = within(form).getByLabelText<HTMLSelectElement>('Category to confirm');
    expect(document.activeElement).toBe(select);
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Backpacks — Luggage & Bags',
      'Duffel Bags — Luggage & Bags',
      'Tote Handbags — Apparel & Accessories > Handbags, Wallets & Cases > Handbags',
    ]);
    expect(select.value).toBe(BACKPACKS.id);

    // A native select (the browser's own keyboard handling); Confirm and Cancel sit beside it,
    // the search of all categories comes after.
    await user.selectOptions(select, DUFFELS.id);
    expect(select.value).toBe(DUFFELS.id);
    select.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Confirm' }));
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Cancel' }));
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByLabelText('Search all categories'));
    within(form).getByRole('button', { name: 'Confirm' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(within(card).queryByRole('group', { name: CHANGE_CATEGORY_HEADING })).toBeNull(),
    );
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: DUFFELS.id }]);
    const value = within(card).getByText(DUFFELS.fullName);
    expect(document.activeElement).toBe(value);
    expect(within(card).getByText(/Confirmed by you/).textContent).toBe('Confirmed by you');
  });

  it('re-confirms the current category as it is', async () => {
    const { fetch, user } = renderCard(() => ({ body: confirmed(BACKPACKS) }));
    const { form } = await openChange(user);
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText(CHANGE_CATEGORY_HEADING)).toBeNull());
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: BACKPACKS.id }]);
  });

  it('sends one request when Confirm is double-clicked', async () => {
    const { fetch, user } = renderCard(() => ({ body: confirmed(BACKPACKS) }));
    const { form } = await openChange(user);
    await user.dblClick(within(form).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText(CHANGE_CATEGORY_HEADING)).toBeNull());
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: BACKPACKS.id }]);
  });

  it('keeps the form and shows the server’s message when confirming fails', async () => {
    const { user } = renderCard(() => ({
      status: 400,
      body: {
        error: 'Unknown category. Please choose a category from the Shopify product taxonomy.',
      },
    }));
    const { form } = await openChange(user);
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unknown category. Please choose a category from the Shopify product taxonomy.',
    );
    expect(screen.getByText(CHANGE_CATEGORY_HEADING)).toBeTruthy();
    expect(screen.getByLabelText('Category to confirm').getAttribute('aria-invalid')).toBe('true');
  });

  it('stops asking when another tab confirms (server-sent product event)', async () => {
    renderCard(() => ({ status: 500 }));
    expect(await screen.findByRole('group', { name: KIND_QUESTION })).toBeTruthy();
    const source = FakeEventSource.instances[0]!;
    // No 'open' here: opening refetches the list, which would still say "unsure".
    act(() => {
      source.emit('product', { type: 'product', product: confirmed(TOTES) });
    });
    await waitFor(() => expect(screen.queryByRole('group', { name: KIND_QUESTION })).toBeNull());
    expect(screen.getByText(TOTES.fullName)).toBeTruthy();
  });

  it('does not ask when the category is sure (the calibrated threshold)', async () => {
    stubFetch({
      'GET /api/products': {
        body: {
          products: [{ ...unsure, category: { ...BACKPACKS, confidence: SURE_CONFIDENCE } }],
        },
      },
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
    expect(await screen.findByText(BACKPACKS.fullName)).toBeTruthy();
    expect(screen.queryByRole('group', { name: KIND_QUESTION })).toBeNull();
  });

  it('labels options by their own name first', () => {
    expect(categoryOptionLabel({ ...TOTES, confidence: 0 })).toBe(
      'Tote Handbags — Apparel & Accessories > Handbags, Wallets & Cases > Handbags',
    );
    expect(categoryOptionLabel({ id: 'x', fullName: 'Luggage & Bags', confidence: 0 })).toBe(
      'Luggage & Bags',
    );
  });
});
