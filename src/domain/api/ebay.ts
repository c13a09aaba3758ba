/**
 * Connecting an eBay account and listing on it, as the API sends it (issue 27, ADR 049).
 *
 * Routes (a signed-in session; the OAuth callback is the browser coming back from eBay):
 * - POST /api/ebay/connect                      → {@link EbayConnectReply}: eBay's consent page
 *        with a one-time state
 * - GET  /api/ebay/callback?state&code          eBay's redirect; answers a redirect to /account
 * - GET  /api/ebay/connection                   → {@link EbayConnectionReply}
 * - DELETE /api/ebay/connection                 → {@link EbayConnectionReply}
 * - GET  /api/ebay/settings                     → {@link EbaySettingsReply}: the seller's business
 *        policies and inventory locations read through the Account and Inventory APIs
 * - PUT  /api/ebay/settings {@link EbaySettingsRequest} → {@link EbaySettingsReply}
 * - GET  /api/ebay/products/:id/aspects?categoryId= → {@link EbayAspectsReply}
 * - POST /api/ebay/publish-product {@link EbayPublishRequest} → {@link EbayPublishReply}; 400
 *        'ebay-needs' naming what is missing (nothing sent), 404 another seller's product, 409
 *        connect again or choose settings first, 422 eBay refused (its words, the product's name)
 * - POST /api/ebay/sandbox/authorize {state}    → {redirectUrl} (the sandbox eBay only)
 * - GET  /api/ebay/sandbox/listings             → {@link EbaySandboxListingsReply}
 * Errors answer `{ error, code? }` with a message safe to show.
 */
import { z } from 'zod';
import { EBAY_LIMITS, EBAY_PUBLISH_STATUSES } from '../ebay-listing';
import { productSchema } from '../products';
import { productIdSchema } from '../request-text';

export const ebayConnectReplySchema = z.object({ authorizeUrl: z.string() });
export type EbayConnectReply = z.infer<typeof ebayConnectReplySchema>;

const idText = z.string().trim().min(1).max(100);

export const ebaySettingsRequestSchema = z
  .object({
    fulfillmentPolicyId: idText,
    paymentPolicyId: idText,
    returnPolicyId: idText,
    merchantLocationKey: idText,
  })
  .strict();
export type EbaySettingsRequest = z.infer<typeof ebaySettingsRequestSchema>;

export const ebayConnectionReplySchema = z.object({
  /** True when Listsmith plays eBay itself (nothing reaches eBay). */
  sandbox: z.boolean(),
  connection: z
    .object({
      /** eBay no longer accepts the refresh token: connect again. */
      needsReconnect: z.boolean(),
      /** The policies and location chosen once; null until the seller chose them. */
      settings: ebaySettingsRequestSchema.nullable(),
    })
    .nullable(),
});
export type EbayConnectionReply = z.infer<typeof ebayConnectionReplySchema>;

const choiceSchema = z.object({ id: z.string(), name: z.string() });
export const ebaySettingsReplySchema = z.object({
  fulfillmentPolicies: z.array(choiceSchema),
  paymentPolicies: z.array(choiceSchema),
  returnPolicies: z.array(choiceSchema),
  locations: z.array(choiceSchema),
  chosen: ebaySettingsRequestSchema.nullable(),
});
export type EbaySettingsReply = z.infer<typeof ebaySettingsReplySchema>;

export const ebayCategoryIdSchema = z.string().regex(/^\d{1,12}$/, 'Invalid eBay category');
export const ebayAspectsQuerySchema = z.object({ categoryId: ebayCategoryIdSchema.optional() });

export const ebayAspectsReplySchema = z.object({
  /** eBay's suggestions for the product's title and category, best first. */
  categories: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
  /** The category asked for, else the first suggestion; null when eBay suggested none. */
  categoryId: z.string().nullable(),
  aspects: z.array(
    z.object({
      name: z.string(),
      required: z.boolean(),
      mode: z.enum(['FREE_TEXT', 'SELECTION_ONLY']),
      multi: z.boolean(),
      values: z.array(z.string()),
      /** What Listsmith would send: brand from the label, colour, a confirmed attribute. */
      value: z.string().nullable(),
    }),
  ),
  /** What publishing would ask for first ('condition', 'Brand', …); empty when it can go. */
  needs: z.array(z.string()),
});
export type EbayAspectsReply = z.infer<typeof ebayAspectsReplySchema>;

export const ebayPublishRequestSchema = z
  .object({
    productId: productIdSchema,
    categoryId: ebayCategoryIdSchema,
    status: z.enum(EBAY_PUBLISH_STATUSES),
    quantity: z.number().int().min(1).max(EBAY_LIMITS.quantityMax).default(1),
  })
  .strict();
export type EbayPublishRequest = z.infer<typeof ebayPublishRequestSchema>;

export const ebayPublishReplySchema = z.object({
  product: productSchema,
  sku: z.string(),
  offerId: z.string(),
  /** Null while the offer is a draft. */
  listingId: z.string().nullable(),
  status: z.enum(EBAY_PUBLISH_STATUSES),
  /** The listing's page (live), or where the draft can be seen. */
  listingUrl: z.string(),
  created: z.boolean(),
});
export type EbayPublishReply = z.infer<typeof ebayPublishReplySchema>;

export const ebaySandboxAuthorizeRequestSchema = z
  .object({ state: z.string().min(1).max(400) })
  .strict();
export const ebaySandboxAuthorizeReplySchema = z.object({ redirectUrl: z.string() });

export const ebaySandboxListingSchema = z.object({
  sku: z.string(),
  offerId: z.string(),
  title: z.string(),
  price: z.string(),
  currency: z.string(),
  categoryId: z.string(),
  /** The category's name in the sandbox's tree ('Belts'); empty for an id it does not know. */
  categoryName: z.string(),
  condition: z.string(),
  aspects: z.record(z.string(), z.array(z.string())),
  images: z.array(z.string()),
  status: z.enum(['UNPUBLISHED', 'PUBLISHED']),
  listingId: z.string().nullable(),
  updatedAt: z.string(),
});
export type EbaySandboxListing = z.infer<typeof ebaySandboxListingSchema>;
export const ebaySandboxListingsReplySchema = z.object({
  listings: z.array(ebaySandboxListingSchema),
});
export type EbaySandboxListingsReply = z.infer<typeof ebaySandboxListingsReplySchema>;

export const EBAY_MESSAGES = {
  notConnected: 'Connect your eBay account first.',
  reconnect: 'Your eBay account needs to be connected again.',
  chooseSettings:
    'Choose your eBay shipping, payment and return policies and your item location first.',
  unavailable: 'eBay could not be reached. Please try again.',
  busy: 'eBay is busy right now (rate limit). Please try again in a minute.',
  malformed: 'eBay answered in a way Listsmith could not read. Please try again.',
  notChoice: 'Choose policies and a location from your eBay account.',
  /** What the publish dialog says: eBay downloads the photos. */
  imagesNeed:
    'eBay downloads the photos from Listsmith, so Listsmith must be reachable on the internet at its https address.',
} as const;
