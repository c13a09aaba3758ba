import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { confidenceLevel, evidenceSummary } from './evidence-note';
import { ReviewScreen } from './review-screen';
import {
  freeProfile,
  makeProduct,
  renderScreen,
  stubFetch,
  isolateReviewTests,
} from './test-support';

isolateReviewTests();

async function showCard(product: Product) {
  stubFetch({
    'GET /api/products': { body: { products: [product] } },
    'GET /api/user/profile': { body: freeProfile },
  });
  const { user } = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  const card = await screen.findByRole('article', { name: product.title });
  return { card, user };
}

describe('evidence wording', () => {
  it('names the confidence: high from 0.7, medium from 0.4, low below', () => {
    expect([1, 0.7, 0.69, 0.4, 0.39, 0].map(confidenceLevel)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });

  it('joins the sources, each starting with a capital, and says nothing without sources', () => {
    expect(
      evidenceSummary({
        confidence: 0.71,
        sources: ['from the label: "Polaroid One Step"', 'looks like: instant camera (71%)'],
      }),
    ).toBe('From the label: "Polaroid One Step" · Looks like: instant camera (71%)');
    expect(evidenceSummary({ confidence: 0.9, sources: [] })).toBeNull();
    expect(evidenceSummary(undefined)).toBeNull();
  });
});

describe('evidence on the product card', () => {
  it('shows the name’s and the description’s behind Why?, the price’s in its range popover', async () => {
    const { card, user } = await showCard(
      makeProduct({
        barcode: '0012345678905',
        evidence: {
          title: {
            confidence: 0.82,
            sources: ['from the label: "Polaroid One Step"', 'looks like: instant camera (71%)'],
          },
          description: { confidence: 0.45, sources: ['colour: black'] },
          price: { confidence: 0.2, sources: ['typical price for Instant Cameras'] },
        },
      }),
    );
    // Closed at first: the card stays compact.
    expect(within(card).queryByText(/confidence$/)).toBeNull();
    const whyName = within(card).getByRole('button', { name: 'Why this product name?' });
    const whyDescription = within(card).getByRole('button', {
      name: 'Why this product description?',
    });
    expect(whyName.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: Tab reaches the toggle, Enter opens it.
    whyName.focus();
    await user.keyboard('{Enter}');
    expect(whyName.getAttribute('aria-expanded')).toBe('true');
    await user.click(whyDescription);
    const notes = within(card)
      .getAllByText(/confidence$/)
      .map((note) => note.closest('p')?.textContent);
    expect(notes).toEqual([
      'From the label: "Polaroid One Step" · Looks like: instant camera (71%) · high confidence',
      'Colour: black · medium confidence',
    ]);
    // A second click closes it again.
    await user.click(whyDescription);
    expect(within(card).queryByText('Colour: black · medium confidence')).toBeNull();
    // The price's basis is in its popover, so its note there gives only the confidence.
    await user.click(within(card).getByRole('button', { name: 'Price range' }));
    const popover = await screen.findByRole('dialog', { name: 'Typical range $35–$60' });
    expect(within(popover).getByText('Low confidence').closest('p')?.textContent).toBe(
      'Low confidence',
    );
    // Each note sits with its own field.
    const nameField = within(card).getByLabelText('Product name').closest('div.flex-col');
    expect(nameField?.textContent).toContain('From the label: "Polaroid One Step"');
    expect(within(card).getByText('Barcode (GTIN):').textContent).toBe(
      'Barcode (GTIN): 0012345678905',
    );
  });

  it('gives the price only its confidence when its popover already names the basis', async () => {
    const { card, user } = await showCard(
      makeProduct({
        price: {
          suggested: 22,
          low: 15,
          high: 49,
          basis: 'typical US prices for Belts, the middle half of 26 Amazon listings, 2023',
        },
        evidence: {
          price: {
            confidence: 0.47,
            sources: ['typical US prices for Belts (26 Amazon listings)'],
          },
        },
      }),
    );
    await user.click(within(card).getByRole('button', { name: 'Price range' }));
    const popover = await screen.findByRole('dialog', { name: 'Typical range $15–$49' });
    expect(within(popover).getByText(/Based on typical US prices for Belts/)).toBeTruthy();
    expect(within(popover).queryByText(/26 Amazon listings\)/)).toBeNull();
    expect(within(popover).getByText('Medium confidence').closest('p')?.textContent).toBe(
      'Medium confidence',
    );
  });

  it('shows no Why?, no evidence line and no barcode when the provider gave none', async () => {
    const { card } = await showCard(makeProduct());
    expect(within(card).queryByRole('button', { name: /^Why/ })).toBeNull();
    expect(within(card).queryByText(/confidence/)).toBeNull();
    expect(within(card).queryByText(/Barcode/)).toBeNull();
  });
});
