/**
 * A large store's products through a bulk operation, as Shopify recommends beyond a few
 * thousand products (issue 25, ADR 044): `productsCount` decides, `bulkOperationRunQuery` starts
 * the export, `node(id:)` polls it (`currentBulkOperation` is deprecated since 2026-04), and its
 * JSONL result is read line by line: a product line, then the lines of its media and variants,
 * each naming its product in `__parentId` (Shopify writes children after their parent).
 */
import { z } from 'zod';
import type { StoreCatalogueProduct } from '#domain/shopify-catalogue.js';
import {
  catalogueImage,
  catalogueMediaFields,
  catalogueProduct,
  catalogueProductFields,
  catalogueVariant,
  catalogueVariantFields,
} from './catalogue-fields.js';
import { userErrorSchema, type AdminOperation } from './reply-schemas.js';

export const PRODUCTS_COUNT: AdminOperation<{ productsCount: { count: number } | null }> = {
  name: 'productsCount',
  document: `query ListsmithProductsCount { productsCount { count } }`,
  data: z.object({ productsCount: z.object({ count: z.number() }).nullable() }),
};

/** The bulk export's query: the page's fields, connections without `first` (bulk reads all). */
export const BULK_CATALOGUE_QUERY = `{
  products(sortKey: ID) {
    edges { node {
      id handle title descriptionHtml productType status tags
      category { id fullName }
      seo { title description }
      options { name }
      media { edges { node { __typename id alt ... on MediaImage { image { url altText } } } } }
      variants { edges { node { __typename price sku barcode selectedOptions { name value } } } }
    } }
  }
}`;

const bulkOperationSchema = z.object({
  id: z.string(),
  status: z.string(),
  errorCode: z.string().nullish(),
  url: z.string().nullish(),
});
export type BulkOperation = z.infer<typeof bulkOperationSchema>;

export const BULK_RUN: AdminOperation<{
  bulkOperationRunQuery: {
    bulkOperation: BulkOperation | null;
    userErrors: z.infer<typeof userErrorSchema>[];
  };
}> = {
  name: 'bulkOperationRunQuery',
  document: `mutation ListsmithBulkCatalogue($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status errorCode url }
    userErrors { field message code }
  }
}`,
  data: z.object({
    bulkOperationRunQuery: z.object({
      bulkOperation: bulkOperationSchema.nullable(),
      userErrors: z.array(userErrorSchema),
    }),
  }),
};

export const BULK_POLL: AdminOperation<{ node: BulkOperation | null }> = {
  name: 'bulkOperation',
  document: `query ListsmithBulkStatus($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode url } }
}`,
  data: z.object({ node: bulkOperationSchema.nullable() }),
};

const childLine = z.discriminatedUnion('__typename', [
  catalogueVariantFields.extend({
    __typename: z.literal('ProductVariant'),
    __parentId: z.string(),
  }),
  catalogueMediaFields.extend({
    __typename: z.enum(['MediaImage', 'Video', 'ExternalVideo', 'Model3d']),
    __parentId: z.string(),
  }),
]);

/** Images kept per product, as the paged read's `media(first: 10)`. */
const MEDIA_MAX = 10;

/** A line of the result Listsmith cannot read: the export is not what was asked for. */
export class BulkResultError extends Error {
  override name = 'BulkResultError';
}

/** The products of a bulk result's lines, each once its last child line was read. */
export async function* bulkProducts(
  lines: AsyncIterable<string>,
): AsyncGenerator<StoreCatalogueProduct> {
  let current: StoreCatalogueProduct | null = null;
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      throw new BulkResultError(`line ${number} is not JSON`);
    }
    if (typeof json === 'object' && json !== null && '__parentId' in json) {
      const child = childLine.safeParse(json);
      if (!child.success || child.data.__parentId !== current?.id) {
        throw new BulkResultError(`line ${number} is not a child of the product before it`);
      }
      if (child.data.__typename === 'ProductVariant') {
        current.variants.push(catalogueVariant(child.data));
      } else if (current.images.length < MEDIA_MAX) {
        const image = catalogueImage(child.data);
        if (image) current.images.push(image);
      }
      continue;
    }
    const product = catalogueProductFields.safeParse(json);
    if (!product.success) throw new BulkResultError(`line ${number} is not a product`);
    if (current) yield current;
    current = catalogueProduct(product.data, [], []);
  }
  if (current) yield current;
}
