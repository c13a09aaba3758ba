/**
 * Ids and search terms as requests carry them, checked at the route before they reach a query.
 * A control character (NUL above all) is never part of an id or of words a seller searches for,
 * and PostgreSQL refuses a NUL in text outright (a 500 before these schemas); refused here, it
 * answers 400 (issue 28).
 */
import { z } from 'zod';

/** C0 controls, DEL and C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const hasNoControlCharacter = (text: string) => !CONTROL_CHARACTER.test(text);

export const INVALID_ID_MESSAGE = 'Invalid id';
export const INVALID_PRODUCT_ID_MESSAGE = 'Invalid product id';
export const INVALID_SEARCH_MESSAGE = 'Search text cannot contain control characters.';

/** An id the server gave out (a store, a checkout session): printable text of bounded length. */
export function opaqueIdSchema(maxLength: number) {
  return z
    .string({ error: INVALID_ID_MESSAGE })
    .min(1, INVALID_ID_MESSAGE)
    .max(maxLength, INVALID_ID_MESSAGE)
    .refine(hasNoControlCharacter, INVALID_ID_MESSAGE);
}

/** Product ids are random UUIDs, compared in lower case. */
export const productIdSchema = z
  .uuid({ error: INVALID_PRODUCT_ID_MESSAGE })
  .transform((id) => id.toLowerCase());

/** `/api/product/:id` and the like. */
export const productIdParamsSchema = z.object({ id: productIdSchema });

/** Route params naming a store or a checkout session. */
export const opaqueIdParamsSchema = z.object({ id: opaqueIdSchema(255) });
