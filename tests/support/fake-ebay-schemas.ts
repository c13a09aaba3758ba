/**
 * What the fake eBay holds and checks: its category tree (Belts requires Brand, as eBay's own
 * does), the seller's policies and location, and request bodies as eBay's sell_inventory_v1_oas3
 * (1.13.0) describes them: InventoryItem, EbayOfferDetailsWithKeys (createOffer) and
 * EbayOfferDetailsWithId (updateOffer, which has no sku, marketplaceId or format). Unknown fields
 * are refused, so a payload that drifts from the document fails the tests.
 */
import { z } from 'zod';

export const TREE = { categoryTreeId: '0', categoryTreeVersion: '129' };

const aspect = (name: string, required: boolean, values: string[] = [], mode = 'FREE_TEXT') => ({
  localizedAspectName: name,
  aspectConstraint: {
    aspectDataType: 'STRING',
    aspectEnabledForVariations: false,
    aspectMode: mode,
    aspectRequired: required,
    aspectUsage: required ? 'RECOMMENDED' : 'OPTIONAL',
    itemToAspectCardinality: 'SINGLE',
  },
  aspectValues: values.map((localizedValue) => ({ localizedValue })),
});

export const CATEGORIES = [
  {
    id: '2993',
    name: 'Belts',
    // Nearest first, as eBay lists a suggestion's ancestors.
    ancestors: ['Men’s Accessories', 'Men', 'Clothing, Shoes & Accessories'],
    words: ['belt'],
    required: ['Brand'],
    aspects: [
      aspect('Brand', true, ['Unbranded', 'Fossil', 'Levi’s']),
      aspect('Color', false, ['Black', 'Brown', 'Tan']),
      aspect('Style', false, ['Casual', 'Dress'], 'SELECTION_ONLY'),
    ],
  },
  {
    id: '20657',
    name: 'Mugs',
    ancestors: ['Dinnerware & Serving', 'Kitchen, Dining & Bar', 'Home & Garden'],
    words: ['mug'],
    required: [],
    aspects: [aspect('Brand', false), aspect('Color', false)],
  },
];

export const POLICIES = {
  fulfillment: [
    { fulfillmentPolicyId: '6196932000', name: 'USPS Ground', marketplaceId: 'EBAY_US' },
  ],
  payment: [{ paymentPolicyId: '6196933000', name: 'Managed payments', marketplaceId: 'EBAY_US' }],
  returns: [{ returnPolicyId: '6196934000', name: '30 days', marketplaceId: 'EBAY_US' }],
  locations: [
    {
      merchantLocationKey: 'garage',
      name: 'Garage',
      merchantLocationStatus: 'ENABLED',
      location: { address: { postalCode: '95125', country: 'US' } },
    },
  ],
};

const CONDITIONS = [
  'NEW',
  'LIKE_NEW',
  'NEW_OTHER',
  'NEW_WITH_DEFECTS',
  'CERTIFIED_REFURBISHED',
  'EXCELLENT_REFURBISHED',
  'VERY_GOOD_REFURBISHED',
  'GOOD_REFURBISHED',
  'SELLER_REFURBISHED',
  'USED_EXCELLENT',
  'USED_VERY_GOOD',
  'USED_GOOD',
  'USED_ACCEPTABLE',
  'FOR_PARTS_OR_NOT_WORKING',
] as const;

const amount = z
  .object({ value: z.string().regex(/^\d+\.\d{2}$/), currency: z.literal('USD') })
  .strict();
const offerDetails = {
  availableQuantity: z.number().int().min(0),
  categoryId: z.string().regex(/^\d+$/),
  listingDescription: z.string().max(500_000),
  listingPolicies: z
    .object({
      fulfillmentPolicyId: z.string(),
      paymentPolicyId: z.string(),
      returnPolicyId: z.string(),
    })
    .strict(),
  merchantLocationKey: z.string().max(36),
  pricingSummary: z.object({ price: amount }).strict(),
};

const SCHEMAS = {
  inventoryItem: z
    .object({
      availability: z
        .object({
          shipToLocationAvailability: z.object({ quantity: z.number().int().min(0) }).strict(),
        })
        .strict(),
      condition: z.enum(CONDITIONS),
      product: z
        .object({
          title: z.string().min(1).max(80),
          description: z.string().max(4000),
          aspects: z.record(z.string().max(65), z.array(z.string().max(65)).min(1)),
          imageUrls: z.array(z.string().url()).max(24),
          brand: z.string().max(65).optional(),
          upc: z.array(z.string()).optional(),
          ean: z.array(z.string()).optional(),
        })
        .strict(),
    })
    .strict(),
  offer: z
    .object({
      sku: z.string().max(50),
      marketplaceId: z.literal('EBAY_US'),
      format: z.literal('FIXED_PRICE'),
      ...offerDetails,
    })
    .strict(),
  offerUpdate: z.object(offerDetails).strict(),
};

/** Where the body differs from eBay's document ('product.title'), or null when it conforms. */
export function checkBody(kind: keyof typeof SCHEMAS, body: unknown): string | null {
  const parsed = SCHEMAS[kind].safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return issue.path.join('.') || issue.message;
}

export type Answer = { status: number; body: unknown };
export const fail = (
  status: number,
  errorId: number,
  message: string,
  domain = 'API_INVENTORY',
): Answer => ({
  status,
  body: { errors: [{ errorId, domain, category: 'REQUEST', message }] },
});

export interface Offer extends Record<string, unknown> {
  offerId: string;
  sku: string;
  status: 'UNPUBLISHED' | 'PUBLISHED';
}

export interface Seller {
  items: Map<string, Record<string, unknown>>;
  offers: Offer[];
}
