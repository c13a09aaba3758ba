/** The parts of eBay's answers Listsmith reads, as zod schemas (eBay's OpenAPI documents). */
import { z } from 'zod';

/** identity/v1/oauth2/token: `expires_in` seconds; a refresh grant has no refresh token. */
export const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
});
export const tokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

/** Every REST API's error shape: `{errors: [{errorId, domain, category, message, …}]}`. */
export const errorsSchema = z.object({
  errors: z.array(
    z
      .object({
        errorId: z.number(),
        message: z.string().default(''),
        longMessage: z.string().optional(),
      })
      .passthrough(),
  ),
});
export type EbayError = z.infer<typeof errorsSchema>['errors'][number];

const offerSchema = z
  .object({
    offerId: z.string(),
    sku: z.string(),
    marketplaceId: z.string().optional(),
    format: z.string().optional(),
    status: z.string().optional(),
    listing: z.object({ listingId: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();
export const offersSchema = z.object({ offers: z.array(offerSchema).default([]) }).passthrough();
export type EbayOfferRecord = z.infer<typeof offerSchema>;
export const offerCreatedSchema = z.object({ offerId: z.string() }).passthrough();
export const publishedSchema = z.object({ listingId: z.string() }).passthrough();
/** createOrReplaceInventoryItem and updateOffer answer 204, or 200 with warnings. */
export const anySchema = z.unknown();

export const fulfillmentPoliciesSchema = z.object({
  fulfillmentPolicies: z
    .array(z.object({ fulfillmentPolicyId: z.string(), name: z.string() }).passthrough())
    .default([]),
});
export const paymentPoliciesSchema = z.object({
  paymentPolicies: z
    .array(z.object({ paymentPolicyId: z.string(), name: z.string() }).passthrough())
    .default([]),
});
export const returnPoliciesSchema = z.object({
  returnPolicies: z
    .array(z.object({ returnPolicyId: z.string(), name: z.string() }).passthrough())
    .default([]),
});
export const locationsSchema = z.object({
  locations: z
    .array(z.object({ merchantLocationKey: z.string(), name: z.string().optional() }).passthrough())
    .default([]),
});

export const treeIdSchema = z.object({
  categoryTreeId: z.string(),
  categoryTreeVersion: z.string(),
});
const categoryRef = z.object({ categoryId: z.string(), categoryName: z.string() });
export const suggestionsSchema = z.object({
  categorySuggestions: z
    .array(
      z
        .object({
          category: categoryRef,
          categoryTreeNodeAncestors: z.array(categoryRef.passthrough()).default([]),
        })
        .passthrough(),
    )
    .default([]),
});
export const aspectsSchema = z.object({
  aspects: z
    .array(
      z
        .object({
          localizedAspectName: z.string(),
          aspectConstraint: z
            .object({
              aspectRequired: z.boolean().default(false),
              aspectMode: z.string().default('FREE_TEXT'),
              itemToAspectCardinality: z.string().default('SINGLE'),
            })
            .passthrough(),
          aspectValues: z.array(z.object({ localizedValue: z.string() }).passthrough()).default([]),
        })
        .passthrough(),
    )
    .default([]),
});
