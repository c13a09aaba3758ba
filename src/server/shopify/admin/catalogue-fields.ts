/**
 * A store product as the catalogue import reads it (issue 25, ADR 044), whether from a page of
 * `products` or from a bulk export's lines: the fields Shopify answers, and how they become the
 * import's product (src/domain/shopify-catalogue.ts).
 */
import { z } from 'zod';
import type { StoreCatalogueProduct } from '#domain/shopify-catalogue.js';

/** A product's own fields. */
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

/** One of its media (its id is what an alt text update names); video and 3D have no image. */
export const catalogueMediaFields = z.object({
  id: z.string(),
  alt: z.string().nullish(),
  image: z.object({ url: z.string(), altText: z.string().nullish() }).nullish(),
});

export const catalogueVariantFields = z.object({
  price: z.string(),
  sku: z.string().nullish(),
  barcode: z.string().nullish(),
  selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
});

type CatalogueImage = StoreCatalogueProduct['images'][number];
type CatalogueVariant = StoreCatalogueProduct['variants'][number];

/** The product, with its images and variants as read so far. */
export function catalogueProduct(
  node: z.infer<typeof catalogueProductFields>,
  images: CatalogueImage[],
  variants: CatalogueVariant[],
): StoreCatalogueProduct {
  return {
    id: node.id,
    handle: node.handle,
    title: node.title,
    descriptionHtml: node.descriptionHtml ?? '',
    productType: node.productType ?? '',
    status: node.status,
    tags: node.tags,
    category: node.category ?? null,
    seo: { title: node.seo?.title ?? null, description: node.seo?.description ?? null },
    images,
    options: node.options.map((option) => option.name),
    variants,
  };
}

/** The medium's image (its alt text, else the medium's), or null for a video or 3D model. */
export function catalogueImage(media: z.infer<typeof catalogueMediaFields>): CatalogueImage | null {
  return media.image
    ? { mediaId: media.id, url: media.image.url, altText: media.image.altText ?? media.alt ?? null }
    : null;
}

export function catalogueVariant(
  variant: z.infer<typeof catalogueVariantFields>,
): CatalogueVariant {
  return {
    price: variant.price,
    sku: variant.sku ?? null,
    barcode: variant.barcode ?? null,
    selectedOptions: variant.selectedOptions,
  };
}
