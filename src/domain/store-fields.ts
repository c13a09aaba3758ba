/**
 * 'Update in Shopify' (issue 25, ADR 045): what a connected store last had of a product imported
 * from it, as Shopify holds it (description HTML, raw tags), kept with the product's source. The
 * store import writes it (shopify-catalogue.ts); store-update-plan.ts compares it with the
 * listing. Pure.
 */
import { z } from 'zod';

/**
 * What the store last had. Every field is optional: a field absent is not known (a product
 * imported before the store's fields were kept), and what is not known is never sent.
 */
export const storeFieldsSchema = z
  .object({
    title: z.string(),
    descriptionHtml: z.string(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    tags: z.array(z.string()),
    productType: z.string(),
    /** The store's taxonomy category GID; null when it has none. */
    category: z.string().nullable(),
    /** Its images in order, by media GID, with their alt texts. */
    images: z.array(z.object({ id: z.string(), alt: z.string() })),
  })
  .partial();
export type StoreFields = z.infer<typeof storeFieldsSchema>;

/** The listing's fields an update may send. */
export const STORE_UPDATE_FIELDS = [
  'title',
  'description',
  'seoTitle',
  'seoDescription',
  'tags',
  'category',
  'altText',
] as const;
export type StoreUpdateField = (typeof STORE_UPDATE_FIELDS)[number];

/** A stored value; a malformed one (an old or hand-edited row) counts as nothing known. */
export function parseStoreFields(text: string): StoreFields {
  try {
    return storeFieldsSchema.safeParse(JSON.parse(text)).data ?? {};
  } catch {
    return {};
  }
}
