import { describe, expect, it } from 'vitest';
import {
  aspectValues,
  describeEbayNeeds,
  ebayCondition,
  ebayNeeds,
  ebayPrice,
  ebayTitle,
  inventoryItemPayload,
  knownAspectValue,
  knownFacts,
  missingAspects,
  offerPayload,
  type EbayAspect,
} from './ebay-listing';
import type { ExportProduct } from './product';

const BELT: ExportProduct = {
  id: 'p1',
  title: 'Brown Leather Belt',
  description: 'Full-grain leather.\n\nBrass buckle & stitched edges.',
  price: 39.99,
  images: ['https://app.example/api/images/1/display.jpg'],
  condition: 'used',
  brand: null,
  color: 'Brown',
};

const aspect = (name: string, extra: Partial<EbayAspect> = {}): EbayAspect => ({
  name,
  required: false,
  mode: 'FREE_TEXT',
  multi: false,
  values: [],
  ...extra,
});

describe('ebayTitle', () => {
  it('keeps titles of 80 characters or fewer', () => {
    expect(ebayTitle('  Brown   Leather Belt ')).toBe('Brown Leather Belt');
    const exact = 'a'.repeat(80);
    expect(ebayTitle(exact)).toBe(exact);
  });

  it('cuts longer ones at a word, without an ellipsis or a trailing comma', () => {
    const title =
      'Vintage Brown Leather Belt, Full Grain, Solid Brass Buckle, Hand Stitched Edges, Size 34';
    const cut = ebayTitle(title);
    expect(cut).toBe(
      'Vintage Brown Leather Belt, Full Grain, Solid Brass Buckle, Hand Stitched Edges',
    );
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(ebayTitle(`${'x'.repeat(78)} yz`)).toBe('x'.repeat(78));
    expect(ebayTitle('y'.repeat(90))).toBe('y'.repeat(80));
  });
});

describe('condition and price', () => {
  it('maps our conditions to eBay’s condition enums', () => {
    expect(ebayCondition('new')).toBe('NEW');
    expect(ebayCondition('used')).toBe('USED_EXCELLENT');
    expect(ebayCondition('refurbished')).toBe('SELLER_REFURBISHED');
    expect(ebayCondition(null)).toBeNull();
  });

  it('writes the seller’s price with two decimals, none for zero or nothing', () => {
    expect(ebayPrice(39.99)).toBe('39.99');
    expect(ebayPrice(47.1)).toBe('47.10');
    expect(ebayPrice(5)).toBe('5.00');
    expect(ebayPrice(0)).toBe('');
    expect(ebayPrice(null)).toBe('');
  });
});

describe('aspects', () => {
  const facts = knownFacts({ ...BELT, brand: 'Levi’s', material: 'Leather' }, [
    { name: 'Style', value: 'Casual' },
    { name: 'color', value: 'Tan' },
  ]);

  it('fills aspects from the label, the colour and the confirmed attributes (seller first)', () => {
    expect(knownAspectValue(aspect('Brand'), facts)).toBe('Levi’s');
    expect(knownAspectValue(aspect('Color'), facts)).toBe('Tan');
    expect(knownAspectValue(aspect('Material'), facts)).toBe('Leather');
    expect(knownAspectValue(aspect('Style'), facts)).toBe('Casual');
    expect(knownAspectValue(aspect('Size'), facts)).toBeNull();
  });

  it('takes only an allowed value for a selection-only aspect, in eBay’s spelling', () => {
    const style = aspect('Style', { mode: 'SELECTION_ONLY', values: ['CASUAL', 'Dress'] });
    expect(knownAspectValue(style, facts)).toBe('CASUAL');
    const closed = aspect('Material', { mode: 'SELECTION_ONLY', values: ['Canvas'] });
    expect(knownAspectValue(closed, facts)).toBeNull();
  });

  it('lists required aspects without a value; sends every aspect with one', () => {
    const aspects = [
      aspect('Brand', { required: true }),
      aspect('Size', { required: true }),
      aspect('Style'),
      aspect('Pattern'),
    ];
    expect(missingAspects(aspects, facts)).toEqual(['Size']);
    expect(aspectValues(aspects, facts)).toEqual({ Brand: ['Levi’s'], Style: ['Casual'] });
  });
});

describe('ebayNeeds', () => {
  const facts = knownFacts(BELT, []);
  it('names what is missing before anything is sent', () => {
    expect(ebayNeeds(BELT, [aspect('Brand', { required: true })], facts)).toEqual(['Brand']);
    expect(
      ebayNeeds({ ...BELT, title: ' ', price: null, condition: null, images: [] }, [], facts),
    ).toEqual(['title', 'price', 'condition', 'photo']);
    expect(describeEbayNeeds('Belt', ['condition', 'Brand'])).toBe(
      'eBay needs before “Belt” can be listed: condition, Brand.',
    );
  });

  it('asks for a product without variants (eBay variations are not sent)', () => {
    const variants = [{ options: [{ name: 'Size', value: 'M' }], price: 30 }];
    expect(ebayNeeds({ ...BELT, variants }, [], facts)).toEqual(['no variants']);
  });
});

describe('payloads', () => {
  it('builds the inventory item with the condition, aspects, photos and a GTIN', () => {
    const item = inventoryItemPayload(
      { ...BELT, barcode: '036000291452', title: `${BELT.title} ${'extra '.repeat(20)}` },
      { condition: 'USED_EXCELLENT', aspects: { Brand: ['Acme'] }, quantity: 1 },
    );
    expect(item).toEqual({
      availability: { shipToLocationAvailability: { quantity: 1 } },
      condition: 'USED_EXCELLENT',
      product: {
        title: expect.stringMatching(/^Brown Leather Belt extra/) as string,
        description: 'Full-grain leather. Brass buckle & stitched edges.',
        aspects: { Brand: ['Acme'] },
        imageUrls: BELT.images,
        brand: 'Acme',
        upc: ['036000291452'],
      },
    });
    expect(item.product.title.length).toBeLessThanOrEqual(80);
  });

  it('builds the offer: fixed price on EBAY_US at exactly the seller’s price', () => {
    const offer = offerPayload(BELT, {
      sku: 'p1',
      categoryId: '2993',
      policies: { fulfillmentPolicyId: 'f', paymentPolicyId: 'p', returnPolicyId: 'r' },
      merchantLocationKey: 'home',
      quantity: 2,
    });
    expect(offer).toEqual({
      sku: 'p1',
      marketplaceId: 'EBAY_US',
      format: 'FIXED_PRICE',
      availableQuantity: 2,
      categoryId: '2993',
      listingDescription: '<p>Full-grain leather.</p><p>Brass buckle &amp; stitched edges.</p>',
      listingPolicies: { fulfillmentPolicyId: 'f', paymentPolicyId: 'p', returnPolicyId: 'r' },
      merchantLocationKey: 'home',
      pricingSummary: { price: { value: '39.99', currency: 'USD' } },
    });
  });
});
