/**
 * Replies that carry products (the review's list, a library page). The reply is checked with its
 * products set aside, then the products a slice at a time (sliced-parse.ts), so 100 products do
 * not make one long task. Each product is still checked against the contract's product schema.
 * A reply the same, to the letter, as the last one read is not checked again: the review asks
 * for its list again when its event stream opens, and on a first visit that answer is usually
 * word for word the one it has just read (ADR 057).
 */
import { z } from 'zod';
import type { productSchema } from '#domain/products';
import { apiRequest, invalidReply, readReply, type RequestOptions } from './api-client';
import { parseInSlices } from './sliced-parse';

type ProductsShape = z.core.$ZodShape & { products: z.ZodArray<typeof productSchema> };

/** Each reply schema with its products as unchecked values, made once. */
const withProductsAside = new WeakMap<z.ZodObject, z.ZodObject>();

function productsAside(schema: z.ZodObject): z.ZodObject {
  let aside = withProductsAside.get(schema);
  if (!aside) {
    aside = schema.extend({ products: z.array(z.unknown()) });
    withProductsAside.set(schema, aside);
  }
  return aside;
}

/** The last reply read: its text, the schema it was read with, and what that gave. */
let lastReply: { text: string; schema: z.ZodObject; parsed: unknown } | null = null;

export async function apiFetchWithProducts<Shape extends ProductsShape>(
  path: string,
  schema: z.ZodObject<Shape>,
  options: RequestOptions = {},
): Promise<z.output<z.ZodObject<Shape>>> {
  type Reply = z.output<z.ZodObject<Shape>>;
  const text = await (await apiRequest(path, options)).text();
  // Read-only to every caller (the query cache's data), so the same object can be given again.
  if (lastReply?.text === text && lastReply.schema === schema) return lastReply.parsed as Reply;
  const reply = readReply(text, productsAside(schema), options.fallbackMessage) as Record<
    string,
    unknown
  > & { products: unknown[] };
  const products = await parseInSlices(schema.shape.products.element, reply.products);
  if (!products.success) throw invalidReply(options.fallbackMessage, products.error);
  // The reply as `schema` would parse it: the rest checked by its own schemas, the products by
  // the schema's own item schema; TypeScript cannot relate the spread to a generic shape.
  const parsed: unknown = { ...reply, products: products.data };
  lastReply = { text, schema, parsed };
  return parsed as Reply;
}
