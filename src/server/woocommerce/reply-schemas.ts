/** The parts of WooCommerce REST API v3 answers publishing reads, as zod schemas. */
import { z } from 'zod';

const imageSchema = z.object({ id: z.number(), src: z.string() });

export const productSchema = z.object({
  id: z.number(),
  sku: z.string(),
  type: z.string(),
  permalink: z.string(),
  images: z.array(imageSchema),
});
export type WooProduct = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

const attributeSchema = z.object({ name: z.string(), option: z.string() });
export const variationSchema = z.object({ id: z.number(), attributes: z.array(attributeSchema) });
export type WooVariation = z.infer<typeof variationSchema>;
export const variationListSchema = z.array(variationSchema);

/** A batch item: the saved record, or `{id, error: {code, message}}` for one that failed. */
const batchItemSchema = z.object({
  id: z.number(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export const batchSchema = z.object({
  create: z.array(batchItemSchema).optional(),
  update: z.array(batchItemSchema).optional(),
  delete: z.array(batchItemSchema).optional(),
});

/** A category or a tag; a tag has no parent (a top-level term, as far as matching goes). */
export const termSchema = z.object({
  id: z.number(),
  name: z.string(),
  parent: z.number().default(0),
});
export const termListSchema = z.array(termSchema);
