import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#domain/products';
import { withAttribute } from '#domain/product-attributes';
import { ATTRIBUTES_HEADING } from './attribute-chips';
import { KIND_QUESTION } from './kind-question';
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

const BELTS = {
  id: 'gid://shopify/TaxonomyCategory/aa-2-6',
  fullName: 'Apparel & Accessories > Clothing Accessories > Belts',
};
const belt = makeProduct({
  title: 'Brown Belt',
  category: { ...BELTS, confidence: 1 },
  attributes: { colors: ['brown'], material: null, brand: 'Acme', size: null },
});
const BELT_ATTRIBUTES = [
  { name: 'Color', values: ['Black', 'Brown'] },
  { name: 'Material', values: ['Canvas', 'Leather'] },
  { name: 'Brand', values: [] },
  { name: 'Condition', values: ['New', 'Used', 'Refurbished'] },
];

function renderBelt(reply: (body: unknown) => Product) {
  const fetch = stubFetch({
    'GET /api/products': { body: { products: [belt] } },
    'GET /api/user/profile': { body: freeProfile },
    [`GET /api/taxonomy/categories/${encodeURIComponent(BELTS.id)}/attributes`]: {
      body: { attributes: BELT_ATTRIBUTES },
    },
    'PATCH /api/product/p1': (body) => ({ body: reply(body) }),
  });
  const view = renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
  return { fetch, ...view };
}

async function attributesSection() {
  return screen.findByRole('group', { name: ATTRIBUTES_HEADING });
}

describe('attribute chips', () => {
  it('waits for the category while the draft is unsure of it, and asks the server nothing', async () => {
    const fetch = stubFetch({
      'GET /api/products': {
        body: { products: [makeProduct({ ...belt, category: { ...BELTS, confidence: 0.2 } })] },
      },
      'GET /api/user/profile': { body: freeProfile },
    });
    renderScreen(<ReviewScreen renderUploader={() => <p>Uploader</p>} />);
    expect(await screen.findByRole('group', { name: KIND_QUESTION })).toBeTruthy();
    expect(screen.queryByRole('group', { name: ATTRIBUTES_HEADING })).toBeNull();
    expect(callsTo(fetch, 'GET /api/taxonomy/categories')).toEqual([]);
  });

  it('confirms the colour read from the pixels in a click', async () => {
    const { fetch, user } = renderBelt(() =>
      makeProduct({
        ...belt,
        confirmedAttributes: [{ name: 'Color', value: 'Brown' }],
        editedFields: ['attributes'],
      }),
    );
    const section = await attributesSection();
    // The brand read from the label waits to be confirmed too; condition has no guess.
    expect(within(section).getByRole('button', { name: 'Confirm Brand: Acme' })).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Confirm Color: Brown' }));
    expect(
      await within(section).findByRole('button', { name: 'Remove Color: Brown' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([
        { confirmedAttributes: [{ name: 'Color', value: 'Brown' }] },
      ]),
    );
  });

  it('takes a typed value with Enter, and shows the title the server drafted from it', async () => {
    const { fetch, user } = renderBelt((body) =>
      makeProduct({
        ...belt,
        title: 'Brown Leather Belt',
        confirmedAttributes: (body as { confirmedAttributes: Product['confirmedAttributes'] })
          .confirmedAttributes,
      }),
    );
    const section = await attributesSection();
    const material = within(section).getByRole('combobox', { name: 'Material' });
    await user.type(material, '  Leather {Enter}');
    expect(
      await within(section).findByRole('button', { name: 'Remove Material: Leather' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetch, 'PATCH /api/product/p1')).toEqual([
        { confirmedAttributes: [{ name: 'Material', value: 'Leather' }] },
      ]),
    );
    expect(await screen.findByDisplayValue('Brown Leather Belt')).toBeTruthy();
    // Removing it is one keyboard press away.
    within(section).getByRole('button', { name: 'Remove Material: Leather' }).focus();
    await user.keyboard('{Enter}');
    expect(within(section).getByRole('combobox', { name: 'Material' })).toBeTruthy();
  });

  it('keeps one value per attribute', () => {
    const list = withAttribute([{ name: 'Color', value: 'Brown' }], 'color', 'Tan');
    expect(list).toEqual([{ name: 'color', value: 'Tan' }]);
    expect(withAttribute(list, 'Color', null)).toEqual([]);
  });
});
