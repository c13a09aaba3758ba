import { describe, expect, it } from 'vitest';
import {
  addToShortfall,
  channelNeeds,
  describeChannelLines,
  describeChannelShortfall,
  googleIdentifiers,
  googlePrice,
  missingByChannel,
  plainText,
  type ChannelShortfall,
} from './channels';
import type { ExportProduct } from './product';

const complete: ExportProduct = {
  id: 'p1',
  title: 'Waxed Canvas Backpack',
  description: 'A roomy backpack.',
  price: 48,
  images: ['https://cdn.test/a.jpg'],
  brand: 'Filson',
  condition: 'new',
};

describe('what each channel needs', () => {
  it('a complete product goes everywhere', () => {
    expect(missingByChannel(complete)).toEqual([]);
  });

  it('Google needs brand or GTIN and condition; the stores do not', () => {
    const bare = { ...complete, brand: null, condition: null };
    expect(missingByChannel(bare)).toEqual([
      { channel: 'google', needs: ['brand or GTIN', 'condition'] },
    ]);
    expect(describeChannelLines(missingByChannel(bare), [])).toEqual([
      'Google needs: brand or GTIN, condition',
    ]);
  });

  it('the card says what the readiness chip does not, channels alike on one line', () => {
    const unnamed = { ...complete, title: '', brand: null, condition: null, description: '' };
    const missing = missingByChannel(unnamed);
    expect(describeChannelLines(missing, [])).toEqual([
      'Shopify, Squarespace, and WooCommerce need: name',
      'Google needs: name, description, brand or GTIN, condition',
    ]);
    // 'Needs: a name' is on the chip already.
    expect(describeChannelLines(missing, ['name'])).toEqual([
      'Google needs: description, brand or GTIN, condition',
    ]);
  });

  it('a GTIN with a correct check digit stands in for the brand; a wrong one is named', () => {
    const withGtin = { ...complete, brand: null, barcode: '4006381333931' };
    expect(channelNeeds(withGtin, 'google')).toEqual([]);
    const misread = { ...complete, brand: null, barcode: '4006381333932' };
    expect(channelNeeds(misread, 'google')).toEqual(['brand or GTIN', 'valid GTIN']);
    // Each variant's GTIN is checked when the product has variants.
    const variants = {
      ...complete,
      variants: [
        { options: [{ name: 'Size', value: 'S' }], barcode: '4006381333931' },
        { options: [{ name: 'Size', value: 'M' }], barcode: '12345678' },
      ],
    };
    expect(channelNeeds(variants, 'google')).toEqual(['valid GTIN']);
  });

  it('every channel needs a name and a price; Google a description and a photo too', () => {
    const empty: ExportProduct = { title: ' ', description: '<p> </p>', price: null, images: [] };
    expect(channelNeeds(empty, 'shopify')).toEqual(['name', 'price']);
    expect(channelNeeds(empty, 'woocommerce')).toEqual(['name', 'price']);
    expect(channelNeeds(empty, 'google')).toEqual([
      'name',
      'price',
      'description',
      'photo',
      'brand or GTIN',
      'condition',
    ]);
  });

  it('a variant without a price of its own takes the product’s; none at all is missing', () => {
    const variants = [
      { options: [{ name: 'Size', value: 'S' }], price: 10 },
      { options: [{ name: 'Size', value: 'M' }] },
    ];
    expect(channelNeeds({ ...complete, variants }, 'squarespace')).toEqual([]);
    expect(channelNeeds({ ...complete, price: null, variants }, 'squarespace')).toEqual(['price']);
  });

  it('Squarespace takes at most 250 variants, Shopify 2,048', () => {
    const variants = Array.from({ length: 251 }, (_, i) => ({
      options: [{ name: 'Size', value: `S${i}` }],
    }));
    expect(channelNeeds({ ...complete, variants }, 'squarespace')).toEqual(['fewer variants']);
    expect(channelNeeds({ ...complete, variants }, 'shopify')).toEqual([]);
  });

  it('a product page is checked only where it is known', () => {
    expect(channelNeeds(complete, 'google', { hasPage: false })).toEqual(['product page']);
    expect(channelNeeds(complete, 'google', { hasPage: true })).toEqual([]);
    expect(channelNeeds(complete, 'shopify', { hasPage: false })).toEqual([]);
  });

  it('counts a download’s shortfall and says it', () => {
    const shortfall: ChannelShortfall = [];
    addToShortfall(shortfall, ['condition']);
    addToShortfall(shortfall, ['price', 'condition']);
    expect(shortfall).toEqual([
      { need: 'price', count: 1 },
      { need: 'condition', count: 2 },
    ]);
    expect(describeChannelShortfall('woocommerce', shortfall)).toBe(
      'WooCommerce needs: price (1 product), condition (2 products).',
    );
    expect(describeChannelShortfall('woocommerce', [])).toBeNull();
  });
});

describe('Google’s text, price and identifier rules', () => {
  it('text without markup: tags dropped, entities decoded, control characters removed', () => {
    expect(plainText('<p>Soft &amp; warm<br>wool</p>\u0007')).toBe('Soft & warm\nwool');
    expect(plainText('3 < 5 and 6 > 4')).toBe('3 < 5 and 6 > 4');
  });

  it('prices with two decimals and the currency', () => {
    expect(googlePrice(12.5, 'USD')).toBe('12.50 USD');
    expect(googlePrice(1.005, 'EUR')).toBe('1.01 EUR');
    expect(googlePrice(null, 'USD')).toBe('');
    expect(googlePrice(-1, 'USD')).toBe('');
  });

  it('identifier_exists is no only when there is no brand, GTIN or MPN', () => {
    expect(googleIdentifiers(null, null).identifierExists).toBe('no');
    expect(googleIdentifiers('Filson', null)).toEqual({
      gtin: '',
      brand: 'Filson',
      mpn: '',
      identifierExists: '',
    });
    expect(googleIdentifiers(null, '4006381333931').identifierExists).toBe('');
    // A GTIN whose check digit is wrong is not sent.
    expect(googleIdentifiers(null, '4006381333932')).toMatchObject({
      gtin: '',
      identifierExists: 'no',
    });
    expect(googleIdentifiers(null, null, 'AB-1').identifierExists).toBe('');
  });
});
