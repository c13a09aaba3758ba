import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { SURE_CONFIDENCE } from '#domain/readiness';
import { CONFIRM_CATEGORY_PROMPT, categoryOptionLabel } from './category-field';
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

describe('category confirmation', () => {
  it('offers the current category and the alternatives, and confirms the chosen one', async () => {
    const { fetch, user } = renderCard((body) => ({
      body: confirmed((body as { categoryId: string }).categoryId === DUFFELS.id ? DUFFELS : TOTES),
    }));
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    const form = within(card).getByRole('group', { name: CONFIRM_CATEGORY_PROMPT });
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

    const select = within(form).getByLabelText<HTMLSelectElement>('Category to confirm');
    expect(Array.from(select.options).map((option) => option.textContent)).toEqual([
      'Backpacks — Luggage & Bags',
      'Duffel Bags — Luggage & Bags',
      'Tote Handbags — Apparel & Accessories > Handbags, Wallets & Cases > Handbags',
    ]);
    expect(select.value).toBe(BACKPACKS.id);

    // A native select (the browser's own keyboard handling); Confirm sits beside it, the search
    // of all categories comes after.
    await user.selectOptions(select, DUFFELS.id);
    expect(select.value).toBe(DUFFELS.id);
    select.focus();
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Confirm' }));
    await user.tab();
    expect(document.activeElement).toBe(within(form).getByLabelText('Search all categories'));
    within(form).getByRole('button', { name: 'Confirm' }).focus();
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(within(card).queryByRole('group', { name: CONFIRM_CATEGORY_PROMPT })).toBeNull(),
    );
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: DUFFELS.id }]);
    const value = within(card).getByText(DUFFELS.fullName);
    expect(document.activeElement).toBe(value);
    expect(within(card).getByText(/Confirmed by you/).textContent).toBe('Confirmed by you');
  });

  it('re-confirms the current category as it is', async () => {
    const { fetch, user } = renderCard(() => ({ body: confirmed(BACKPACKS) }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText(CONFIRM_CATEGORY_PROMPT)).toBeNull());
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: BACKPACKS.id }]);
  });

  it('sends one request when Confirm is double-clicked', async () => {
    const { fetch, user } = renderCard(() => ({ body: confirmed(BACKPACKS) }));
    await user.dblClick(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText(CONFIRM_CATEGORY_PROMPT)).toBeNull());
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([{ categoryId: BACKPACKS.id }]);
  });

  it('keeps the prompt and shows the server’s message when confirming fails', async () => {
    const { user } = renderCard(() => ({
      status: 400,
      body: {
        error: 'Unknown category. Please choose a category from the Shopify product taxonomy.',
      },
    }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unknown category. Please choose a category from the Shopify product taxonomy.',
    );
    expect(screen.getByText(CONFIRM_CATEGORY_PROMPT)).toBeTruthy();
    expect(screen.getByLabelText('Category to confirm').getAttribute('aria-invalid')).toBe('true');
  });

  it('goes away when another tab confirms (server-sent product event)', async () => {
    renderCard(() => ({ status: 500 }));
    expect(await screen.findByText(CONFIRM_CATEGORY_PROMPT)).toBeTruthy();
    const source = FakeEventSource.instances[0]!;
    // No 'open' here: opening refetches the list, which would still say "unsure".
    act(() => {
      source.emit('product', { type: 'product', product: confirmed(TOTES) });
    });
    await waitFor(() => expect(screen.queryByText(CONFIRM_CATEGORY_PROMPT)).toBeNull());
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
    expect(screen.queryByText(CONFIRM_CATEGORY_PROMPT)).toBeNull();
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
