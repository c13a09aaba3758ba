// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { identifiedListing } from './draft-identify.js';
import type { ListingEvidence } from './evidence.js';
import { createDraftContext } from './local-provider.js';

const context = createDraftContext();
const BELTS = 'gid://shopify/TaxonomyCategory/aa-2-6';

const belt: ListingEvidence = {
  photo: {
    width: 512,
    height: 512,
    orientation: 'square',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.95 },
    colorRegion: 'subject',
    colors: [{ name: 'brown', hex: '#5c3a21', share: 0.9 }],
    subjectArea: 0.4,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'balanced', meanLightness: 60 },
  },
  classes: [{ index: 904, label: 'window screen', score: 0.3 }],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

describe('a draft with confirmed attributes', () => {
  it('puts the material into the title noun and lists every attribute', () => {
    const plain = identifiedListing(belt, context, { categoryId: BELTS, attributes: [] });
    expect(plain.title).toBe('Brown Belt');
    const listing = identifiedListing(belt, context, {
      categoryId: BELTS,
      attributes: [
        { name: 'Material', value: 'Leather' },
        { name: 'Target gender', value: 'Unisex' },
        { name: 'Brand', value: 'Acme' },
      ],
    });
    expect(listing.title).toBe('Brown Leather Belt');
    expect(listing.description).toContain('Material: Leather\nTarget gender: Unisex\nBrand: Acme');
    expect(listing.tags).toEqual(expect.arrayContaining(['leather', 'unisex', 'acme']));
    expect(listing.altText.toLowerCase()).toContain('leather belt');
    expect(listing.evidence.title.sources[0]).toBe('your attributes: Leather, Unisex, Acme');
  });

  it('states a confirmed colour instead of the one the pixels suggest', () => {
    const listing = identifiedListing(belt, context, {
      categoryId: BELTS,
      attributes: [{ name: 'Color', value: 'Tan' }],
    });
    expect(listing.title).toBe('Tan Belt');
    expect(listing.description).toContain('Color: Tan');
    expect(listing.description).not.toContain('brown');
  });
});
