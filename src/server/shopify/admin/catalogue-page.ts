/**
 * One page of a store's products, read for the catalogue import (issue 25, ADR 044): cursor
 * paging (`first`/`after`, `pageInfo`), with the fields the import keeps. The page is small
 * enough that its requested cost stays under Shopify's 1,000-point cap per query: about
 * 2 + 15 × (1 + 22 variants + 22 media + 3) ≈ 720. A product's variants beyond the first 20 and
 * media beyond the first 10 are not read (the import keeps 10 images anyway).
 */
import { z } from 'zod';
import type { StoreCataloguePage } from '#domain/shopify-catalogue.js';
import { nodesOf, type AdminOperation } from './reply-schemas.js';

export const CATALOGUE_PAGE_SIZE = 15;
/** The page's requested cost, as Shopify computes it: what pacing waits to have. */
export const CATALOGUE_PAGE_COST = 750;

/** A product's own fields, as a page and a bulk export's product lines both carry them. */
export const catalogueProductFields = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  descriptionHtml: z.string().nullish(),
  productType: z.string().nullish(),
  status: z.string(),
  tags: z.array(z.string()),
  category: z.object({ id: z.string(), fullName: z.string() }).nullish(),
  seo: z.object({ title: z.string().nullish(), description: z.string().nullish() }).nullish(),
  options: z.array(z.object({ name: z.string() })),
});

const productSchema = catalogueProductFields.extend({
  media: nodesOf(
    z.object({
      alt: z.string().nullish(),
      // Video and 3D media have no image: left out.
      image: z.object({ url: z.string(), altText: z.string().nullish() }).nullish(),
    }),
  ),
  variants: nodesOf(
    z.object({
      price: z.string(),
      sku: z.string().nullish(),
      barcode: z.string().nullish(),
      selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
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
      media(first: 10) { nodes { alt ... on MediaImage { image { url altText } } } }
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
    products: nodes.map((node) => ({
      id: node.id,
      handle: node.handle,
      title: node.title,
      descriptionHtml: node.descriptionHtml ?? '',
      productType: node.productType ?? '',
      status: node.status,
      tags: node.tags,
      category: node.category ?? null,
      seo: { title: node.seo?.title ?? null, description: node.seo?.description ?? null },
      images: node.media.nodes.flatMap((media) =>
        media.image
          ? [{ url: media.image.url, altText: media.image.altText ?? media.alt ?? null }]
          : [],
      ),
      options: node.options.map((option) => option.name),
      variants: node.variants.nodes.map((variant) => ({
        price: variant.price,
        sku: variant.sku ?? null,
        barcode: variant.barcode ?? null,
        selectedOptions: variant.selectedOptions,
      })),
    })),
    next: pageInfo.hasNextPage ? (pageInfo.endCursor ?? null) : null,
  };
}
