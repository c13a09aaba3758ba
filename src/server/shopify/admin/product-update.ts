/**
 * `productUpdate(product:)` (Admin API 2026-10, `ProductUpdateInput`) with only the fields an
 * update sends, and in the same document, when alt texts changed, `productUpdateMedia` for them:
 * one call per product, which names nothing but the product's own text fields and its media's
 * alt texts (no media, variants, options, collections or metafields are sent, so none change).
 * `productUpdateMedia` rather than `fileUpdate`: it needs only `write_products`, the scope every
 * connected store granted (ADR 045). A deleted product answers `product: null` with the
 * userError 'Product does not exist' on its `id`.
 */
import { z } from 'zod';
import type { StoreProductChange } from '#domain/store-update-plan.js';
import { userErrorSchema, type AdminOperation, type UserError } from './reply-schemas.js';

const productUpdateSchema = z.object({
  product: z.object({ id: z.string() }).nullable(),
  userErrors: z.array(userErrorSchema),
});

const mediaUpdateSchema = z.object({
  media: z.array(z.object({ id: z.string() })).nullish(),
  mediaUserErrors: z.array(userErrorSchema),
});

type ProductUpdateData = {
  productUpdate: z.infer<typeof productUpdateSchema>;
  productUpdateMedia?: z.infer<typeof mediaUpdateSchema>;
};

const PRODUCT_UPDATE_FIELDS = `productUpdate(product: $product) {
    product { id }
    userErrors { field message }
  }`;

export const PRODUCT_UPDATE: AdminOperation<ProductUpdateData> = {
  name: 'productUpdate',
  document: `mutation ListsmithProductUpdate($product: ProductUpdateInput!) {
  ${PRODUCT_UPDATE_FIELDS}
}`,
  data: z.object({ productUpdate: productUpdateSchema }),
};

export const PRODUCT_UPDATE_WITH_MEDIA: AdminOperation<ProductUpdateData> = {
  name: 'productUpdate',
  document: `mutation ListsmithProductUpdateWithMedia($product: ProductUpdateInput!, $productId: ID!, $media: [UpdateMediaInput!]!) {
  ${PRODUCT_UPDATE_FIELDS}
  productUpdateMedia(productId: $productId, media: $media) {
    media { id }
    mediaUserErrors { field message code }
  }
}`,
  data: z.object({ productUpdate: productUpdateSchema, productUpdateMedia: mediaUpdateSchema }),
};

/** About 10 points a mutation. */
export const productUpdateCost = (change: StoreProductChange) =>
  change.media.length > 0 ? 20 : 10;

/** The variables of the document {@link productUpdateOperation} picks. */
export function productUpdateVariables(change: StoreProductChange): Record<string, unknown> {
  const product = { id: change.id, ...change.product };
  return change.media.length > 0
    ? { product, productId: change.id, media: change.media }
    : { product };
}

export const productUpdateOperation = (change: StoreProductChange) =>
  change.media.length > 0 ? PRODUCT_UPDATE_WITH_MEDIA : PRODUCT_UPDATE;

/** Whether Shopify's refusal says the product is not there (deleted in the store). */
export function isProductGone(errors: UserError[]): boolean {
  return errors.some(
    (error) =>
      error.code === 'PRODUCT_DOES_NOT_EXIST' ||
      (error.field?.at(-1) === 'id' && /does not exist|not found/i.test(error.message)),
  );
}
