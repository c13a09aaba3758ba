import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldVersion } from '#domain/field-versions';
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

const screenElement = <ReviewScreen renderUploader={() => <p>Uploader</p>} />;
const product = makeProduct({ title: 'Regenerated Title That Missed' });
const earlier: FieldVersion = {
  id: '7',
  field: 'title',
  value: 'Waxed Canvas Backpack',
  cause: 'regenerate',
  replacedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};

describe('earlier versions of a field', () => {
  it('lists what a regeneration replaced and restores it in one click', async () => {
    const fetchMock = stubFetch({
      'GET /api/products': { body: { products: [product] } },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/product/p1/versions': {
        body: {
          versions: [
            earlier,
            { ...earlier, id: '6', field: 'description', value: 'Old description' },
          ],
        },
      },
      'POST /api/product/p1/restore': {
        body: { ...product, title: 'Waxed Canvas Backpack', editedFields: ['title'] },
      },
    });
    const { user } = renderScreen(screenElement);
    const card = await screen.findByRole('article', { name: product.title });

    await user.click(
      within(card).getByRole('button', { name: 'Earlier versions of the product name' }),
    );
    const popover = await screen.findByRole('dialog', { name: 'Earlier versions' });
    expect(within(popover).getByText('Before regeneration · 5 minutes ago')).toBeTruthy();
    // Only the title's versions: the description has its own list.
    expect(within(popover).queryByText('Old description')).toBeNull();

    await user.click(
      within(popover).getByRole('button', { name: 'Restore the product name from 5 minutes ago' }),
    );
    await waitFor(() =>
      expect(within(card).getByLabelText<HTMLInputElement>('Product name').value).toBe(
        'Waxed Canvas Backpack',
      ),
    );
    expect(callsTo(fetchMock, 'POST /api/product/p1/restore')[0]).toEqual({ versionId: '7' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Earlier versions' })).toBeNull(),
    );
    expect(await screen.findByText('Earlier product name restored')).toBeTruthy();
  });

  it('says what will appear there when nothing was replaced yet', async () => {
    stubFetch({
      'GET /api/products': { body: { products: [product] } },
      'GET /api/user/profile': { body: freeProfile },
      'GET /api/product/p1/versions': { body: { versions: [] } },
    });
    const { user } = renderScreen(screenElement);
    const card = await screen.findByRole('article', { name: product.title });
    await user.click(
      within(card).getByRole('button', { name: 'Earlier versions of the product description' }),
    );
    expect(
      await screen.findByText(
        /No earlier versions yet\. When you edit or regenerate the product description/,
      ),
    ).toBeTruthy();
  });
});
