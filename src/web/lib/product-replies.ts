/**
 * Replies that carry products (the review's list, a library page). The reply is checked with its
 * products left aside, then the products a slice at a time (sliced-parse.ts), so 100 products do
 * not make one long task. Each product is still checked against the contract's product schema.
 */
import { z } from 'zod';
import type { productSchema } from '#domain/products';
import {
  apiFetch,
  ApiError,
  GENERIC_ERROR_MESSAGE,
  INVALID_REPLY,
  type RequestOptions,
} from './api-client';
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

export async function apiFetchWithProducts<Shape extends ProductsShape>(
  path: string,
  schema: z.ZodObject<Shape>,
  options: RequestOptions = {},
): Promise<z.output<z.ZodObject<Shape>>> {
  const reply = (await apiFetch(path, productsAside(schema), options)) as Record<
    string,
    unknown
  > & {
    products: unknown[];
  };
  const products = await parseInSlices(schema.shape.products.element, reply.products);
  if (!products.success) {
    const message = options.fallbackMessage ?? GENERIC_ERROR_MESSAGE;
    throw new ApiError(502, message, INVALID_REPLY, { cause: products.error });
  }
  // The reply as `schema` would parse it: the rest checked by its own schemas, the products by
  // the schema's own item schema; TypeScript cannot relate the spread to a generic shape.
  const parsed: unknown = { ...reply, products: products.data };
  return parsed as z.output<z.ZodObject<Shape>>;
}
