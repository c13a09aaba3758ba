/**
 * The lists of a Shopify product that productSet would replace wholesale (ADR 024): its media,
 * collections and metafields, read before a re-publish so they can be sent back.
 */
import { z } from 'zod';
import type { ProductSetMetafield } from '#domain/shopify-publish.js';
import { idNode, nodesOf, type AdminOperation } from './reply-schemas.js';

const metafieldSchema = z.object({
  namespace: z.string(),
  key: z.string(),
  type: z.string(),
  value: z.string(),
});

const productListsSchema = z.object({
  id: z.string(),
  media: nodesOf(idNode),
  collections: nodesOf(idNode),
  metafields: nodesOf(metafieldSchema),
});

export const PRODUCT_LISTS: AdminOperation<{
  product: z.infer<typeof productListsSchema> | null;
}> = {
  name: 'product',
  document: `query ListsmithProductLists($id: ID!) {
  product(id: $id) {
    id
    media(first: 250) { nodes { id } }
    collections(first: 250) { nodes { id } }
    metafields(first: 250) { nodes { namespace key type value } }
  }
}`,
  data: z.object({ product: productListsSchema.nullable() }),
};

/** What the store holds of a product's lists, by id. */
export interface ProductLists {
  media: string[];
  collections: string[];
  metafields: ProductSetMetafield[];
}

export const PRODUCT_LISTS_COST = 15;
