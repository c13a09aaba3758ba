/**
 * One page of a store's products, read for the catalogue import (issue 25, ADR 044): cursor
 * paging (`first`/`after`, `pageInfo`), with the fields the import keeps. The page is small
 * enough that its requested cost stays under Shopify's 1,000-point cap per query: about
 * 2 + 15 × (1 + 22 variants + 22 media + 3) ≈ 720. A product's variants beyond the first 20 and
 * media beyond the first 10 are not read (the import keeps 10 images anyway).
 */
import { z } from 'zod';
import type { StoreCataloguePage } from '#domain/shopify-catalogue.js';
import {
  catalogueImage,
  catalogueMediaFields,
  catalogueProduct,
  catalogueProductFields,
  catalogueVariant,
  catalogueVariantFields,
} from './catalogue-fields.js';
import { nodesOf, type AdminOperation } from './reply-schemas.js';

export const CATALOGUE_PAGE_SIZE = 15;
/** The page's requested cost, as Shopify computes it: what pacing waits to have. */
export const CATALOGUE_PAGE_COST = 750;

const productSchema = catalogueProductFields.extend({
  media: nodesOf(catalogueMediaFields),
  variants: nodesOf(catalogueVariantFields),
});

const pageSchema = z.object({
  products: z.object({
    nodes: z.array(productSchema),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  }),
});

export const CATALOGUE_PAGE: AdminOperation<z.infer<typeof pageSchema>> = {
  name: 'products',
  document: `query ListsmithCataloguePage($first: Int!, $after: String) {
  products(first: $first, after: $after, sortKey: ID) {
    nodes {
      id
      handle
      title
      descriptionHtml
      productType
      status
      tags
      category { id fullName }
      seo { title description }
      media(first: 10) { nodes { id alt ... on MediaImage { image { url altText } } } }
      options { name }
      variants(first: 20) { nodes { price sku barcode selectedOptions { name value } } }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
  data: pageSchema,
};

/** The answer in the import's terms (src/domain/shopify-catalogue.ts). */
export function cataloguePage(data: z.infer<typeof pageSchema>): StoreCataloguePage {
  const { nodes, pageInfo } = data.products;
  return {
    products: nodes.map((node) =>
      catalogueProduct(
        node,
        node.media.nodes.flatMap((media) => catalogueImage(media) ?? []),
        node.variants.nodes.map(catalogueVariant),
      ),
    ),
    next: pageInfo.hasNextPage ? (pageInfo.endCursor ?? null) : null,
  };
}
