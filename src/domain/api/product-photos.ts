/**
 * Several photos, one listing (issue 16): the photos of a product and the requests that combine,
 * split and reorder them, plus the suggested groups of look-alike photos uploaded together.
 *
 * Routes (all need a signed-in session; another user's product id answers 404 and changes
 * nothing; a saved library product on the read-only plan answers like any other edit):
 * - POST /api/products/combine           {@link CombineRequest}  → {@link CombineResponse}
 * - POST /api/product/:id/split                                   → {@link SplitResponse}
 *        (409 while the product is being generated)
 * - PUT  /api/product/:id/photos         {@link PhotoOrderRequest} → {@link PhotoOrderResponse}
 *        (400 unless `imageIds` is exactly the product's images, in any order; first = main)
 * - GET  /api/products/photo-groups                               → {@link PhotoGroupsResponse}
 * - POST /api/products/photo-groups/dismiss {@link DismissPhotoGroupRequest} → 204
 * Errors answer `{ error, code? }` with a message safe to show.
 */
import { z } from 'zod';
import { MAX_PRODUCT_PHOTOS, productSchema } from '../products';
import { productIdSchema } from '../request-text';

/**
 * Combine: the first product is kept and takes the others' photos, in this order. At least
 * two distinct products, and no more than {@link MAX_PRODUCT_PHOTOS} photos in all.
 */
export const combineRequestSchema = z
  .object({
    productIds: z
      .array(productIdSchema)
      .min(2, 'Choose at least two products to combine.')
      .max(MAX_PRODUCT_PHOTOS, `A product can have at most ${MAX_PRODUCT_PHOTOS} photos.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each product can be combined once.'),
  })
  .strict();
export type CombineRequest = z.infer<typeof combineRequestSchema>;

export const combineResponseSchema = z.object({
  /** The kept product, re-drafted from all its photos (the seller's edits stay). */
  product: productSchema,
  /** The products merged into it; they no longer exist. */
  removedProductIds: z.array(z.string()),
  /** Credits given back for the drafts merged away (ledger reason 'combine_refund'). */
  refundedCredits: z.number().int().min(0),
});
export type CombineResponse = z.infer<typeof combineResponseSchema>;

/** Split: the original (first) keeps its main photo, then one new product per other photo. */
export const splitResponseSchema = z.object({ products: z.array(productSchema) });
export type SplitResponse = z.infer<typeof splitResponseSchema>;

/** The product's photos in their new order, by image id; the first becomes the main photo. */
export const photoOrderRequestSchema = z
  .object({
    imageIds: z
      .array(z.uuid('Unknown photo.'))
      .min(1, 'A product needs at least one photo.')
      .max(MAX_PRODUCT_PHOTOS, `A product can have at most ${MAX_PRODUCT_PHOTOS} photos.`),
  })
  .strict();
export type PhotoOrderRequest = z.infer<typeof photoOrderRequestSchema>;

export const photoOrderResponseSchema = z.object({ product: productSchema });
export type PhotoOrderResponse = z.infer<typeof photoOrderResponseSchema>;

/**
 * A suggestion: review drafts uploaded together whose photos look like one product, in upload
 * order. `id` is stable for the same set of products.
 */
export const photoGroupSchema = z.object({
  id: z.string(),
  productIds: z.array(z.string()).min(2),
});
export type PhotoGroup = z.infer<typeof photoGroupSchema>;

export const photoGroupsResponseSchema = z.object({ groups: z.array(photoGroupSchema) });
export type PhotoGroupsResponse = z.infer<typeof photoGroupsResponseSchema>;

/** 'Not one product': the group with these products is not suggested again. */
export const dismissPhotoGroupRequestSchema = z
  .object({ productIds: z.array(productIdSchema).min(2).max(MAX_PRODUCT_PHOTOS) })
  .strict();
export type DismissPhotoGroupRequest = z.infer<typeof dismissPhotoGroupRequestSchema>;
