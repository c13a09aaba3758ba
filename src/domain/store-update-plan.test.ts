import { describe, expect, it } from 'vitest';
import { htmlToText } from './catalogue-rows';
import { makeProduct } from './test-support/product';
import { parseStoreFields, type StoreFields } from './store-fields';
import { storeUpdatePlan } from './store-update-plan';

const GID = 'gid://shopify/Product/1';
const MUGS = 'gid://shopify/TaxonomyCategory/hg-11-10-5-5';
const STORE: StoreFields = {
  title: 'Stoneware Mug ',
  descriptionHtml: '<p>A <strong>heavy</strong> mug.</p><ul><li>Dishwasher safe</li></ul>',
  seoTitle: 'Mug',
  seoDescription: '',
  tags: ['Kitchen', 'mug'],
  productType: 'Mugs',
  category: null,
  images: [
    { id: 'gid://shopify/MediaImage/7', alt: 'Grey mug' },
    { id: 'gid://shopify/MediaImage/8', alt: 'Side' },
  ],
};
/** What the import made of the store's fields. */
const listing = makeProduct({
  title: 'Stoneware Mug',
  description: htmlToText(STORE.descriptionHtml!),
  seoTitle: 'Mug',
  seoDescription: '',
  tags: ['mug', 'Kitchen'],
  category: { id: MUGS, fullName: 'Home & Garden > Mugs', confidence: 1 },
  altText: 'Grey mug',
});
const categoryOf = (text: string) => (text === 'Mugs' || text === MUGS ? MUGS : null);

describe('what an update sends', () => {
  it('nothing for a product as the import read it, however rich the store’s HTML', () => {
    const plan = storeUpdatePlan(GID, STORE, listing, categoryOf);
    expect(plan.fields).toEqual([]);
    expect(plan.change).toEqual({ id: GID, product: {}, media: [] });
  });

  it('only the changed fields, the alt text on the store’s first image', () => {
    const plan = storeUpdatePlan(
      GID,
      STORE,
      { ...listing, seoDescription: 'A heavy mug.', altText: 'Grey stoneware mug', tags: ['mug'] },
      categoryOf,
    );
    expect(plan.fields).toEqual(['seoDescription', 'tags', 'altText']);
    expect(plan.change).toEqual({
      id: GID,
      product: { seo: { description: 'A heavy mug.' }, tags: ['mug'] },
      media: [{ id: 'gid://shopify/MediaImage/7', alt: 'Grey stoneware mug' }],
    });
    expect(plan.after.images).toEqual([
      { id: 'gid://shopify/MediaImage/7', alt: 'Grey stoneware mug' },
      { id: 'gid://shopify/MediaImage/8', alt: 'Side' },
    ]);
  });

  it('a new description as publishing renders it; compared again, it is up to date', () => {
    const edited = { ...listing, description: 'Heavy.\n\nHolds 350 ml & more.' };
    const plan = storeUpdatePlan(GID, STORE, edited, categoryOf);
    expect(plan.change.product).toEqual({
      descriptionHtml: '<p>Heavy.</p><p>Holds 350 ml &amp; more.</p>',
    });
    expect(storeUpdatePlan(GID, plan.after, edited, categoryOf).fields).toEqual([]);
  });

  it('a category only when the seller chose another; never the product type', () => {
    const other = {
      id: 'gid://shopify/TaxonomyCategory/hg-11',
      fullName: 'Kitchen',
      confidence: 1,
    };
    const plan = storeUpdatePlan(GID, STORE, { ...listing, category: other }, categoryOf);
    expect(plan.change.product).toEqual({ category: other.id });
    expect(storeUpdatePlan(GID, STORE, { ...listing, category: null }, categoryOf).fields).toEqual(
      [],
    );
  });

  it('nothing for fields not known (a product imported before they were kept)', () => {
    const plan = storeUpdatePlan(
      GID,
      { title: 'Stoneware Mug' },
      { ...listing, tags: ['new'], seoTitle: 'New' },
      categoryOf,
    );
    expect(plan.fields).toEqual([]);
    expect(parseStoreFields('{oops')).toEqual({});
    expect(parseStoreFields('{"title":3}')).toEqual({});
  });
});
