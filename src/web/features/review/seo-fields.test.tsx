import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { ReviewScreen } from './review-screen';
import { SEO_SECTION_LABEL } from './seo-fields';
import {
  callsTo,
  freeProfile,
  isolateReviewTests,
  makeProduct,
  renderScreen,
  stubFetch,
} from './test-support';

isolateReviewTests();

const screenElement = <ReviewScreen renderUploader={() => <p>Uploader</p>} />;

describe('search engine listing', () => {
  // <details> toggles from the keyboard in browsers (checked in Chromium); jsdom only on click.
  it('is folded under one line, opens, and autosaves its fields', async () => {
    const fetch = stubFetch({
      'GET /api/products': { body: { products: [makeProduct()] } },
      'GET /api/user/profile': { body: freeProfile },
      'PATCH /api/product/p1': (body) => ({
        body: makeProduct({ ...(body as Partial<Product>) }),
      }),
    });
    const { user } = renderScreen(screenElement);
    const card = await screen.findByRole('article', { name: 'Waxed Canvas Backpack' });
    const details = within(card).getByText(SEO_SECTION_LABEL).closest('details')!;
    expect(details.open).toBe(false);
    // Folded, the line shows the SEO title so the seller sees it without opening.
    expect(within(details).getByText('Waxed Canvas Backpack')).toBeTruthy();

    await user.click(details.querySelector('summary')!);
    expect(details.open).toBe(true);

    const seoTitle = within(card).getByLabelText<HTMLInputElement>('SEO title');
    expect(seoTitle.value).toBe('Waxed Canvas Backpack');
    expect(seoTitle.maxLength).toBe(70);
    const seoDescription = within(card).getByLabelText<HTMLTextAreaElement>('SEO description');
    expect(seoDescription.value).toBe('A roomy backpack in olive waxed canvas.');
    expect(seoDescription.maxLength).toBe(320);
    expect(within(card).getByText('21 of 70 characters')).toBeTruthy();

    await user.clear(seoTitle);
    await user.type(seoTitle, 'Olive Waxed Canvas Backpack');
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeTruthy();
    expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([
      { seoTitle: 'Olive Waxed Canvas Backpack' },
    ]);
  }, 15_000);
});
