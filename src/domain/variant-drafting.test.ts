import { describe, expect, it } from 'vitest';
import { APPAREL_SIZE_RUN, draftVariants, SHOE_SIZE_RUN, sizeRunFor } from './variant-drafting';
import { productVariantsSchema } from './variants';

const apparelAttributes = ['Color', 'Size', 'Target gender', 'Age group', 'Brand', 'Condition'];
const tshirt = 'gid://shopify/TaxonomyCategory/aa-1-13-8';

describe('sizeRunFor', () => {
  it('sizes clothing and shoes that the taxonomy gives a size', () => {
    expect(sizeRunFor(tshirt, apparelAttributes)).toEqual(APPAREL_SIZE_RUN);
    expect(sizeRunFor('aa-8-3', ['Color', 'Size'])).toEqual(SHOE_SIZE_RUN);
  });

  it('invents no sizes for a mug, a backpack, a baby romper or an unknown category', () => {
    expect(sizeRunFor('hg-11-10-5-5', ['Color', 'Material', 'Pattern'])).toEqual([]);
    expect(sizeRunFor('lb-13', ['Color', 'Material', 'Size'])).toEqual([]);
    expect(sizeRunFor('aa-1-2-7', apparelAttributes)).toEqual([]);
    expect(sizeRunFor('aa-8-2-1', apparelAttributes)).toEqual([]);
    expect(sizeRunFor(null, apparelAttributes)).toEqual([]);
    // Not the size-less 'aa-10' because its id starts with 'aa-1'.
    expect(sizeRunFor('aa-10-1', apparelAttributes)).toEqual([]);
  });
});

describe('draftVariants', () => {
  it('drafts sizes with the colour from the photo for a t-shirt', () => {
    const variants = draftVariants({
      categoryId: tshirt,
      categoryAttributeNames: apparelAttributes,
      photoColors: ['olive', 'white'],
      confirmedAttributes: [],
    });
    expect(variants.options).toEqual([
      { name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] },
      { name: 'Color', values: ['Olive'] },
    ]);
    expect(variants.rows.map((row) => row.values.join(' / '))).toEqual([
      'XS / Olive',
      'S / Olive',
      'M / Olive',
      'L / Olive',
      'XL / Olive',
    ]);
    expect(variants.rows.every((row) => row.price === null && row.sku === '')).toBe(true);
    expect(productVariantsSchema.safeParse(variants).success).toBe(true);
  });

  it('states what the seller confirmed instead of the guesses', () => {
    const variants = draftVariants({
      categoryId: tshirt,
      categoryAttributeNames: apparelAttributes,
      photoColors: ['olive'],
      confirmedAttributes: [
        { name: 'Color', value: 'Forest green' },
        { name: 'Material', value: 'Organic cotton' },
      ],
    });
    expect(variants.options.map((option) => [option.name, option.values.join(',')])).toEqual([
      ['Size', 'XS,S,M,L,XL'],
      ['Color', 'Forest green'],
      ['Material', 'Organic cotton'],
    ]);
  });

  it('has nothing to vary for a mug, nor for a shirt whose one size the seller confirmed', () => {
    expect(
      draftVariants({
        categoryId: 'hg-11-10-5-5',
        categoryAttributeNames: ['Color', 'Material'],
        photoColors: ['amber'],
        confirmedAttributes: [{ name: 'Material', value: 'Glass' }],
      }),
    ).toEqual({ options: [], rows: [] });
    expect(
      draftVariants({
        categoryId: tshirt,
        categoryAttributeNames: apparelAttributes,
        photoColors: ['olive'],
        confirmedAttributes: [{ name: 'Size', value: 'M' }],
      }),
    ).toEqual({ options: [], rows: [] });
  });

  it('never drafts the spec placeholder set', () => {
    const variants = draftVariants({
      categoryId: 'aa-8-3',
      categoryAttributeNames: ['Size'],
      photoColors: [],
      confirmedAttributes: [],
    });
    const text = JSON.stringify(variants);
    expect(text).not.toMatch(/Classic Brown|Glass Amber Bottle|XL-Large/);
    expect(variants.options).toEqual([{ name: 'Size', values: [...SHOE_SIZE_RUN] }]);
  });
});
