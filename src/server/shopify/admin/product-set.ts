/**
 * `productSet`, synchronous, upserting by `identifier` (stores.md §3.7 and its addendum): the
 * product Shopify created or updated, with its handle and media ids, or its `userErrors`.
 */
import { z } from 'zod';
import type { ProductSetInput } from '#domain/shopify-publish.js';
import {
  idNode,
  nodesOf,
  userErrorSchema,
  type AdminOperation,
  type UserError,
} from './reply-schemas.js';

const productSchema = z.object({ id: z.string(), handle: z.string(), media: nodesOf(idNode) });

export const PRODUCT_SET: AdminOperation<{
  productSet: { product: z.infer<typeof productSchema> | null; userErrors: UserError[] };
}> = {
  name: 'productSet',
  document: `mutation ListsmithProductSet($identifier: ProductSetIdentifiers, $input: ProductSetInput!) {
  productSet(identifier: $identifier, input: $input, synchronous: true) {
    product { id handle media(first: 250) { nodes { id } } }
    userErrors { field message code }
  }
}`,
  data: z.object({
    productSet: z.object({
      product: productSchema.nullable(),
      userErrors: z.array(userErrorSchema),
    }),
  }),
};

/** Which product productSet upserts: the one a publication recorded, or the one with a handle. */
export type ProductIdentifier = { id: string } | { handle: string };

/** Shopify's `productSet` cost since 2025-10: 10 + 0.2 a variant + 1.9 a file (addendum). */
export const productSetCost = (input: ProductSetInput) =>
  Math.ceil(10 + 0.2 * input.variants.length + 1.9 * (input.files?.length ?? 0));
