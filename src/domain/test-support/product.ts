/**
 * A ready product as the API sends it, for tests of the card, review, library, readiness and
 * exports: one fixture, so a new product field is added in one place.
 */
import type { Product } from '../products';

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    title: 'Waxed Canvas Backpack',
    description: 'A roomy backpack in olive waxed canvas.',
    price: { suggested: 48, low: 35, high: 60, basis: 'comparable canvas backpacks' },
    category: {
      id: 'gid://shopify/TaxonomyCategory/lb-13',
      fullName: 'Luggage & Bags > Backpacks',
      confidence: 0.9,
    },
    categoryAlternatives: [],
    barcode: null,
    evidence: {},
    tags: ['backpack'],
    attributes: null,
    condition: null,
    altText: 'Olive canvas backpack on a white background',
    seoTitle: 'Waxed Canvas Backpack',
    seoDescription: 'A roomy backpack in olive waxed canvas.',
    guidance: [],
    editedFields: [],
    suggestions: [],
    confirmedAttributes: [],
    variants: { options: [], rows: [] },
    photos: [
      {
        imageId: '00000000-0000-4000-8000-000000000001',
        url: '/api/images/i1/display.jpg',
        thumbUrl: '/api/images/i1/thumb.webp',
        fileName: 'backpack.jpg',
      },
    ],
    imageUrl: '/api/images/i1/display.jpg',
    thumbnailUrl: '/api/images/i1/thumb.webp',
    images: ['/api/images/i1/display.jpg'],
    fileName: 'backpack.jpg',
    status: 'draft',
    libraryAddedAt: null,
    storeStatus: 'active',
    publishedTo: null,
    source: null,
    generation: { state: 'ready' },
    createdAt: '2025-07-01T10:00:00.000Z',
    updatedAt: '2025-07-01T10:00:00.000Z',
    ...overrides,
  };
}
